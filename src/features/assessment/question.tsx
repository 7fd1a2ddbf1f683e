import { css } from 'styled-system/css';
import { TOOL_CATEGORIES } from '../../lib/assessment-options';
import { atMostMessage } from '../../lib/limits';
import { useWholeSelectionKept } from '../../ui/keep-selection';
import { maxLengthOf, type FieldDef } from './fields';

const styles = {
  field: css({ display: 'grid', gap: '2', border: 'none', p: '0', m: '0' }),
  label: css({ fontSize: 'sm', fontWeight: 'semibold' }),
  input: css({
    minH: '11',
    px: '3',
    py: '2',
    fontSize: 'md',
    bg: 'bg.surface',
    borderWidth: '1px',
    borderColor: 'border.strong',
    borderRadius: 'md',
    w: 'full',
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '1px' },
  }),
  options: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '2' }),
  option: css({
    display: 'flex',
    gap: '2',
    alignItems: 'center',
    p: '3',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'md',
    cursor: 'pointer',
    minH: '11',
    '&:has(input:checked)': { borderColor: 'primary', bg: 'primary.subtle' },
    '& input': { w: '5', h: '5', accentColor: 'var(--colors-primary)' },
  }),
  tools: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '3' }),
  error: css({ fontSize: 'sm', color: 'danger', fontWeight: 'medium' }),
  hint: css({ fontSize: 'sm', color: 'fg.muted' }),
  star: css({ color: 'danger', ml: '0.5' }),
};

const YES_NO: [string, string][] = [
  ['yes', 'Yes'],
  ['no', 'No'],
];

/** One question of the assessment, drawn by its kind: text, yes/no, one choice, many, tools. */
export function Question({
  def,
  value,
  onChange,
  error,
}: {
  def: FieldDef;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Why this answer is not saved (bad input, or the server refused it). */
  error?: string | null | undefined;
}) {
  const id = `q-${def.name}`;
  const errorId = `${id}-error`;
  // Only the text kinds draw one of these; the hooks run for every kind.
  const inputRef = useWholeSelectionKept<HTMLInputElement>(value);
  const areaRef = useWholeSelectionKept<HTMLTextAreaElement>(value);
  const maxLength = maxLengthOf(def);
  // A full answer says why it takes no more (a long paste is cut off at maxLength without a word).
  const full =
    maxLength !== undefined &&
    (Array.isArray(value) ? value : [value]).some((v) => typeof v === 'string' && v.length >= maxLength);
  const problem = error ? (
    <p id={errorId} className={styles.error} role="alert">
      {error}
    </p>
  ) : full ? (
    <p id={errorId} className={styles.hint}>
      {atMostMessage(maxLength)}
    </p>
  ) : null;
  const label = (
    <>
      {def.label}
      {def.marked ? (
        <span className={styles.star} aria-hidden="true">
          *
        </span>
      ) : null}
    </>
  );

  if (def.kind === 'yesno' || def.kind === 'choice') {
    const options: [string, string][] = def.kind === 'yesno' ? YES_NO : (def.options ?? []).map((o) => [o, o]);
    return (
      <fieldset className={styles.field}>
        <legend className={styles.label}>{label}</legend>
        <div className={styles.options} role="radiogroup" aria-label={def.label}>
          {options.map(([v, text]) => (
            <label key={v} className={styles.option}>
              <input type="radio" name={def.name} value={v} checked={value === v} onChange={() => onChange(v)} />
              {text}
            </label>
          ))}
        </div>
        {problem}
      </fieldset>
    );
  }
  if (def.kind === 'multi') {
    const selected = (value as string[]) ?? [];
    return (
      <fieldset className={styles.field}>
        <legend className={styles.label}>{label}</legend>
        <div className={styles.options}>
          {(def.options ?? []).map((option) => (
            <label key={option} className={styles.option}>
              <input
                type="checkbox"
                name={def.name}
                value={option}
                checked={selected.includes(option)}
                onChange={(event) =>
                  onChange(event.target.checked ? [...selected, option] : selected.filter((o) => o !== option))
                }
              />
              {option}
            </label>
          ))}
        </div>
        {problem}
      </fieldset>
    );
  }
  if (def.kind === 'tools') {
    const tools = value as string[];
    return (
      <fieldset className={styles.field}>
        <legend className={styles.label}>{label}</legend>
        <div className={styles.tools}>
          {TOOL_CATEGORIES.map((category, i) => (
            <label key={category} className={styles.field}>
              <span className={css({ fontSize: 'sm' })}>{category}</span>
              <input
                className={styles.input}
                name={def.name}
                maxLength={maxLength}
                value={tools[i] ?? ''}
                onChange={(event) => onChange(tools.map((t, j) => (j === i ? event.target.value : t)))}
              />
            </label>
          ))}
        </div>
        {problem}
      </fieldset>
    );
  }
  const common = {
    id,
    name: def.name,
    className: styles.input,
    value: typeof value === 'string' ? value : '',
    maxLength,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || full ? errorId : undefined,
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {def.kind === 'textarea' ? (
        <textarea ref={areaRef} {...common} rows={4} />
      ) : (
        <input
          ref={inputRef}
          {...common}
          type={def.kind === 'offices' ? 'text' : def.kind}
          inputMode={def.kind === 'offices' ? 'numeric' : undefined}
          aria-required={def.marked ? true : undefined}
        />
      )}
      {problem}
    </div>
  );
}
