import { useEffect, useRef, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { atMostMessage } from '../../lib/limits';
import { Button } from '../../ui/button';
import { MAX_TYPED_MESSAGE } from './voice-rules';
import type { VoiceSession } from './voice-session';

const styles = {
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
  row: css({ display: 'flex', gap: '2', flexWrap: 'wrap', justifyContent: 'center' }),
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
  note: css({ fontSize: 'sm', color: 'fg.muted', textAlign: 'center', maxW: '28rem' }),
};

/** The call in words: mute, the transcript with feedback on each answer, and a message to type. */
export function ConversationPanel({ voice }: { voice: VoiceSession }) {
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
