import type { ReactNode } from 'react';
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

type QuestionProps = {
  def: FieldDef;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Why this answer is not saved (bad input, or the server refused it). */
  error?: string | null | undefined;
};

/** What every kind draws besides its input: the label (starred when marked), and the problem below. */
type KindProps = QuestionProps & { label: ReactNode; problem: ReactNode; maxLength: number | undefined };

/** One question of the assessment, drawn by its kind: text, yes/no, one choice, many, tools. */
export function Question(props: QuestionProps) {
  const { def, value, error } = props;
  const errorId = `q-${def.name}-error`;
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
  const kind = { ...props, label, problem, maxLength };
  if (def.kind === 'yesno' || def.kind === 'choice') return <ChoiceQuestion {...kind} />;
  if (def.kind === 'multi') return <MultiQuestion {...kind} />;
  if (def.kind === 'tools') return <ToolsQuestion {...kind} />;
  return <TextQuestion {...kind} describedBy={error || full ? errorId : undefined} />;
}

/** The kinds answered by picking or by several inputs: one fieldset, named by its legend. */
function QuestionFieldset({ label, problem, children }: { label: ReactNode; problem: ReactNode; children: ReactNode }) {
  return (
    <fieldset className={styles.field}>
      <legend className={styles.label}>{label}</legend>
      {children}
      {problem}
    </fieldset>
  );
}

function ChoiceQuestion({ def, value, onChange, label, problem }: KindProps) {
  const options: [string, string][] = def.kind === 'yesno' ? YES_NO : (def.options ?? []).map((o) => [o, o]);
  return (
    <QuestionFieldset label={label} problem={problem}>
      <div className={styles.options} role="radiogroup" aria-label={def.label}>
        {options.map(([v, text]) => (
          <label key={v} className={styles.option}>
            <input type="radio" name={def.name} value={v} checked={value === v} onChange={() => onChange(v)} />
            {text}
          </label>
        ))}
      </div>
    </QuestionFieldset>
  );
}

function MultiQuestion({ def, value, onChange, label, problem }: KindProps) {
  const selected = (value as string[]) ?? [];
  return (
    <QuestionFieldset label={label} problem={problem}>
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
    </QuestionFieldset>
  );
}

function ToolsQuestion({ def, value, onChange, label, problem, maxLength }: KindProps) {
  const tools = value as string[];
  return (
    <QuestionFieldset label={label} problem={problem}>
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
    </QuestionFieldset>
  );
}

/** A text, email, number-of-offices or long answer: one labelled input. */
function TextQuestion({
  def,
  value,
  onChange,
  error,
  label,
  problem,
  maxLength,
  describedBy,
}: KindProps & { describedBy: string | undefined }) {
  const id = `q-${def.name}`;
  // Only one of the two is drawn; the hooks run for both.
  const inputRef = useWholeSelectionKept<HTMLInputElement>(value);
  const areaRef = useWholeSelectionKept<HTMLTextAreaElement>(value);
  const common = {
    id,
    name: def.name,
    className: styles.input,
    value: typeof value === 'string' ? value : '',
    maxLength,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
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
