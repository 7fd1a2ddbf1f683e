import { Switch } from '@ark-ui/react';
import { css } from 'styled-system/css';

const styles = {
  root: css({ display: 'flex', alignItems: 'flex-start', gap: '3', cursor: 'pointer' }),
  control: css({
    flexShrink: '0',
    mt: '0.5',
    w: '11',
    h: '6',
    p: '0.5',
    borderRadius: 'full',
    bg: 'gray.400',
    display: 'inline-flex',
    transition: 'background 0.15s',
    _checked: { bg: 'primary' },
    '[data-focus-visible] > &': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  }),
  thumb: css({
    w: '5',
    h: '5',
    borderRadius: 'full',
    bg: 'white',
    boxShadow: 'sm',
    transition: 'translate 0.15s',
    _checked: { translate: '1.25rem 0' },
  }),
  text: css({ display: 'grid', gap: '0.5' }),
  label: css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg' }),
  hint: css({ fontSize: 'sm', color: 'fg.muted' }),
};

/** 'Enable auto-reply', with what the switch's position means in words. */
export function AutoReplySwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Switch.Root
      className={styles.root}
      checked={checked}
      onCheckedChange={({ checked: next }) => onChange(next)}
      name="enabled"
    >
      <Switch.Control className={styles.control}>
        <Switch.Thumb className={styles.thumb} />
      </Switch.Control>
      <span className={styles.text}>
        <Switch.Label className={styles.label}>Enable auto-reply</Switch.Label>
        <span className={styles.hint}>
          {checked ? 'On: new emails get a reply from Chloe.' : 'Off: Chloe does not read or answer your email.'}
        </span>
      </span>
      {/* A switch to assistive technology too (Ark draws a hidden checkbox). */}
      <Switch.HiddenInput role="switch" />
    </Switch.Root>
  );
}
