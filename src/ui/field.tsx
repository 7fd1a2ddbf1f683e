import type { ComponentProps, ReactNode } from 'react';
import { Field } from '@ark-ui/react';
import { css, cx } from 'styled-system/css';
import { atMostMessage } from '../lib/limits';
import { useWholeSelectionKept } from './keep-selection';

export type TextFieldProps = Omit<ComponentProps<'input'>, 'className'> & {
  label: string;
  /** Shown under the input; also marks the input invalid (aria-invalid, aria-describedby). */
  error?: string | undefined;
};

const styles = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '1.5', minW: '0' }),
  label: css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg' }),
  control: css({
    w: 'full',
    minH: '11',
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
  textarea: css({ py: '2', resize: 'vertical', fontFamily: 'body' }),
  error: css({ fontSize: 'sm', color: 'danger' }),
  hint: css({ fontSize: 'sm', color: 'fg.muted' }),
  check: css({
    display: 'flex',
    gap: '3',
    alignItems: 'flex-start',
    cursor: 'pointer',
    fontSize: 'sm',
    '& input': { mt: '0.5', w: '5', h: '5', flexShrink: '0', accentColor: 'var(--colors-primary)' },
  }),
};

/** Said under a field that is full, so a cut-off paste is explained; null while it is not. */
function fullMessage(maxLength: number | undefined, value: unknown): string | null {
  return maxLength !== undefined && typeof value === 'string' && value.length >= maxLength
    ? atMostMessage(maxLength)
    : null;
}

/** A labelled input with its error text, wired up by Ark UI's Field. */
export function TextField({ label, error, required, disabled, ...inputProps }: TextFieldProps) {
  // A full field says why it takes no more (a long paste is cut off at maxLength without a word).
  // Beside an error too: a paste cut to a phone's 40 characters is also not a phone number.
  const full = fullMessage(inputProps.maxLength, inputProps.value);
  const ref = useWholeSelectionKept<HTMLInputElement>(inputProps.value);
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled} className={styles.root}>
      <Field.Label className={styles.label}>{label}</Field.Label>
      <Field.Input ref={ref} className={styles.control} {...inputProps} />
      {full && full !== error ? <Field.HelperText className={styles.hint}>{full}</Field.HelperText> : null}
      <Field.ErrorText className={styles.error}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

export type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'className'> & {
  label: string;
  error?: string | undefined;
  /** Shown under the textarea (after the 'At most …' of a full one). */
  hint?: ReactNode;
  className?: string;
};

/** A labelled textarea with its hint and error text, wired up by Ark UI's Field. */
export function TextAreaField({ label, error, hint, required, disabled, className, ...areaProps }: TextAreaFieldProps) {
  const full = fullMessage(areaProps.maxLength, areaProps.value);
  const said = full === error ? null : full;
  const ref = useWholeSelectionKept<HTMLTextAreaElement>(areaProps.value);
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled} className={styles.root}>
      <Field.Label className={styles.label}>{label}</Field.Label>
      <Field.Textarea ref={ref} className={cx(styles.control, styles.textarea, className)} {...areaProps} />
      {said || hint ? (
        <Field.HelperText className={styles.hint}>
          {said && hint ? `${said}. ` : said}
          {hint}
        </Field.HelperText>
      ) : null}
      <Field.ErrorText className={styles.error}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

export type SelectFieldProps = Omit<ComponentProps<'select'>, 'className' | 'children'> & {
  label: string;
  error?: string | undefined;
  /** The choices, after an empty first one that says `placeholder` (none without it). */
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
};

/** A labelled select with its error text, wired up by Ark UI's Field. */
export function SelectField({
  label,
  error,
  required,
  disabled,
  options,
  placeholder,
  ...selectProps
}: SelectFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled} className={styles.root}>
      <Field.Label className={styles.label}>{label}</Field.Label>
      <Field.Select className={styles.control} {...selectProps}>
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Field.Select>
      <Field.ErrorText className={styles.error}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

export type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'className' | 'type'> & { label: ReactNode };

/** A checkbox with its words beside it; the whole line toggles it. */
export function CheckboxField({ label, ...inputProps }: CheckboxFieldProps) {
  return (
    <label className={styles.check}>
      <input type="checkbox" {...inputProps} />
      <span>{label}</span>
    </label>
  );
}
