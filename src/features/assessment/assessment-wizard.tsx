import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { useForm, useStore } from '@tanstack/react-form';
import type { AssessmentData } from '../../data/assessment-data';
import type { AgentAssessmentDoc } from '../../data/schemas';
import { useSyncedForm } from '../../data/synced-form';
import { Button } from '../../ui/button';
import { replacedNotice } from '../../ui/replaced-notice';
import { WizardShell } from '../../ui/wizard-shell';
import { initialAnswers, visibleFields, type Answers } from './answers';
import { ASSESSMENT_STEPS } from './assessment';
import { assessmentDocument, formAnswers, storedAnswers, unstorableAnswers } from './assessment-document';
import {
  failed,
  refusedAnswer,
  report,
  SAVE_FAILED,
  useAnswerProblems,
  useSubmitAssessment,
} from './assessment-progress';
import type { AnswerKey } from './fields';
import { Question } from './question';
import { saveProgress } from './use-assessment';
import { useWizardStep, type StepInAddress } from '../../lib/wizard-step';

type WizardProps = {
  data: AssessmentData;
  doc: AgentAssessmentDoc;
  syncStatus?: ReactNode;
  /** The step in the page's address (the route's ?step=); in memory without it. */
  stepInAddress?: StepInAddress;
};

/**
 * The seven steps. Every answer is saved on this device as it is entered, through the synced form
 * both wizards use (data/synced-form.ts); Next waits for the last one.
 */
export function AssessmentWizard({ data, doc, syncStatus, stepInAddress }: WizardProps) {
  // It opens where it was left (last_step); any step may be looked at: Submit checks them all.
  const [step, goToStep] = useWizardStep(doc.last_step ?? 1, () => true, stepInAddress);
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
  const setAnswer = (name: AnswerKey, value: unknown) => form.setFieldValue(name, value);
  // Input that cannot be saved as typed (e.g. '2.5' offices): said next to it, not saved.
  const { invalid, setInvalid, answer } = useAnswerProblems(setAnswer);

  // After the answers typed so far: a step marker or the completion is never written before them.
  const save = (patch: Partial<AgentAssessmentDoc>, failure = SAVE_FAILED) =>
    synced.after(() => saveProgress(data, doc.id, patch)).catch(failed(failure));
  const { submitting, submit } = useSubmitAssessment({
    data,
    docId: doc.id,
    answers,
    setAnswer,
    save,
    setInvalid,
    goToStep,
  });

  async function go(to: number) {
    try {
      await save({ last_step: to });
      goToStep(to);
      window.scrollTo?.({ top: 0 });
    } catch {
      // The toast said so; stay on this step.
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
            error={invalid[def.name] ?? refusedAnswer(synced.refusal, def, answers)}
          />
          {replacedNotice(synced, def.name, def.label)}
        </Fragment>
      ))}
    </WizardShell>
  );
}
