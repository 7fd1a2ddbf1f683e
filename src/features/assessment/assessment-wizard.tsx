import { useState, type ReactNode } from 'react';
import { Progress } from '@ark-ui/react';
import { useForm, useStore } from '@tanstack/react-form';
import { css } from 'styled-system/css';
import { saveAnswers, type AssessmentData } from '../../data/assessment-data';
import { TOOL_CATEGORIES } from '../../lib/assessment-options';
import type { AgentAssessmentDoc } from '../../data/schemas';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { ASSESSMENT_STEPS, padTools, parseOffices, progressPercent } from './assessment';
import { STEP_FIELDS, type AnswerKey, type FieldDef } from './fields';

type Answers = Record<AnswerKey, unknown>;

const styles = {
  root: css({ display: 'grid', gap: '5' }),
  progress: css({ display: 'grid', gap: '2' }),
  progressTop: css({ display: 'flex', justifyContent: 'space-between', fontSize: 'sm', color: 'fg.muted' }),
  track: css({ h: '2', bg: 'bg.muted', borderRadius: 'full', overflow: 'hidden' }),
  range: css({ h: 'full', bg: 'primary', transition: 'width 0.3s' }),
  card: css({
    bg: 'bg.surface',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'xl',
    p: { base: '5', md: '8' },
    display: 'grid',
    gap: '5',
  }),
  title: css({ fontFamily: 'heading', fontSize: 'xl', fontWeight: 'bold' }),
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
  nav: css({ display: 'flex', justifyContent: 'space-between', gap: '3' }),
  star: css({ color: 'danger', ml: '0.5' }),
};

const YES_NO: [string, string][] = [
  ['yes', 'Yes'],
  ['no', 'No'],
];

function initialAnswers(doc: AgentAssessmentDoc): Answers {
  const answers = {} as Answers;
  for (const def of STEP_FIELDS.flat()) {
    const value = doc[def.name];
    if (def.kind === 'offices') answers[def.name] = value === null || value === undefined ? '' : String(value);
    else if (def.kind === 'tools') answers[def.name] = padTools(value as string[] | undefined);
    else if (def.kind === 'multi') answers[def.name] = (value as string[] | undefined) ?? [];
    else answers[def.name] = value ?? (def.name === 'ai_assistant_name' ? 'Chloe' : '');
  }
  return answers;
}

/** What the database stores for a field's form value. */
function stored(def: FieldDef, value: unknown): unknown {
  if (def.kind === 'offices') return parseOffices(String(value));
  if (def.kind === 'tools') return padTools(value as string[]);
  if (def.kind === 'multi') return value;
  const text = String(value ?? '');
  return text.trim() === '' ? null : text;
}

type WizardProps = { data: AssessmentData; doc: AgentAssessmentDoc; syncStatus?: ReactNode };

/** The seven steps. Every answer is saved on this device as it is entered. */
export function AssessmentWizard({ data, doc, syncStatus }: WizardProps) {
  const [step, setStep] = useState(doc.last_step ?? 1);
  const [submitting, setSubmitting] = useState(false);
  const [initial] = useState(() => initialAnswers(doc));
  const form = useForm({ defaultValues: initial });
  const answers = useStore(form.store, (s) => s.values);

  const save = (patch: Partial<AgentAssessmentDoc>) =>
    saveAnswers(data, doc.id, patch).catch((error: unknown) => {
      console.error(error);
      toast.error('Error', 'Failed to save progress. Please try again.');
      throw error;
    });

  const answer = (def: FieldDef, value: unknown) => {
    form.setFieldValue(def.name, value as never);
    void save({ [def.name]: stored(def, value) } as Partial<AgentAssessmentDoc>).catch(() => undefined);
  };

  async function go(to: number) {
    try {
      await save({ last_step: to });
      setStep(to);
      window.scrollTo?.({ top: 0 });
    } catch {
      // The toast said so; stay on this step.
    }
  }

  async function submit() {
    setSubmitting(true);
    try {
      await save({ status: 'completed', completed_at: new Date().toISOString(), last_step: ASSESSMENT_STEPS.length });
      toast.success(
        'Assessment Completed!',
        'Thank you for completing the assessment. Our team will be in touch soon to set up your customized Chloe.',
      );
    } catch {
      // 'Failed to save progress' was shown; the answers are still on this device.
    } finally {
      setSubmitting(false);
    }
  }

  const percent = progressPercent(step);
  const fields = STEP_FIELDS[step - 1]!.filter((def) => !def.when || def.when(storedAnswers(answers)));

  return (
    <div className={styles.root}>
      <Progress.Root value={percent} className={styles.progress}>
        <div className={styles.progressTop}>
          <Progress.Label>
            Step {step} of {ASSESSMENT_STEPS.length}: {ASSESSMENT_STEPS[step - 1]}
          </Progress.Label>
          <Progress.ValueText>{percent}%</Progress.ValueText>
        </div>
        <Progress.Track className={styles.track}>
          <Progress.Range className={styles.range} />
        </Progress.Track>
      </Progress.Root>
      {syncStatus}
      <form
        className={styles.card}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step === ASSESSMENT_STEPS.length) void submit();
          else void go(step + 1);
        }}
      >
        <h2 className={styles.title}>{ASSESSMENT_STEPS[step - 1]}</h2>
        {fields.map((def) => (
          <Question key={def.name} def={def} value={answers[def.name]} onChange={(v) => answer(def, v)} />
        ))}
        <div className={styles.nav}>
          <Button type="button" variant="secondary" disabled={step === 1} onClick={() => void go(step - 1)}>
            Previous
          </Button>
          {step < ASSESSMENT_STEPS.length ? (
            <Button type="submit">Next</Button>
          ) : (
            <Button type="submit" busy={submitting}>
              Submit Assessment
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}

function storedAnswers(answers: Answers): Partial<AgentAssessmentDoc> {
  const v = answers.uses_mobile_devices;
  return { uses_mobile_devices: v === 'yes' || v === 'no' ? v : null };
}

function Question({ def, value, onChange }: { def: FieldDef; value: unknown; onChange: (value: unknown) => void }) {
  const id = `q-${def.name}`;
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
                value={tools[i] ?? ''}
                onChange={(event) => onChange(tools.map((t, j) => (j === i ? event.target.value : t)))}
              />
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  const common = {
    id,
    name: def.name,
    className: styles.input,
    value: String(value ?? ''),
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {def.kind === 'textarea' ? (
        <textarea {...common} rows={4} />
      ) : (
        <input
          {...common}
          type={def.kind === 'offices' ? 'text' : def.kind}
          inputMode={def.kind === 'offices' ? 'numeric' : undefined}
          aria-required={def.marked ? true : undefined}
        />
      )}
    </div>
  );
}
