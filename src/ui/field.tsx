import type { ComponentProps } from 'react';
import { Field } from '@ark-ui/react';
import { css } from 'styled-system/css';
import { atMostMessage } from '../lib/limits';

export type TextFieldProps = Omit<ComponentProps<'input'>, 'className'> & {
  label: string;
  /** Shown under the input; also marks the input invalid (aria-invalid, aria-describedby). */
  error?: string | undefined;
};

const styles = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '1.5' }),
  label: css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg' }),
  input: css({
    h: '11',
    px: '3',
    fontSize: 'md',
    bg: 'bg.surface',
    color: 'fg',
    borderWidth: '1px',
    borderColor: 'border.strong',
    borderRadius: 'md',
    _placeholder: { color: 'fg.subtle' },
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '1px' },
    // Only Ark's data-invalid, not :invalid: an empty required input is "invalid" before anyone typed.
    '&[data-invalid]': { borderColor: 'danger' },
  }),
  error: css({ fontSize: 'sm', color: 'danger' }),
  hint: css({ fontSize: 'sm', color: 'fg.muted' }),
};

/** A labelled input with its error text, wired up by Ark UI's Field. */
export function TextField({ label, error, required, disabled, ...inputProps }: TextFieldProps) {
  const { maxLength, value } = inputProps;
  // A full field says why it takes no more (a long paste is cut off at maxLength without a word).
  const full = maxLength !== undefined && typeof value === 'string' && value.length >= maxLength;
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled} className={styles.root}>
      <Field.Label className={styles.label}>{label}</Field.Label>
      <Field.Input className={styles.input} {...inputProps} />
      {full && !error ? <Field.HelperText className={styles.hint}>{atMostMessage(maxLength)}</Field.HelperText> : null}
      <Field.ErrorText className={styles.error}>{error}</Field.ErrorText>
    </Field.Root>
  );
}
