import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { useForm, useStore } from '@tanstack/react-form';
import type { AssessmentData } from '../../data/assessment-data';
import type { AgentAssessmentDoc } from '../../data/schemas';
import { refusalMessage, whenServerHas } from '../../data/refusals';
import { useSyncedForm } from '../../data/synced-form';
import { sameValue } from '../../sync/merge';
import { logError } from '../../lib/log';
import { toastAbout } from '../../lib/toast';
import { useUnsavedInput } from '../../lib/unsaved-input';
import { Button } from '../../ui/button';
import { replacedNotice } from '../../ui/replaced-notice';
import { WizardShell } from '../../ui/wizard-shell';
import { initialAnswers, storedValue, visibleFields, type Answers } from './answers';
import { answerProblem, ASSESSMENT_STEPS, DEFAULT_ASSISTANT_NAME } from './assessment';
import { assessmentDocument, formAnswers, storedAnswers, unstorableAnswers } from './assessment-document';
import type { AnswerKey, FieldDef } from './fields';
import { Question } from './question';
import { saveProgress } from './use-assessment';
import { useWizardStep, type StepInAddress } from '../../lib/wizard-step';

// A success of this topic dismisses its failures still on screen.
const toast = toastAbout('agent-assessment');

// docs/product/messages.md#assessment; the submit failure gets a title that says what failed.
const SAVE_FAILED: [string, string] = ['Error', 'Failed to save progress. Please try again.'];
const SUBMIT_FAILED: [string, string] = [
  'Could not submit the assessment',
  'Failed to submit assessment. Please try again.',
];

type WizardProps = {
  data: AssessmentData;
  doc: AgentAssessmentDoc;
  syncStatus?: ReactNode;
  /** The step in the page's address (the route's ?step=); in memory without it. */
  stepInAddress?: StepInAddress;
};

const report = (failure: [string, string]) => (error: unknown) => {
  logError('Saving the assessment failed', error);
  toast.error(...failure);
};
const failed = (failure: [string, string]) => (error: unknown) => {
  report(failure)(error);
  throw error;
};

/**
 * The seven steps. Every answer is saved on this device as it is entered, through the synced form
 * both wizards use (data/synced-form.ts); Next waits for the last one.
 */
export function AssessmentWizard({ data, doc, syncStatus, stepInAddress }: WizardProps) {
  // It opens where it was left (last_step); any step may be looked at: Submit checks them all.
  const [step, goToStep] = useWizardStep(doc.last_step ?? 1, () => true, stepInAddress);
  const [submitting, setSubmitting] = useState(false);
  const [initial] = useState(() => initialAnswers(doc));
  const form = useForm({ defaultValues: initial });
  const answers = useStore(form.store, (s) => s.values);
  const document = useMemo(() => assessmentDocument(data, doc.id), [data, doc.id]);
  const synced = useSyncedForm<Answers>({
    document,
    form,
    initial: doc,
    toStored: storedAnswers,
    toForm: formAnswers,
    unstorable: unstorableAnswers,
    onWriteError: report(SAVE_FAILED),
  });
  // Input that cannot be saved as typed (e.g. '2.5' offices): said next to it, not saved.
  const [invalid, setInvalid] = useState<Partial<Record<AnswerKey, string>>>({});
  // Such input is not saved: leaving the page, or reloading for an update, asks first.
  useUnsavedInput(Object.values(invalid).some(Boolean));

  // After the answers typed so far: a step marker or the completion is never written before them.
  const save = (patch: Partial<AgentAssessmentDoc>, failure = SAVE_FAILED) =>
    synced.after(() => saveProgress(data, doc.id, patch)).catch(failed(failure));

  const answer = (def: FieldDef, value: unknown) => {
    form.setFieldValue(def.name, value);
    const problem = answerProblem(def.kind, value);
    setInvalid((current) => ({ ...current, [def.name]: problem ?? undefined }));
  };

  // Said next to a question while it still holds the refused answer.
  const refused = (def: FieldDef) =>
    synced.refusal?.fields.includes(def.name) &&
    sameValue(storedValue(def, answers[def.name]), synced.refusal.refused[def.name] ?? null)
      ? refusalMessage(def.kind === 'offices' ? 'The number of offices' : 'This answer', synced.refusal.refusal)
      : null;

  async function go(to: number) {
    try {
      await save({ last_step: to });
      goToStep(to);
      window.scrollTo?.({ top: 0 });
    } catch {
      // The toast said so; stay on this step.
    }
  }

  async function submit() {
    // What the server would refuse on submitting (an answer stored before it was checked, such as
    // an email that is not one) is said on its step first.
    for (let n = 1; n <= ASSESSMENT_STEPS.length; n++) {
      const wrong = visibleFields(n, answers)
        .map((def) => [def, answerProblem(def.kind, answers[def.name])] as const)
        .filter(([, problem]) => problem);
      if (wrong.length > 0) {
        setInvalid((current) => ({ ...current, ...Object.fromEntries(wrong.map(([def, p]) => [def.name, p])) }));
        goToStep(n);
        toast.error(SUBMIT_FAILED[0], `Step ${n}: ${wrong.map(([def, p]) => `${def.label}: ${p}`).join(' ')}`);
        return;
      }
    }
    setSubmitting(true);
    try {
      // A cleared assistant name is submitted as the default one, as the server would store it.
      const name = answers.ai_assistant_name;
      const unnamed = typeof name !== 'string' || !name.trim();
      if (unnamed) form.setFieldValue('ai_assistant_name', DEFAULT_ASSISTANT_NAME);
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
      const sent = await whenServerHas(data.outbox, 'agent_assessments', doc.id);
      if (sent.outcome === 'refused') {
        // The server never had it submitted: back to the wizard here, to correct and submit again.
        await saveProgress(data, doc.id, { status: 'pending', completed_at: null });
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

  const last = step === ASSESSMENT_STEPS.length;
  return (
    <WizardShell
      steps={ASSESSMENT_STEPS}
      step={step}
      indicator="progress"
      label="Assessment steps"
      status={syncStatus}
      onSubmit={() => {
        // An answer that cannot be saved as typed is fixed here first: its message is on this step.
        if (visibleFields(step, answers).some((def) => invalid[def.name])) return;
        void (last ? submit() : go(step + 1));
      }}
      back={{ label: 'Previous', onClick: () => void go(step - 1) }}
      next={
        last ? (
          <Button type="submit" busy={submitting}>
            Submit Assessment
          </Button>
        ) : (
          <Button type="submit">Next</Button>
        )
      }
    >
      {visibleFields(step, answers).map((def) => (
        <Fragment key={def.name}>
          <Question
            def={def}
            value={answers[def.name]}
            onChange={(v) => answer(def, v)}
            error={invalid[def.name] ?? refused(def)}
          />
          {replacedNotice(synced, def.name, def.label)}
        </Fragment>
      ))}
    </WizardShell>
  );
}
