import { useEffect, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { Button } from '../../ui/button';
import { ConversationPanel } from './conversation-panel';
import { MicIcon } from './mic-icon';
import { useAutoStart } from './use-auto-start';
import { voiceButtonLabel } from './voice-rules';
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
  hidden: css({ srOnly: true }),
  row: css({ display: 'flex', gap: '2', flexWrap: 'wrap', justifyContent: 'center' }),
};

type VoiceButtonProps = {
  /** ?voice=true or an autoStart option: start a call by itself once the user's data is open. */
  autoStart?: boolean;
  /** Whether the signed-in user's local data is open (auto-start waits for it). */
  userDataLoaded?: boolean;
  /** What the page says under the button ('Click above to talk with …'). */
  caption?: ReactNode;
  /** Called once the auto-start was used (or overtaken by a click), e.g. to drop ?voice=true. */
  onAutoStartUsed?: () => void;
  className?: string;
};

/** The page's big voice button with the session around it: level, mute, transcript, typing. */
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
