import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { atMostMessage } from '../../lib/limits';
import { Button, spinner } from '../../ui/button';
import { AUTO_START_DELAY_MS, MAX_TYPED_MESSAGE, shouldAutoStart, voiceButtonLabel } from './voice-rules';
import { useVoice, type VoiceSession } from './voice-session';

const styles = {
  wrap: css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '4', w: 'full' }),
  stage: css({ position: 'relative', display: 'grid', placeItems: 'center', w: '44', h: '44' }),
  ring: css({
    position: 'absolute',
    inset: '0',
    borderRadius: 'full',
    bg: 'primary/20',
    transform: 'scale(calc(0.8 + var(--voice-level, 0) * 0.4))',
    transition: 'transform 0.1s linear',
  }),
  button: css({
    position: 'relative',
    w: '36',
    h: '36',
    borderRadius: 'full',
    bg: 'primary',
    color: 'fg.onBrand',
    fontWeight: 'semibold',
    fontSize: 'sm',
    lineHeight: 'tight',
    px: '3',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    textAlign: 'center',
    overflowWrap: 'anywhere',
    cursor: 'pointer',
    boxShadow: 'lg',
    _hover: { bg: 'primary.hover' },
    _focusVisible: { outline: '3px solid', outlineColor: 'focusRing', outlineOffset: '3px' },
    _disabled: { opacity: 0.7, cursor: 'not-allowed' },
    '&[data-phase=connected]': { bg: 'danger', _hover: { bg: 'danger.hover' } },
  }),
  spinner: css({
    w: '5',
    h: '5',
    borderRadius: 'full',
    borderWidth: '2px',
    borderColor: 'currentColor',
    borderTopColor: 'transparent',
    animation: 'spin',
  }),
  note: css({ fontSize: 'sm', color: 'fg.muted', textAlign: 'center', maxW: '28rem' }),
  panel: css({
    w: 'full',
    maxW: '36rem',
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
    bg: 'bg.surface',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
    p: '4',
    textAlign: 'left',
  }),
  lines: css({ display: 'flex', flexDirection: 'column', gap: '2', maxH: '64', overflowY: 'auto', listStyle: 'none' }),
  line: css({ fontSize: 'sm', overflowWrap: 'anywhere' }),
  who: css({ fontWeight: 'semibold', mr: '1' }),
  feedback: css({ display: 'flex', gap: '2', mt: '1', flexWrap: 'wrap', alignItems: 'center' }),
  form: css({ display: 'flex', gap: '2', alignItems: 'flex-end', flexWrap: 'wrap' }),
  field: css({ display: 'flex', flexDirection: 'column', gap: '1', flex: '1', minW: '0' }),
  input: css({
    h: '10',
    px: '3',
    borderWidth: '1px',
    borderColor: 'border.strong',
    borderRadius: 'md',
    bg: 'bg.surface',
    w: 'full',
  }),
  label: css({ fontSize: 'sm', fontWeight: 'medium' }),
  hidden: css({ srOnly: true }),
  bar: css({
    position: 'fixed',
    insetX: '0',
    bottom: '0',
    zIndex: 'sticky',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexWrap: 'wrap',
    gap: '3',
    px: '4',
    py: '3',
    bg: 'bg.surface',
    borderTopWidth: '1px',
    borderColor: 'border',
    boxShadow: 'lg',
  }),
  barText: css({ fontSize: 'sm', fontWeight: 'medium', overflowWrap: 'anywhere' }),
  row: css({ display: 'flex', gap: '2', flexWrap: 'wrap', justifyContent: 'center' }),
};

type VoiceButtonProps = {
  /** ?voice=true or an autoStart option (spec §4). */
  autoStart?: boolean;
  /** Whether the signed-in user's local data is open (auto-start waits for it). */
  userDataLoaded?: boolean;
  /** What the page says under the button ('Click above to talk with …'). */
  caption?: ReactNode;
  /** Called once the auto-start was used (or overtaken by a click), e.g. to drop ?voice=true. */
  onAutoStartUsed?: () => void;
  className?: string;
};

