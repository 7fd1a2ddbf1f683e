// How the assessment wizard checks its answers, reports a failed save, and submits.
import { useState } from 'react';
import type { AssessmentData } from '../../data/assessment-data';
import type { AgentAssessmentDoc } from '../../data/schemas';
import { refusalMessage, whenServerHas } from '../../data/refusals';
import { sameValue } from '../../sync/merge';
import type { FieldRefusal } from '../../sync/refusal';
import { logError } from '../../lib/log';
import { toastAbout } from '../../lib/toast';
import { useUnsavedInput } from '../../lib/unsaved-input';
import { storedValue, visibleFields, type Answers } from './answers';
import { answerProblem, ASSESSMENT_STEPS, DEFAULT_ASSISTANT_NAME } from './assessment';
import type { AnswerKey, FieldDef } from './fields';
import { saveProgress } from './use-assessment';

// A success of this topic dismisses its failures still on screen.
const toast = toastAbout('agent-assessment');

// docs/product/messages.md#assessment; the submit failure gets a title that says what failed.
export const SAVE_FAILED: [string, string] = ['Error', 'Failed to save progress. Please try again.'];
const SUBMIT_FAILED: [string, string] = [
  'Could not submit the assessment',
  'Failed to submit assessment. Please try again.',
];

export const report = (failure: [string, string]) => (error: unknown) => {
  logError('Saving the assessment failed', error);
  toast.error(...failure);
};
export const failed = (failure: [string, string]) => (error: unknown) => {
  report(failure)(error);
  throw error;
};

type Problems = Partial<Record<AnswerKey, string>>;

/** Input that cannot be saved as typed (e.g. '2.5' offices), by question, and a way to answer. */
export function useAnswerProblems(setAnswer: (name: AnswerKey, value: unknown) => void) {
  const [invalid, setInvalid] = useState<Problems>({});
  // Such input is not saved: leaving the page, or reloading for an update, asks first.
  useUnsavedInput(Object.values(invalid).some(Boolean));
  const answer = (def: FieldDef, value: unknown) => {
    setAnswer(def.name, value);
    const problem = answerProblem(def.kind, value);
    setInvalid((current) => ({ ...current, [def.name]: problem ?? undefined }));
  };
  return { invalid, setInvalid, answer };
}

/** Said next to a question while it still holds the refused answer. */
export const refusedAnswer = (refusal: FieldRefusal | null, def: FieldDef, answers: Answers) =>
  refusal?.fields.includes(def.name) &&
  sameValue(storedValue(def, answers[def.name]), refusal.refused[def.name] ?? null)
    ? refusalMessage(def.kind === 'offices' ? 'The number of offices' : 'This answer', refusal.refusal)
    : null;

/** The first step with answers the server would refuse, and what is wrong with each. */
function firstWrongStep(answers: Answers) {
  for (let n = 1; n <= ASSESSMENT_STEPS.length; n++) {
    const wrong = visibleFields(n, answers)
      .map((def) => [def, answerProblem(def.kind, answers[def.name])] as const)
      .filter(([, problem]) => problem);
    if (wrong.length > 0) return { step: n, wrong };
  }
  return null;
}

type SubmitOptions = {
  data: AssessmentData;
  docId: string;
  answers: Answers;
  setAnswer: (name: AnswerKey, value: unknown) => void;
  /** Saves a change of the row after the answers typed so far. */
  save: (patch: Partial<AgentAssessmentDoc>, failure: [string, string]) => Promise<unknown>;
  setInvalid: (update: (current: Problems) => Problems) => void;
  goToStep: (n: number) => void;
};

/** Submitting: every step checked first, then completed, and said so once the server has it. */
export function useSubmitAssessment({ data, docId, answers, setAnswer, save, setInvalid, goToStep }: SubmitOptions) {
  const [submitting, setSubmitting] = useState(false);

  async function submit() {
    // What the server would refuse on submitting (an answer stored before it was checked, such as
    // an email that is not one) is said on its step first.
    const found = firstWrongStep(answers);
    if (found) {
      const { step: n, wrong } = found;
      setInvalid((current) => ({ ...current, ...Object.fromEntries(wrong.map(([def, p]) => [def.name, p])) }));
      goToStep(n);
      toast.error(SUBMIT_FAILED[0], `Step ${n}: ${wrong.map(([def, p]) => `${def.label}: ${p}`).join(' ')}`);
      return;
    }
    setSubmitting(true);
    try {
      // A cleared assistant name is submitted as the default one, as the server would store it.
      const name = answers.ai_assistant_name;
      const unnamed = typeof name !== 'string' || !name.trim();
      if (unnamed) setAnswer('ai_assistant_name', DEFAULT_ASSISTANT_NAME);
      // The last answer typed is saved before the completion, never after it (save waits for it).
      await save(
        {
          status: 'completed',
          completed_at: new Date().toISOString(),
          last_step: ASSESSMENT_STEPS.length,
          ...(unnamed ? { ai_assistant_name: DEFAULT_ASSISTANT_NAME } : {}),
        },
        SUBMIT_FAILED,
      );
      // 'Completed' only once the server has it; offline it is saved here and sent later.
      const sent = await whenServerHas(data.outbox, 'agent_assessments', docId);
      if (sent.outcome === 'refused') {
        // The server never had it submitted: back to the wizard here, to correct and submit again.
        await saveProgress(data, docId, { status: 'pending', completed_at: null });
        toast.error(SUBMIT_FAILED[0], refusalMessage('An answer', sent.refusal.refusal));
      } else if (sent.outcome === 'landed') {
        toast.success(
          'Assessment Completed!',
          'Thank you for completing the assessment. Our team will be in touch soon to set up your customized Chloe.',
        );
      } else {
        toast.info('Assessment saved on this device', 'It will be sent as soon as you are back online.');
      }
    } catch {
      // The toast said so; the answers are still on this device.
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, submit };
}
