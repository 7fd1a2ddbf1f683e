import { useCallback, useEffect, useRef } from 'react';
import { saveAnswers, type AssessmentData } from '../../data/assessment-data';
import { sameValue } from '../../data/conflict';
import { pick, rebase, type Fields } from '../../data/form-sync';
import { refusalMessage, useRefusal } from '../../data/refusals';
import { LIST_FIELDS, type AgentAssessmentDoc } from '../../data/schemas';
import { initialAnswers, storedValue, type Answers } from './answers';
import { STEP_FIELDS, type AnswerKey, type FieldDef } from './fields';

const DEFS = STEP_FIELDS.flat();
const KEYS = DEFS.map((d) => d.name);
const LISTS = LIST_FIELDS.agent_assessments ?? [];
/** Less than this between a pulled answer appearing and typing over it: it was not seen. */
const SEEN_AFTER_MS = 1000;

/** The form's answers as stored values. */
const storedAnswers = (answers: Answers): Fields =>
  Object.fromEntries(DEFS.map((def) => [def.name, storedValue(def, answers[def.name])]));

interface AnswerForm {
  state: { values: Answers };
  setFieldValue: (name: AnswerKey, value: unknown) => void;
}

/**
 * The wizard's answers kept in step with the stored assessment (docs/decisions/003-sync.md,
 * "Forms"): each answer writes only itself (a list as the items ticked or unticked), saves run one
 * after another, and a pulled answer shows in every question the user is not in.
 */
export function useSyncedAnswers(data: AssessmentData, doc: AgentAssessmentDoc, form: AnswerForm) {
  // The stored answers the form last agreed with.
  const base = useRef<Fields>(pick(doc, KEYS));
  const stored = useRef<Fields>(pick(doc, KEYS));
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // Answers a pull put in a question, and when: one typed over within SEEN_AFTER_MS was not seen,
  // so the save keeps it in the conflict log (judged against what the question held before).
  const pulledAt = useRef(new Map<string, { before: unknown; at: number }>());

  const takePulled = useCallback(() => {
    const focused = document.activeElement?.getAttribute('name');
    const editing = new Set(focused ? [focused] : []);
    // A question shows a default for no answer (the assistant is 'Chloe'): showing it is not
    // answering, so it does not keep a pulled answer out.
    const defaults = storedAnswers(initialAnswers(base.current));
    const edited = storedAnswers(form.state.values);
    for (const key of KEYS) if (sameValue(edited[key], defaults[key])) edited[key] = base.current[key] ?? null;
    const { base: next, updates } = rebase(base.current, edited, stored.current, LISTS, editing);
    for (const name of Object.keys(updates)) {
      if (!LISTS.includes(name)) pulledAt.current.set(name, { before: base.current[name] ?? null, at: Date.now() });
    }
    base.current = next;
    const shown = initialAnswers(updates);
    for (const name of Object.keys(updates) as AnswerKey[]) form.setFieldValue(name, shown[name]);
  }, [form]);

  useEffect(() => {
    stored.current = pick(doc, KEYS);
    takePulled();
  }, [doc, takePulled]);

  useEffect(() => {
    const onFocusOut = () => setTimeout(takePulled, 0);
    document.addEventListener('focusout', onFocusOut);
    return () => document.removeEventListener('focusout', onFocusOut);
  }, [takePulled]);

  const refusal = useRefusal(data.db.outbox, 'agent_assessments', doc.id);
  // Said next to a question while it still holds the refused answer.
  const refused = (def: FieldDef) =>
    refusal?.fields.includes(def.name) &&
    sameValue(storedValue(def, form.state.values[def.name]), refusal.refused[def.name] ?? null)
      ? refusalMessage(def.kind === 'offices' ? 'The number of offices' : 'This answer', refusal.refusal)
      : null;

  /** Saves one answer (after any save still running); resolves once it is on this device. */
  const save = (def: FieldDef, value: unknown) => {
    const run = queue.current.then(async () => {
      const edited = { [def.name]: storedValue(def, value) };
      const pulled = pulledAt.current.get(def.name);
      const unseen = pulled && Date.now() - pulled.at < SEEN_AFTER_MS;
      await saveAnswers(data, doc.id, edited, {
        [def.name]: unseen ? pulled.before : (base.current[def.name] ?? null),
      });
      pulledAt.current.delete(def.name);
      base.current = { ...base.current, ...edited };
    });
    queue.current = run.catch(() => undefined);
    return run;
  };

  /** Resolves once every answer saved so far is on this device (Submit waits for the last one). */
  const settled = () => queue.current;

  return { save, refused, settled };
}