/** The voice button of spec §2 with the session around it: level, mute, transcript, typing. */
export function VoiceButton({
  autoStart = false,
  userDataLoaded = false,
  caption,
  onAutoStartUsed,
  className,
}: VoiceButtonProps) {
  const voice = useVoice();
  useAutoStart(voice, autoStart, userDataLoaded, onAutoStartUsed);
  const { registerControl } = voice;
  useEffect(registerControl, [registerControl]);
  const { persona, phase, mode, busy, level, online } = voice;
  const label = voiceButtonLabel(phase, mode, persona.name);
  const { offlineMessage } = voice;
  return (
    <div className={cx(styles.wrap, className)}>
      <div className={styles.stage} style={{ ['--voice-level' as string]: level.toFixed(2) }}>
        <span aria-hidden="true" className={styles.ring} />
        <button
          type="button"
          className={styles.button}
          data-phase={phase}
          data-mode={mode}
          data-level={level.toFixed(2)}
          aria-busy={busy || undefined}
          aria-describedby={offlineMessage ? 'voice-offline' : undefined}
          disabled={voice.blocked}
          onClick={voice.toggle}
          onPointerEnter={voice.prepare}
          onFocus={voice.prepare}
          onTouchStart={voice.prepare}
        >
          {busy ? <span aria-hidden="true" className={styles.spinner} /> : <MicIcon />}
          {label}
        </button>
      </div>
      {caption}
      <p role="status" className={styles.hidden}>
        {phase === 'connected' ? `Connected to ${persona.name}${voice.textOnly ? ' by text' : ''}` : ''}
      </p>
      {offlineMessage ? (
        <p id="voice-offline" className={styles.note}>
          {offlineMessage}
        </p>
      ) : null}
      {phase === 'disconnected' && voice.micProblem && online ? <MicrophoneHelp voice={voice} /> : null}
      {phase === 'connected' || voice.transcript.length > 0 ? <ConversationPanel voice={voice} /> : null}
    </div>
  );
}

function MicrophoneHelp({ voice }: { voice: VoiceSession }) {
  const name = voice.persona.name;
  return (
    <div className={styles.row}>
      <p className={styles.note}>
        {voice.micProblem === 'refused'
          ? `${name} can't hear you: this browser has blocked the microphone. Allow it in the site settings, or type instead.`
          : `No microphone was found. You can type to ${name} instead.`}
      </p>
      <Button variant="secondary" onClick={() => voice.start({ textOnly: true })}>
        Type to {name} instead
      </Button>
    </div>
  );
}

function ConversationPanel({ voice }: { voice: VoiceSession }) {
  const { persona, transcript, phase } = voice;
  const [draft, setDraft] = useState('');
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    // The newest line in view inside the list, without moving the page the reader is on.
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [transcript.length]);
  const connected = phase === 'connected';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (voice.sendMessage(draft)) setDraft('');
  };
  return (
    <section className={styles.panel} aria-label={`Conversation with ${persona.name}`}>
      {connected && !voice.textOnly ? (
        <div className={styles.row}>
          <Button variant="secondary" size="sm" aria-pressed={voice.muted} onClick={() => voice.setMuted(!voice.muted)}>
            {voice.muted ? 'Unmute microphone' : 'Mute microphone'}
          </Button>
        </div>
      ) : null}
      <ol ref={list} className={styles.lines} aria-live="polite" aria-label="Transcript">
        {transcript.map((line) => (
          <li key={line.key} className={styles.line} data-role={line.role}>
            <span className={styles.who}>{line.role === 'agent' ? `${persona.name}:` : 'You:'}</span>
            {line.text}
            {line.role === 'agent' && line.eventId !== undefined && connected ? (
              <Feedback voice={voice} eventId={line.eventId} />
            ) : null}
          </li>
        ))}
      </ol>
      {connected ? (
        <form className={styles.form} onSubmit={submit}>
          <label className={styles.field}>
            <span className={styles.label}>Message to {persona.name}</span>
            <input
              className={styles.input}
              value={draft}
              maxLength={MAX_TYPED_MESSAGE}
              aria-describedby={draft.length >= MAX_TYPED_MESSAGE ? 'voice-message-limit' : undefined}
              onChange={(event) => setDraft(event.target.value)}
              autoComplete="off"
            />
            {draft.length >= MAX_TYPED_MESSAGE ? (
              <span id="voice-message-limit" className={styles.note}>
                {atMostMessage(MAX_TYPED_MESSAGE)}
              </span>
            ) : null}
          </label>
          <Button type="submit" disabled={!draft.trim()}>
            Send
          </Button>
        </form>
      ) : null}
    </section>
  );
}

