import { css } from 'styled-system/css';
import { Button } from '../../ui/button';
import { useVoice } from './voice-session';

const styles = {
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
};

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
