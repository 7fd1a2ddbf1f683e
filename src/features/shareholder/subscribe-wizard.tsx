import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import { useStore } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import type { ShareSubscriptionDoc } from '../../data/schemas';
import { SUBSCRIPTION_LABELS } from '../../data/field-labels';
import { draftDocument, type DraftFields } from '../../data/subscriptions';
import { useSyncedForm, type SyncedForm } from '../../data/synced-form';
import type { UserData } from '../../data/user-data';
import { useUnsavedInput } from '../../lib/unsaved-input';
import { Button } from '../../ui/button';
import { LoadingStatus } from '../../ui/loading-status';
import { replacedNotice } from '../../ui/replaced-notice';
import { WizardShell } from '../../ui/wizard-shell';
import { PaymentInstructions } from './payment-instructions';
import { saveFailed, useCompleteSubscription, useLeaveWhenFinal, useSaveForLater } from './subscribe-actions';
import { normaliseShares, resumeStep, STEPS, totalFor } from './subscription';
import { useWizardStep, type StepInAddress } from '../../lib/wizard-step';
import {
  FORM_FIELD,
  formValues,
  initialValues,
  refusedMessages,
  signatureReady,
  stepComplete,
  toDraftFields,
  tooManyShares,
  typedNameMessage,
  type ShownField,
  type WizardValues,
} from './subscription-form';
import {
  InvestmentStep,
  LegalStep,
  PersonalDetailsStep,
  useSubscriptionForm,
  type SubscriptionForm,
} from './subscription-steps';

// Ark's signature pad comes with step 4, not before.
const SignatureStep = lazy(() => import('./signature-step').then((m) => ({ default: m.SignatureStep })));

type WizardProps = {
  data: UserData;
  /** The draft's id, derived for this account (whether this device has the draft yet or not). */
  draftId: string;
  draft: ShareSubscriptionDoc | null;
  email: string | undefined;
  /** The sync status, shown beside the steps. */
  syncStatus?: ReactNode;
  /** The step in the page's address (the route's ?step=); in memory without it. */
  stepInAddress?: StepInAddress;
};

/** The wizard's form, kept in step with the stored draft. */
function useDraftSync(data: UserData, draftId: string, draft: ShareSubscriptionDoc | null, form: SubscriptionForm) {
  const document = useMemo(() => draftDocument(data, draftId), [data, draftId]);
  return useSyncedForm<WizardValues>({
    document,
    form,
    initial: draft,
    toStored: (v, base) => toDraftFields(v, base as Pick<DraftFields, 'number_of_shares'>),
    toForm: formValues,
    formName: (field) => FORM_FIELD[field as ShownField] ?? field,
    unstorable: (v) => (tooManyShares(v.numberOfShares) ? ['number_of_shares'] : []),
    onWriteError: saveFailed,
  });
}

/**
 * The five-step share subscription (docs/product/subscription.md): every change is saved on this
 * device as it is made, through the synced form both wizards use (data/synced-form.ts).
 */
export function SubscribeWizard({ data, draftId, draft, email, syncStatus, stepInAddress }: WizardProps) {
  const navigate = useNavigate();
  const [resumeAt] = useState(() => resumeStep(draft));
  // The draft as it was when the page opened; later it follows the stored draft (useSyncedForm).
  const [initial] = useState(() => initialValues(draft, email));

  const form = useSubscriptionForm(initial);
  const values = useStore(form.store, (s) => s.values);
  // A step may be shown up to where the draft resumes (the spec opens it there), and beyond once
  // every step before it is complete (Next would have allowed it).
  const [step, goToStep] = useWizardStep(
    resumeAt,
    (n) => n <= resumeAt || Array.from({ length: n - 1 }, (_, i) => i + 1).every((k) => stepComplete(k, values)),
    stepInAddress,
  );
  const synced = useDraftSync(data, draftId, draft, form);
  // Too many shares are never stored (the field says why): leaving the page asks first.
  useUnsavedInput(tooManyShares(values.numberOfShares));
  const stored = synced.doc as Partial<ShareSubscriptionDoc> | null;
  const refused = refusedMessages(synced.refusal, values, stored as Pick<DraftFields, 'number_of_shares'> | null);

  const completingHereRef = useLeaveWhenFinal(stored, navigate);
  const { saving, saveAndContinueLater } = useSaveForLater(data, synced);
  const { completing, complete } = useCompleteSubscription(data, synced, navigate, completingHereRef);

  // Every change is on this device already; Next waits for the last one, as the assessment does.
  async function next() {
    try {
      await synced.flush();
      goToStep(Math.min(step + 1, STEPS.length));
    } catch (error) {
      saveFailed(error);
    }
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
        else if (stepComplete(step, values)) void next();
      }}
      back={{ label: 'Back', onClick: () => goToStep(Math.max(1, step - 1)) }}
      next={
        last ? (
          <Button type="submit" busy={completing}>
            Complete Subscription
          </Button>
        ) : (
          <Button type="submit" disabled={!stepComplete(step, values)}>
            Next
          </Button>
        )
      }
      later={
        last ? null : (
          <Button type="button" variant="secondary" busy={saving} onClick={() => void saveAndContinueLater()}>
            Save &amp; Continue Later
          </Button>
        )
      }
    >
      <SubscriptionStep
        step={step}
        form={form}
        synced={synced}
        values={values}
        refused={refused}
        reference={stored?.payment_reference ?? draft?.payment_reference ?? null}
      />
    </WizardShell>
  );
}

type StepProps = {
  step: number;
  form: SubscriptionForm;
  synced: SyncedForm;
  values: WizardValues;
  refused: Partial<Record<keyof WizardValues, string>>;
  /** The payment reference, once the server has given one. */
  reference: string | null;
};

/** The step shown, with a notice beside each field whose typed value another device replaced. */
function SubscriptionStep({ step, form, synced, values, refused, reference }: StepProps) {
  return (
    <>
      {step === 1 ? (
        <PersonalDetailsStep
          form={form}
          refused={refused}
          notice={(name, label) => replacedNotice(synced, name, label)}
        />
      ) : null}
      {step === 2 ? (
        <InvestmentStep
          form={form}
          refused={refused.numberOfShares}
          notice={replacedNotice(synced, 'numberOfShares', SUBSCRIPTION_LABELS.number_of_shares)}
        />
      ) : null}
      {step === 3 ? <LegalStep form={form} /> : null}
      {step === 4 ? (
        <Suspense fallback={<LoadingStatus />}>
          <form.Field name="signatureData">
            {(field) => (
              <SignatureStep
                value={field.state.value}
                method={values.signatureMethod}
                name={values.subscriberName}
                problem={
                  values.signatureMethod === 'typed' && values.signatureData && !signatureReady(values)
                    ? typedNameMessage(values.subscriberName)
                    : undefined
                }
                onChange={(dataUrl, method, typedName = '') => {
                  if (method !== values.signatureMethod) form.setFieldValue('signatureMethod', method);
                  if (typedName !== values.signatureName) form.setFieldValue('signatureName', typedName);
                  field.handleChange(dataUrl);
                }}
              />
            )}
          </form.Field>
          {replacedNotice(synced, 'signatureData', SUBSCRIPTION_LABELS.signature_data)}
        </Suspense>
      ) : null}
      {step === 5 ? (
        <PaymentInstructions
          total={totalFor(normaliseShares(values.numberOfShares).shares)}
          name={values.subscriberName}
          reference={reference}
        />
      ) : null}
    </>
  );
}
