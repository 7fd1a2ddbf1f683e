import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useStore } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import type { ShareSubscriptionDoc } from '../../data/schemas';
import { whenServerHas } from '../../data/refusals';
import type { UserData } from '../../data/user-data';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useUnsavedInput } from '../../lib/unsaved-input';
import { Button } from '../../ui/button';
import { LoadingStatus } from '../../ui/loading-status';
import { WizardShell } from '../../ui/wizard-shell';
import { PaymentInstructions } from './payment-instructions';
import { normaliseShares, resumeStep, STEPS, totalFor } from './subscription';
import { initialValues, stepComplete } from './subscription-form';
import { InvestmentStep, LegalStep, PersonalDetailsStep, useSubscriptionForm } from './subscription-steps';
import { subscriptionRefusalWords, useSyncedDraft } from './use-synced-draft';

// Ark's signature pad comes with step 4, not before.
const SignatureStep = lazy(() => import('./signature-step').then((m) => ({ default: m.SignatureStep })));

type WizardProps = {
  data: UserData;
  draft: ShareSubscriptionDoc | null;
  email: string | undefined;
  /** The sync status, shown beside the steps. */
  syncStatus?: ReactNode;
};

/** The five-step share subscription (spec §2, §4, §5), saved on this device as it goes. */
export function SubscribeWizard({ data, draft, email, syncStatus }: WizardProps) {
  const navigate = useNavigate();
  const [step, setStep] = useState(() => resumeStep(draft));
  // The draft as it was when the page opened; later it follows the stored draft (useSyncedDraft).
  const [initial] = useState(() => initialValues(draft, email));
  const [completing, setCompleting] = useState(false);

  const form = useSubscriptionForm(initial);
  const values = useStore(form.store, (s) => s.values);
  const synced = useSyncedDraft(data, form, draft, initial);
  useUnsavedInput(synced.unsaved);
  const save = synced.save;

  async function saveAndContinueLater() {
    try {
      await save();
      toast.success('Progress Saved', 'Your subscription progress has been saved.');
    } catch (error) {
      toast.error('Save Failed', errorMessage(error));
    }
  }

  async function complete() {
    if (!data.userId) {
      toast.error('Authentication Required', 'Please sign in to complete your subscription.');
      return;
    }
    setCompleting(true);
    try {
      const id = await synced.complete();
      // 'Submitted' only once the server has it; offline it is saved here and sent later.
      const sent = await whenServerHas(data.db.outbox, 'share_subscriptions', id);
      if (sent.outcome === 'refused') {
        // The server never had it signed: back to a draft here, to correct and sign again.
        await synced.reopen();
        toast.error('Submission Failed', subscriptionRefusalWords(sent.refusal));
        return;
      }
      if (sent.outcome === 'landed') {
        toast.success('Subscription Completed!', 'Your share subscription has been submitted successfully.');
      } else {
        toast.info(
          'Subscription saved on this device',
          'It will be sent as soon as you are back online. Your dashboard shows when it has been received.',
        );
      }
      await navigate({ to: '/shareholder/dashboard' });
    } catch (error) {
      toast.error('Submission Failed', errorMessage(error));
    } finally {
      setCompleting(false);
    }
  }

  function next() {
    save().catch((error: unknown) => toast.error('Save Failed', errorMessage(error)));
    setStep((s) => Math.min(s + 1, STEPS.length));
  }

  const last = step === STEPS.length;
  return (
    <WizardShell
      steps={STEPS}
      step={step}
      indicator="numbered"
      label="Subscription steps"
      status={syncStatus}
      onSubmit={() => {
        if (last) void complete();
        else if (stepComplete(step, values)) next();
      }}
      back={{ label: 'Back', onClick: () => setStep((s) => Math.max(1, s - 1)) }}
      actions={
        last ? (
          <Button type="submit" busy={completing}>
            Complete Subscription
          </Button>
        ) : (
          <>
            <Button type="button" variant="secondary" onClick={() => void saveAndContinueLater()}>
              Save &amp; Continue Later
            </Button>
            <Button type="submit" disabled={!stepComplete(step, values)}>
              Next
            </Button>
          </>
        )
      }
    >
      {step === 1 ? <PersonalDetailsStep form={form} refused={synced.refused} /> : null}
      {step === 2 ? <InvestmentStep form={form} refused={synced.refused.numberOfShares} /> : null}
      {step === 3 ? <LegalStep form={form} /> : null}
      {step === 4 ? (
        <Suspense fallback={<LoadingStatus />}>
          <form.Field name="signatureData">
            {(field) => <SignatureStep value={field.state.value} onChange={(dataUrl) => field.handleChange(dataUrl)} />}
          </form.Field>
        </Suspense>
      ) : null}
      {step === 5 ? (
        <PaymentInstructions
          total={totalFor(normaliseShares(values.numberOfShares).shares)}
          name={values.subscriberName}
          reference={synced.reference}
        />
      ) : null}
    </WizardShell>
  );
}
