// Between the assessment's stored row and the wizard's form values: the form holds text for
// number fields and always ten tool slots; the row holds null for an empty answer.
import type { AgentAssessmentDoc } from '../../data/schemas';
import { DEFAULT_ASSISTANT_NAME, padTools, parseOffices } from './assessment';
import { STEP_FIELDS, type AnswerKey, type FieldDef } from './fields';

export type Answers = Record<AnswerKey, unknown>;

/** The form values for a stored assessment (the assistant is called Chloe until named). */
export function initialAnswers(doc: Partial<AgentAssessmentDoc>): Answers {
  const answers = {} as Answers;
  for (const def of STEP_FIELDS.flat()) {
    const value = doc[def.name];
    if (def.kind === 'offices') answers[def.name] = value === null || value === undefined ? '' : String(value);
    else if (def.kind === 'tools') answers[def.name] = padTools(value as string[] | undefined);
    else if (def.kind === 'multi') answers[def.name] = value ?? [];
    else answers[def.name] = value ?? (def.name === 'ai_assistant_name' ? DEFAULT_ASSISTANT_NAME : '');
  }
  return answers;
}

/** What the database stores for a field's form value. */
export function storedValue(def: FieldDef, value: unknown): unknown {
  if (def.kind === 'offices') return parseOffices(String(value));
  if (def.kind === 'tools') return padTools(value as string[]);
  if (def.kind === 'multi') return value;
  const text = typeof value === 'string' ? value : '';
  return text.trim() === '' ? null : text;
}

/** The answers the visibility rules read (`FieldDef.when`), as stored values. */
export function visibilityAnswers(answers: Answers): Partial<AgentAssessmentDoc> {
  const v = answers.uses_mobile_devices;
  return { uses_mobile_devices: v === 'yes' || v === 'no' ? v : null };
}

/** The questions of `step` (1-based) that show for these answers. */
export function visibleFields(step: number, answers: Answers): FieldDef[] {
  const shown = visibilityAnswers(answers);
  return (STEP_FIELDS[step - 1] ?? []).filter((def) => !def.when || def.when(shown));
}
