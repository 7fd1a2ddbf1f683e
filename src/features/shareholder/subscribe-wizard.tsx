import { Suspense, lazy, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import { firstValueFrom } from 'rxjs';
import type { ShareSubscriptionDoc } from '../../data/schemas';
import { SUBSCRIPTION_LABELS } from '../../data/field-labels';
import { whenServerHas } from '../../data/refusals';
import { draftDocument, reopenSubscription, signSubscription, type DraftFields } from '../../data/subscriptions';
import { useSyncedForm } from '../../data/synced-form';
import type { UserData } from '../../data/user-data';
import { toastAbout } from '../../lib/toast';
import { hasUnsavedInput, useUnsavedInput } from '../../lib/unsaved-input';
import { signedElsewhereSentence } from './signed-elsewhere';
import { Button } from '../../ui/button';
import { LoadingStatus } from '../../ui/loading-status';
import { replacedNotice } from '../../ui/replaced-notice';
import { WizardShell } from '../../ui/wizard-shell';
import { PaymentInstructions } from './payment-instructions';
import { normaliseShares, resumeStep, STEPS, totalFor } from './subscription';
import { useWizardStep, type StepInAddress } from '../../lib/wizard-step';
import { failureWords } from '../../lib/refusal-words';
import {
  FORM_FIELD,
  formValues,
  initialValues,
  refusedMessages,
  signatureReady,
  stepComplete,
  subscriptionRefusalWords,
  toDraftFields,
  tooManyShares,
  typedNameMessage,
  type ShownField,
  type WizardValues,
} from './subscription-form';
import { InvestmentStep, LegalStep, PersonalDetailsStep, useSubscriptionForm } from './subscription-steps';

// A success of this topic dismisses its failures still on screen.
const toast = toastAbout('share-subscription');

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

const TABLE = 'share_subscriptions';
const SAVED_HERE = 'Saved on this device. It will be sent to your account as soon as you are back online.';
const saveFailed = (error: unknown) => toast.error('Save Failed', failureWords(error));

/**
 * The five-step share subscription (docs/product/subscription.md): every change is saved on this
 * device as it is made, through the synced form both wizards use (data/synced-form.ts).
 */
export function SubscribeWizard({ data, draftId, draft, email, syncStatus, stepInAddress }: WizardProps) {
  const navigate = useNavigate();
  const [resumeAt] = useState(() => resumeStep(draft));
  // The draft as it was when the page opened; later it follows the stored draft (useSyncedForm).
  const [initial] = useState(() => initialValues(draft, email));
  const [completing, setCompleting] = useState(false);
  const [saving, setSaving] = useState(false);

  const form = useSubscriptionForm(initial);
  const values = useStore(form.store, (s) => s.values);
  // A step may be shown up to where the draft resumes (the spec opens it there), and beyond once
  // every step before it is complete (Next would have allowed it).
  const [step, goToStep] = useWizardStep(
    resumeAt,
    (n) => n <= resumeAt || Array.from({ length: n - 1 }, (_, i) => i + 1).every((k) => stepComplete(k, values)),
    stepInAddress,
  );
  const document = useMemo(() => draftDocument(data, draftId), [data, draftId]);
  const synced = useSyncedForm<WizardValues>({
    document,
    form,
    initial: draft,
    toStored: (v, base) => toDraftFields(v, base as Pick<DraftFields, 'number_of_shares'>),
    toForm: formValues,
    formName: (field) => FORM_FIELD[field as ShownField] ?? field,
    unstorable: (v) => (tooManyShares(v.numberOfShares) ? ['number_of_shares'] : []),
    onWriteError: saveFailed,
  });
  // Too many shares are never stored (the field says why): leaving the page asks first.
  useUnsavedInput(tooManyShares(values.numberOfShares));
  const stored = synced.doc as Partial<ShareSubscriptionDoc> | null;
  const refused = refusedMessages(synced.refusal, values, stored as Pick<DraftFields, 'number_of_shares'> | null);

  // Signed or cancelled on another device while open here: the dashboard, at once, saying so
  // (what was typed here since is in the conflict log; the dashboard names it).
  const finalHere = stored?.status === 'signed' || stored?.status === 'cancelled';
  // Signing here turns it final too (the row may turn signed after complete() has returned):
  // that is not news.
  const completingHere = useRef(false);
  const left = useRef(false);
  useEffect(() => {
    if (!finalHere || !stored) {
      left.current = false;
      return;
    }
    if (left.current) return;
    left.current = true;
    if (completingHere.current) return;
    const sub = stored as ShareSubscriptionDoc;
    toast.info(
      sub.status === 'cancelled' ? 'Cancelled on another device' : 'Signed on another device',
      signedElsewhereSentence(sub, []),
    );
    void navigate({ to: '/shareholder/dashboard', replace: true });
  }, [finalHere, stored, navigate]);

  // 'Saved' once it is: on this device (the write resolved), and in the account when online (the
  // draft is to be resumed elsewhere). Closing the tab meanwhile still sends it as the page goes.
  async function saveAndContinueLater() {
    setSaving(true);
    try {
      const typed = hasUnsavedInput();
      const id = await synced.flush({ create: true });
      await data.outbox.recorded(TABLE, id);
      const waiting = typed || (await firstValueFrom(data.outbox.watch(TABLE, id))) !== null;
      const sent = waiting ? await whenServerHas(data.outbox, TABLE, id) : null;
      if (sent?.outcome === 'refused') toast.error('Save Failed', subscriptionRefusalWords(sent.refusal));
      else if (sent?.outcome === 'waiting') toast.success('Progress Saved', SAVED_HERE);
      else toast.success('Progress Saved', 'Your subscription progress has been saved.');
    } catch (error) {
      toast.error('Save Failed', failureWords(error));
    } finally {
      setSaving(false);
    }
  }

  async function complete() {
    if (!data.userId) {
      toast.error('Authentication Required', 'Please sign in to complete your subscription.');
      return;
    }
    setCompleting(true);
    completingHere.current = true;
    try {
      await synced.flush({ create: true });
      const id = await synced.after(async (saved) => {
        await signSubscription(data, saved);
        return saved;
      });
      // 'Submitted' only once the server has it; offline it is saved here and sent later.
      const sent = await whenServerHas(data.outbox, 'share_subscriptions', id);
      if (sent.outcome === 'refused') {
        // The server never had it signed: back to a draft here, to correct and sign again.
        await synced.after(() => reopenSubscription(data, id));
        // A draft again: a signing elsewhere would be news again.
        completingHere.current = false;
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
      toast.error('Submission Failed', failureWords(error));
    } finally {
      setCompleting(false);
    }
  }

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
          reference={stored?.payment_reference ?? draft?.payment_reference ?? null}
        />
      ) : null}
    </WizardShell>
  );
}
