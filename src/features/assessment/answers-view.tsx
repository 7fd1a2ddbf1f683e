import { css } from 'styled-system/css';
import { TOOL_CATEGORIES } from '../../lib/assessment-options';
import type { AgentAssessmentDoc } from '../../data/schemas';
import { ASSESSMENT_STEPS } from './assessment';
import { STEP_FIELDS, type FieldDef } from './fields';

const styles = {
  root: css({ display: 'grid', gap: '5' }),
  step: css({ display: 'grid', gap: '2' }),
  stepTitle: css({ fontFamily: 'heading', fontWeight: 'bold', fontSize: 'lg' }),
  list: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: '16rem 1fr' },
    gap: '1',
    columnGap: '4',
    '& dt': { color: 'fg.muted', fontSize: 'sm' },
    '& dd': { mb: { base: '2', md: '0' }, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  }),
};

function shown(def: FieldDef, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (def.kind === 'yesno') return value === 'yes' ? 'Yes' : 'No';
  // Answers are text, numbers and lists of text; anything else is shown as its JSON.
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** Every answer, read-only: the completed assessment, and the creator's 'View responses'. */
export function AnswersView({
  answers,
  headingLevel = 3,
}: {
  answers: Partial<AgentAssessmentDoc>;
  /** The steps' heading level: one below the heading the answers sit under. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.root}>
      {STEP_FIELDS.map((fields, i) => (
        <section key={ASSESSMENT_STEPS[i]} className={styles.step}>
          <Heading className={styles.stepTitle}>{ASSESSMENT_STEPS[i]}</Heading>
          <dl className={styles.list}>
            {fields
              .filter((def) => !def.when || def.when(answers))
              .flatMap((def) =>
                def.kind === 'tools'
                  ? TOOL_CATEGORIES.flatMap((category, j) => [
                      <dt key={`${def.name}-${j}-t`}>{category}</dt>,
                      <dd key={`${def.name}-${j}-d`}>{shown(def, (answers.current_tools ?? [])[j])}</dd>,
                    ])
                  : [
                      <dt key={`${def.name}-t`}>{def.label}</dt>,
                      <dd key={`${def.name}-d`}>{shown(def, answers[def.name])}</dd>,
                    ],
              )}
          </dl>
        </section>
      ))}
    </div>
  );
}
