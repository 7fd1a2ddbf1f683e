// The link's assessment as the wizard's synced form edits it (data/synced-form.ts), and the
// form's answers as stored values.
import { map } from 'rxjs';
import type { AssessmentData } from '../../data/assessment-data';
import type { Fields } from '../../data/form-machine';
import { LIST_FIELDS } from '../../data/schemas';
import type { SyncedDocument } from '../../data/synced-document';
import { initialAnswers, storedValue, type Answers } from './answers';
import { answerProblem } from './assessment';
import { STEP_FIELDS } from './fields';

const DEFS = STEP_FIELDS.flat();
export const ANSWER_FIELDS = DEFS.map((d) => d.name);

/**
 * The answers as stored values. An answer that cannot be stored as typed ('2.5' offices, a web
 * address without http) keeps what is stored (`base`): it is said next to its question instead.
 */
export const storedAnswers = (answers: Answers, base: Fields): Fields =>
  Object.fromEntries(
    DEFS.map((def) => [
      def.name,
      answerProblem(def.kind, answers[def.name]) ? (base[def.name] ?? null) : storedValue(def, answers[def.name]),
    ]),
  );

/** The questions whose input cannot be stored as typed (said next to them instead). */
export const unstorableAnswers = (answers: Answers): string[] =>
  DEFS.filter((def) => answerProblem(def.kind, answers[def.name])).map((def) => def.name);

/** Stored answers as the form's questions hold them (the assistant is called Chloe until named). */
export const formAnswers = (stored: Fields) =>
  Object.fromEntries(Object.keys(stored).map((name) => [name, initialAnswers(stored)[name as keyof Answers]]));

export function assessmentDocument(data: AssessmentData, id: string): SyncedDocument {
  const collection = data.db.agent_assessments;
  const asFields = (doc: { toJSON: () => unknown } | null) => (doc ? (doc.toJSON() as Fields) : null);
  return {
    table: 'agent_assessments',
    id,
    fields: ANSWER_FIELDS,
    listFields: LIST_FIELDS.agent_assessments ?? [],
    local: data,
    watch: () => collection.findOne(id).$.pipe(map(asFields)),
    read: async () => asFields(await collection.findOne(id).exec()),
    write: async (change) => {
      const doc = await collection.findOne(id).exec();
      if (!doc) throw new Error('This assessment is not on this device.');
      await doc.incrementalModify((stored) => ({ ...stored, ...change(stored) }));
    },
  };
}