function Feedback({ voice, eventId }: { voice: VoiceSession; eventId: number }) {
  const given = voice.rated.get(eventId);
  if (given !== undefined) {
    return (
      <span className={styles.feedback}>
        <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          Thanks: marked {given ? 'helpful' : 'not helpful'}.
        </span>
      </span>
    );
  }
  return (
    <span className={styles.feedback}>
      <Button variant="ghost" size="sm" onClick={() => voice.rate(eventId, true)}>
        Helpful
      </Button>
      <Button variant="ghost" size="sm" onClick={() => voice.rate(eventId, false)}>
        Not helpful
      </Button>
    </span>
  );
}

/** The header's voice-chat button: the same call as the page's; on phones only its icon shows. */
export function HeaderVoiceButton() {
  const voice = useVoice();
  const { phase, mode, persona, busy, registerControl } = voice;
  useEffect(registerControl, [registerControl]);
  return (
    <Button
      variant={phase === 'connected' ? 'destructive' : 'secondary'}
      size="sm"
      aria-busy={busy || undefined}
      // 'Connecting...' stays pressable: it cancels the start.
      disabled={voice.blocked}
      title={voice.offlineMessage ?? undefined}
      onClick={voice.toggle}
      onPointerEnter={voice.prepare}
      onFocus={voice.prepare}
      onTouchStart={voice.prepare}
    >
      {busy ? <span aria-hidden="true" className={spinner} /> : <MicIcon size={16} />}
      <span className={css({ srOnly: { base: true, md: false } })}>{voiceButtonLabel(phase, mode, persona.name)}</span>
    </Button>
  );
}

/** With no voice control on the page, a live call still shows, and can be ended, at the bottom. */
export function VoiceCallBar() {
  const voice = useVoice();
  const { phase, mode, persona, controls, busy } = voice;
  if (phase === 'disconnected' || controls > 0) return null;
  return (
    <section className={styles.bar} aria-label={`Call with ${persona.name}`}>
      <span className={styles.barText}>
        {phase === 'connecting'
          ? 'Connecting...'
          : mode === 'speaking'
            ? `${persona.name} is speaking...`
            : `In a call with ${persona.name}`}
      </span>
      <Button
        variant="destructive"
        size="sm"
        disabled={phase === 'disconnecting'}
        aria-busy={busy || undefined}
        onClick={voice.end}
      >
        End Voice Call
      </Button>
    </section>
  );
}

/**
 * Spec §4: once, AUTO_START_DELAY_MS after the conditions first hold. A call started or ended by
 * hand in the meantime uses it up: ending a call never starts another.
 */
function useAutoStart(
  voice: VoiceSession,
  requested: boolean,
  userDataLoaded: boolean,
  onUsed: (() => void) | undefined,
) {
  const [done, setDone] = useState(false);
  const { start, phase } = voice;
  // A call started (or ended) by hand uses the auto-start up: derived while rendering, React's way.
  if (requested && !done && phase !== 'disconnected') setDone(true);
  const ready =
    !done && shouldAutoStart({ requested, phase, userDataLoaded, signedIn: voice.signedIn }) && voice.online;
  const used = useRef(onUsed);
  useEffect(() => {
    used.current = onUsed;
  }, [onUsed]);
  useEffect(() => {
    if (requested && done) used.current?.();
  }, [requested, done]);
  useEffect(() => {
    if (!ready) return;
    const timer = window.setTimeout(() => {
      setDone(true);
      start();
    }, AUTO_START_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready, start]);
}

function MicIcon({ size = 28 }: { size?: number }) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="9" y="2" width="6" height="12" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v4" strokeLinecap="round" />
    </svg>
  );
}
