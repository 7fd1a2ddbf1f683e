import { useState } from 'react';
import { SignaturePad } from '@ark-ui/react';
import { css } from 'styled-system/css';
import { Button } from '../../ui/button';

const styles = {
  column: css({ display: 'grid', gap: '3', justifyItems: 'start', gridTemplateColumns: 'minmax(0, 1fr)' }),
  hint: css({ fontSize: 'sm', color: 'fg.muted' }),
  // 500×200 where there is room; on a narrower screen the same shape, scaled to fit.
  control: css({
    position: 'relative',
    w: 'full',
    maxW: '500px',
    aspectRatio: '5 / 2',
    borderWidth: '2px',
    borderStyle: 'dashed',
    borderColor: 'border.strong',
    borderRadius: 'md',
    bg: 'white',
    touchAction: 'none',
  }),
  guide: css({
    position: 'absolute',
    bottom: '10',
    left: '6',
    right: '6',
    borderBottomWidth: '1px',
    borderColor: 'border.strong',
  }),
  segment: css({ position: 'absolute', inset: '0', w: 'full', h: 'full' }),
  saved: css({
    w: 'full',
    maxW: '500px',
    aspectRatio: '5 / 2',
    objectFit: 'contain',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'md',
    bg: 'white',
  }),
  clear: css({ cursor: 'pointer' }),
};

const isMobile = () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches === true;

/** Step 4: a drawn signature (500×200, stroke 2, 3 on mobile), captured as an image when the pen lifts. */
export function SignatureStep({ value, onChange }: { value: string; onChange: (dataUrl: string) => void }) {
  const [redraw, setRedraw] = useState(value === '');
  if (!redraw && value) {
    return (
      <div className={styles.column}>
        <p className={styles.hint}>Your saved signature:</p>
        <img src={value} alt="Your signature" className={styles.saved} />
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            onChange('');
            setRedraw(true);
          }}
        >
          Clear Signature
        </Button>
      </div>
    );
  }
  return (
    <SignaturePad.Root
      drawing={{ size: isMobile() ? 3 : 2, simulatePressure: false }}
      onDrawEnd={(details) => {
        void details.getDataUrl('image/png').then(onChange);
      }}
      className={styles.column}
    >
      <SignaturePad.Label className={styles.hint}>
        Sign in the box below with your finger, a stylus or the mouse.
      </SignaturePad.Label>
      <SignaturePad.Control className={styles.control} data-testid="signature-pad">
        <SignaturePad.Segment className={styles.segment} />
        <SignaturePad.Guide className={styles.guide} />
      </SignaturePad.Control>
      <SignaturePad.ClearTrigger className={styles.clear} asChild>
        <Button type="button" variant="secondary" onClick={() => onChange('')}>
          Clear Signature
        </Button>
      </SignaturePad.ClearTrigger>
      {value ? <p className={styles.hint}>Signature captured.</p> : null}
    </SignaturePad.Root>
  );
}
