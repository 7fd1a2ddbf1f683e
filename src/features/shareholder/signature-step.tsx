import { useEffect, useMemo, useRef, useState } from 'react';
import { SignaturePad, Tabs } from '@ark-ui/react';
import { css } from 'styled-system/css';
import { MAX_CHARS } from '../../lib/limits';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { sameName, typedNameMessage } from './subscription-form';
import { typedSignatureImage } from './typed-signature';
import { isPhone } from '../../lib/viewport';

export type SignatureMethod = 'drawn' | 'typed';

const styles = {
  column: css({ display: 'grid', gap: '3', justifyItems: 'start', gridTemplateColumns: 'minmax(0, 1fr)' }),
  hint: css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' }),
  list: css({
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: '1',
    p: '1',
    w: 'full',
    maxW: '500px',
    bg: 'bg.muted',
    borderRadius: 'lg',
  }),
  trigger: css({
    minW: '0',
    minH: '11',
    px: '2',
    borderRadius: 'md',
    fontSize: 'sm',
    fontWeight: 'semibold',
    color: 'fg.muted',
    overflowWrap: 'anywhere',
    cursor: 'pointer',
    _hover: { color: 'fg' },
    _selected: { bg: 'bg.surface', color: 'primary.text', boxShadow: 'sm' },
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  }),
  content: css({ w: 'full', minW: '0', _focusVisible: { outline: '2px solid', outlineColor: 'focusRing' } }),
  typed: css({ display: 'grid', gap: '3', w: 'full', maxW: '500px', gridTemplateColumns: 'minmax(0, 1fr)' }),
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
  problem: css({ fontSize: 'sm', color: 'danger', overflowWrap: 'anywhere' }),
};

type SignatureStepProps = {
  value: string;
  method: SignatureMethod;
  /** The subscriber's name from step 1: what 'Type your name' starts with, and must be. */
  name: string;
  /** `typedName`: the name typed as the signature (typed only). */
  onChange: (dataUrl: string, method: SignatureMethod, typedName?: string) => void;
  /** Why the saved signature cannot sign (a typed name that is not the step 1 name), if so. */
  problem?: string | undefined;
};

/**
 * Step 4: draw a signature (500×200, stroke 2, 3 on mobile) or type your name, which is drawn in a
 * handwriting-style font as the same kind of image; either is the signature the server hashes.
 * Typing needs no pointer, so the step can be completed by keyboard and screen reader.
 */
export function SignatureStep({ value, method, name, onChange, problem }: SignatureStepProps) {
  const [redraw, setRedraw] = useState(value === '');
  const [tab, setTab] = useState<SignatureMethod>(method);
  // After 'Clear Signature' the typed field starts empty: the prefilled name would sign again at once.
  const [cleared, setCleared] = useState(false);
  if (!redraw && value) {
    return (
      <div className={styles.column}>
        <p className={styles.hint}>
          {method === 'typed' ? 'Your saved signature (your name, typed):' : 'Your saved signature:'}
        </p>
        <img
          src={value}
          alt={method === 'typed' ? 'Your typed signature' : 'Your signature'}
          className={styles.saved}
        />
        {problem ? (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        ) : null}
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            onChange('', method);
            setCleared(true);
            setRedraw(true);
          }}
        >
          Clear Signature
        </Button>
      </div>
    );
  }
  return (
    <Tabs.Root
      value={tab}
      onValueChange={({ value: next }) => {
        setTab(next as SignatureMethod);
        // A signature made the other way is not this one; the way chosen is recorded either way.
        onChange('', next as SignatureMethod);
      }}
      // A hidden pad would keep its strokes after the signature was dropped: each way mounts anew.
      lazyMount
      unmountOnExit
      className={styles.column}
    >
      <Tabs.List className={styles.list} aria-label="How to sign">
        <Tabs.Trigger value="drawn" className={styles.trigger}>
          Draw
        </Tabs.Trigger>
        <Tabs.Trigger value="typed" className={styles.trigger}>
          Type your name
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="drawn" className={styles.content}>
        <DrawnSignature onChange={(dataUrl) => onChange(dataUrl, 'drawn')} />
      </Tabs.Content>
      <Tabs.Content value="typed" className={styles.content}>
        <TypedSignature
          start={cleared ? '' : name}
          expected={name}
          onChange={(dataUrl, typed) => onChange(dataUrl, 'typed', typed)}
        />
      </Tabs.Content>
      {value ? (
        <p className={styles.hint} role="status">
          Signature captured.
        </p>
      ) : null}
    </Tabs.Root>
  );
}

function DrawnSignature({ onChange }: { onChange: (dataUrl: string) => void }) {
  return (
    <SignaturePad.Root
      drawing={{ size: isPhone() ? 3 : 2, simulatePressure: false }}
      onDrawEnd={(details) => {
        void details.getDataUrl('image/png').then(onChange);
      }}
      className={styles.column}
    >
      <SignaturePad.Label className={styles.hint}>
        Sign in the box below with your finger, a stylus or the mouse. Without one, choose ‘Type your name’.
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
    </SignaturePad.Root>
  );
}

function TypedSignature({
  start,
  expected,
  onChange,
}: {
  start: string;
  /** The step 1 name: a typed signature is that name (case and spacing aside). */
  expected: string;
  onChange: (dataUrl: string, typed: string) => void;
}) {
  const [typed, setTyped] = useState(start);
  const image = useMemo(() => (typed.trim() ? typedSignatureImage(typed.trim()) : ''), [typed]);
  const mismatch = typed.trim() !== '' && !sameName(typed, expected) ? typedNameMessage(expected) : undefined;
  // The prefilled name is a signature at once; each change of it, a new one.
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    latest.current(image, typed.trim());
  }, [image, typed]);
  return (
    <div className={styles.typed}>
      <TextField
        label="Type your full name"
        value={typed}
        maxLength={MAX_CHARS.name}
        autoComplete="name"
        error={mismatch}
        onChange={(e) => setTyped(e.target.value)}
      />
      <p className={styles.hint}>
        Your typed name is your signature, with the same legal effect as a drawn one. It is shown below as it will
        appear on the agreement.
      </p>
      {image ? <img src={image} alt={`Signature: ${typed.trim()}`} className={styles.saved} /> : null}
    </div>
  );
}
