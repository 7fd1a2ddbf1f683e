import { useRef, useState, type ReactNode } from 'react';
import { SignaturePad, Steps } from '@ark-ui/react';
import { useForm, useStore } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { css, cx } from 'styled-system/css';
import { completeSubscription, saveDraft, type DraftFields } from '../../data/subscriptions';
import type { ShareSubscriptionDoc } from '../../data/schemas';
import type { UserData } from '../../data/user-data';
import { copyToClipboard } from '../../lib/clipboard';
import { BANK_DETAILS } from '../../lib/company';
import { formatAmount as money } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useUnsavedInput } from '../../lib/unsaved-input';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { MIN_SHARES, SHARE_PRICE, SHARE_STEP } from '../../lib/shareholding';
import {
  isoDate,
  MIN_SHARES_MESSAGE,
  normaliseShares,
  paymentReference,
  resumeStep,
  STEPS,
  totalFor,
} from './subscription';
import { errorMessage } from '../../lib/errors';

// Step 1 (spec §5): name, email and address are required, the phone is optional.
export const personalSchema = v.object({
  subscriberName: v.pipe(v.string(), v.trim(), v.nonEmpty('Please enter your full name.')),
  subscriberEmail: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Please enter your email address.'),
    v.email('Please enter a valid email address.'),
  ),
  subscriberAddress: v.pipe(v.string(), v.trim(), v.nonEmpty('Please enter your address.')),
  subscriberPhone: v.string(),
});

// Step 3: all three confirmations.
export const legalSchema = v.object({
  eisUnderstood: v.literal(true),
  cancellationUnderstood: v.literal(true),
  legalConfirmed: v.literal(true),
});

export interface WizardValues {
  subscriberName: string;
  subscriberEmail: string;
  subscriberAddress: string;
  subscriberPhone: string;
  numberOfShares: string;
  eisUnderstood: boolean;
  cancellationUnderstood: boolean;
  legalConfirmed: boolean;
  signatureData: string;
}

export function initialValues(draft: ShareSubscriptionDoc | null, email: string | undefined): WizardValues {
  return {
    subscriberName: draft?.subscriber_name ?? '',
    subscriberEmail: draft?.subscriber_email ?? email ?? '',
    subscriberAddress: draft?.subscriber_address ?? '',
    subscriberPhone: draft?.subscriber_phone ?? '',
    numberOfShares: String(draft?.number_of_shares ?? MIN_SHARES),
    // Never restored from a draft (spec §4): confirmed afresh every time.
    eisUnderstood: false,
    cancellationUnderstood: false,
    legalConfirmed: false,
    signatureData: draft?.signature_data ?? '',
  };
}

export function toDraftFields(values: WizardValues): DraftFields {
  const { shares } = normaliseShares(values.numberOfShares);
  const text = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    subscriber_name: text(values.subscriberName),
    subscriber_email: text(values.subscriberEmail),
    subscriber_address: text(values.subscriberAddress),
    subscriber_phone: text(values.subscriberPhone),
    number_of_shares: shares,
    subscription_price: SHARE_PRICE,
    total_amount: totalFor(shares),
    signature_data: values.signatureData || null,
  };
}

/** Whether Next may leave `step` (1-based) with these values. */
export function stepComplete(step: number, values: WizardValues): boolean {
  if (step === 1) return v.safeParse(personalSchema, values).success;
  if (step === 3) return v.safeParse(legalSchema, values).success;
  if (step === 4) return values.signatureData !== '';
  return true;
}

const styles = {
  root: css({ display: 'grid', gap: '6' }),
  steps: css({ display: 'flex', gap: '2', overflowX: 'auto', pb: '1' }),
  stepItem: css({ flex: '1', display: 'flex', alignItems: 'center', gap: '2', minW: 'max-content' }),
  indicator: css({
    w: '8',
    h: '8',
    borderRadius: 'full',
    display: 'grid',
    placeItems: 'center',
    fontSize: 'sm',
    fontWeight: 'bold',
    borderWidth: '2px',
    borderColor: 'border.strong',
    color: 'fg.muted',
    '&[data-current]': { borderColor: 'primary', color: 'primary.text' },
    '&[data-complete]': { bg: 'primary', borderColor: 'primary', color: 'fg.onBrand' },
  }),
  stepLabel: css({
    fontSize: 'sm',
    display: { base: 'none', md: 'inline' },
    '&[data-current]': { fontWeight: 'bold' },
  }),
  separator: css({ flex: '1', h: '2px', bg: 'border', minW: '4', '&[data-complete]': { bg: 'primary' } }),
  progressText: css({ fontSize: 'sm', color: 'fg.muted' }),
  card: css({
    bg: 'bg.surface',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'xl',
    p: { base: '5', md: '8' },
    display: 'grid',
    gap: '5',
  }),
  stepTitle: css({ fontFamily: 'heading', fontSize: 'xl', fontWeight: 'bold' }),
  grid: css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } }),
  wide: css({ gridColumn: { md: 'span 2' } }),
  hint: css({ fontSize: 'sm', color: 'fg.muted' }),
  warn: css({ fontSize: 'sm', color: 'danger', fontWeight: 'medium' }),
  figures: css({
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    gap: '2',
    columnGap: '6',
    '& dt': { color: 'fg.muted' },
    '& dd': { fontWeight: 'semibold' },
  }),
  check: css({
    display: 'flex',
    gap: '3',
    alignItems: 'flex-start',
    cursor: 'pointer',
    '& input': { mt: '1', w: '5', h: '5', flexShrink: '0', accentColor: 'var(--colors-primary)' },
  }),
  padControl: css({
    position: 'relative',
    w: 'full',
    maxW: '500px',
    h: '200px',
    borderWidth: '2px',
    borderStyle: 'dashed',
    borderColor: 'border.strong',
    borderRadius: 'md',
    bg: 'white',
    touchAction: 'none',
  }),
  padGuide: css({
    position: 'absolute',
    bottom: '10',
    left: '6',
    right: '6',
    borderBottomWidth: '1px',
    borderColor: 'border.strong',
  }),
  padSegment: css({ position: 'absolute', inset: '0', w: 'full', h: 'full' }),
  savedSignature: css({
    maxW: '500px',
    h: '200px',
    objectFit: 'contain',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'md',
    bg: 'white',
  }),
  bank: css({ display: 'grid', gap: '2' }),
  bankRow: css({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    p: '3',
    borderRadius: 'md',
    bg: 'bg.muted',
  }),
  bankLabel: css({ fontSize: 'sm', color: 'fg.muted' }),
  bankValue: css({ fontWeight: 'semibold', fontFamily: 'mono' }),
  nav: css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'space-between' }),
  navRight: css({ display: 'flex', flexWrap: 'wrap', gap: '3' }),
};

const firstError = (errors: ReadonlyArray<unknown>) => {
  const e = errors.find(Boolean) as { message?: string } | string | undefined;
  return typeof e === 'string' ? e : e?.message;
};

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
  const draftId = useRef<string | null>(draft?.id ?? null);
  // The draft as it was when the page opened: later saves must not reset the form.
  const [initial] = useState(() => initialValues(draft, email));
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(toDraftFields(initial)));
  const [completing, setCompleting] = useState(false);
  // One reference for the screen and the record: generated when step 5 is first shown.
  const [reference] = useState(() => paymentReference(Date.now()));

  const form = useForm({ defaultValues: initial });
  const values = useStore(form.store, (s) => s.values);
  const unsaved = JSON.stringify(toDraftFields(values)) !== savedJson;
  useUnsavedInput(unsaved);

  async function save() {
    const fields = toDraftFields(form.state.values);
    draftId.current = await saveDraft(data, draftId.current, fields);
    setSavedJson(JSON.stringify(fields));
  }

  function saveInBackground() {
    save().catch((error: unknown) => toast.error('Save Failed', errorMessage(error)));
  }

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
      const now = new Date();
      const fields = toDraftFields(form.state.values);
      draftId.current = await completeSubscription(data, draftId.current, fields, {
        effective_date: isoDate(now),
        payment_reference: reference.full,
        signature_timestamp: now.toISOString(),
      });
      setSavedJson(JSON.stringify(fields));
      toast.success('Subscription Completed!', 'Your share subscription has been submitted successfully.');
      await navigate({ to: '/shareholder/dashboard' });
    } catch (error) {
      toast.error('Submission Failed', errorMessage(error));
    } finally {
      setCompleting(false);
    }
  }

  const next = () => {
    saveInBackground();
    setStep((s) => Math.min(s + 1, STEPS.length));
  };

  const shares = normaliseShares(values.numberOfShares);
  const typedShares = Number(values.numberOfShares.replace(/[,\s]/g, ''));
  const belowMinimum = values.numberOfShares.trim() === '' || !Number.isFinite(typedShares) || typedShares < MIN_SHARES;

  return (
    <div className={styles.root}>
      <Steps.Root count={STEPS.length} step={step - 1} linear>
        <Steps.List className={styles.steps} aria-label="Subscription steps">
          {STEPS.map((title, index) => (
            <Steps.Item key={title} index={index} className={styles.stepItem}>
              <Steps.Indicator className={styles.indicator}>{index + 1}</Steps.Indicator>
              <span className={styles.stepLabel} data-current={index === step - 1 ? '' : undefined}>
                {title}
              </span>
              {index < STEPS.length - 1 ? <Steps.Separator className={styles.separator} /> : null}
            </Steps.Item>
          ))}
        </Steps.List>
      </Steps.Root>
      <p className={styles.progressText} aria-live="polite">
        Step {step} of {STEPS.length}: {STEPS[step - 1]}
      </p>
      {syncStatus}

      <form
        className={styles.card}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step === STEPS.length) void complete();
          else if (stepComplete(step, values)) next();
        }}
      >
        <h2 className={styles.stepTitle}>{STEPS[step - 1]}</h2>

        {step === 1 ? (
          <div className={styles.grid}>
            {(
              [
                ['subscriberName', 'Full name', 'name', true],
                ['subscriberEmail', 'Email', 'email', true],
                ['subscriberAddress', 'Address', 'street-address', true],
                ['subscriberPhone', 'Phone (optional)', 'tel', false],
              ] as const
            ).map(([name, label, autoComplete, required]) => (
              <form.Field
                key={name}
                name={name}
                validators={{ onBlur: required ? personalSchema.entries[name] : undefined }}
              >
                {(field) => (
                  <div className={name === 'subscriberAddress' ? styles.wide : undefined}>
                    <TextField
                      label={label}
                      name={name}
                      type={name === 'subscriberEmail' ? 'email' : name === 'subscriberPhone' ? 'tel' : 'text'}
                      autoComplete={autoComplete}
                      required={required}
                      value={field.state.value}
                      onChange={(event) => field.handleChange(event.target.value)}
                      onBlur={field.handleBlur}
                      error={firstError(field.state.meta.errors)}
                    />
                  </div>
                )}
              </form.Field>
            ))}
          </div>
        ) : null}

        {step === 2 ? (
          <form.Field name="numberOfShares">
            {(field) => (
              <div className={css({ display: 'grid', gap: '4' })}>
                <TextField
                  label="Number of shares"
                  name="numberOfShares"
                  type="number"
                  inputMode="numeric"
                  min={MIN_SHARES}
                  step={SHARE_STEP}
                  value={field.state.value}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={() => {
                    field.handleChange(String(normaliseShares(field.state.value).shares));
                    field.handleBlur();
                  }}
                />
                {belowMinimum ? (
                  <p className={styles.warn} role="alert">
                    {MIN_SHARES_MESSAGE}
                  </p>
                ) : null}
                <TextField
                  label="Price per share"
                  name="subscriptionPrice"
                  value={`£${SHARE_PRICE.toFixed(2)}`}
                  readOnly
                />
                <dl className={styles.figures}>
                  <dt>Shares</dt>
                  <dd>{shares.shares.toLocaleString('en-GB')}</dd>
                  <dt>Total</dt>
                  <dd data-testid="subscription-total">{money(totalFor(shares.shares))}</dd>
                </dl>
              </div>
            )}
          </form.Field>
        ) : null}

        {step === 3 ? (
          <div className={css({ display: 'grid', gap: '4' })}>
            {(
              [
                [
                  'eisUnderstood',
                  'I understand the Enterprise Investment Scheme (EIS) information, and that tax relief is not guaranteed.',
                ],
                [
                  'cancellationUnderstood',
                  'I understand that I may cancel within 10 days of the effective date, and that after 10 days the company may cancel the subscription if payment has not been received.',
                ],
                [
                  'legalConfirmed',
                  'I have read the subscription terms and confirm that the details I have given are correct.',
                ],
              ] as const
            ).map(([name, label]) => (
              <form.Field key={name} name={name}>
                {(field) => (
                  <label className={styles.check}>
                    <input
                      type="checkbox"
                      name={name}
                      checked={field.state.value}
                      onChange={(event) => field.handleChange(event.target.checked)}
                    />
                    <span>{label}</span>
                  </label>
                )}
              </form.Field>
            ))}
          </div>
        ) : null}

        {step === 4 ? (
          <form.Field name="signatureData">
            {(field) => <SignatureStep value={field.state.value} onChange={(dataUrl) => field.handleChange(dataUrl)} />}
          </form.Field>
        ) : null}

        {step === 5 ? (
          <PaymentInstructions
            total={totalFor(shares.shares)}
            name={values.subscriberName}
            reference={reference.shown}
          />
        ) : null}

        <div className={styles.nav}>
          <Button
            type="button"
            variant="secondary"
            disabled={step === 1}
            onClick={() => setStep((s) => Math.max(1, s - 1))}
          >
            Back
          </Button>
          <div className={styles.navRight}>
            {step < STEPS.length ? (
              <>
                <Button type="button" variant="secondary" onClick={() => void saveAndContinueLater()}>
                  Save &amp; Continue Later
                </Button>
                <Button type="submit" disabled={!stepComplete(step, values)}>
                  Next
                </Button>
              </>
            ) : (
              <Button type="submit" busy={completing}>
                Complete Subscription
              </Button>
            )}
          </div>
        </div>
      </form>
    </div>
  );
}

const isMobile = () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches === true;

/** Step 4: a drawn signature (500×200, stroke 2, 3 on mobile), captured as an image when the pen lifts. */
function SignatureStep({ value, onChange }: { value: string; onChange: (dataUrl: string) => void }) {
  const [redraw, setRedraw] = useState(value === '');
  if (!redraw && value) {
    return (
      <div className={css({ display: 'grid', gap: '3', justifyItems: 'start' })}>
        <p className={styles.hint}>Your saved signature:</p>
        <img src={value} alt="Your signature" className={styles.savedSignature} />
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            onChange('');
            setRedraw(true);
          }}
        >
          Clear Signature
        </Button>
      </div>
    );
  }
  return (
    <SignaturePad.Root
      drawing={{ size: isMobile() ? 3 : 2, simulatePressure: false }}
      onDrawEnd={(details) => {
        void details.getDataUrl('image/png').then(onChange);
      }}
      className={css({ display: 'grid', gap: '3', justifyItems: 'start' })}
    >
      <SignaturePad.Label className={styles.hint}>
        Sign in the box below with your finger, a stylus or the mouse.
      </SignaturePad.Label>
      <SignaturePad.Control className={styles.padControl} data-testid="signature-pad">
        <SignaturePad.Segment className={styles.padSegment} />
        <SignaturePad.Guide className={styles.padGuide} />
      </SignaturePad.Control>
      <SignaturePad.ClearTrigger className={cx(css({ cursor: 'pointer' }))} asChild>
        <Button type="button" variant="secondary" onClick={() => onChange('')}>
          Clear Signature
        </Button>
      </SignaturePad.ClearTrigger>
      {value ? <p className={styles.hint}>Signature captured.</p> : null}
    </SignaturePad.Root>
  );
}

/** Step 5 and the dashboard: where and how to pay, with copy buttons. */
export function PaymentInstructions({ total, name, reference }: { total: number; name: string; reference: string }) {
  const rows: [string, string][] = [
    ['Bank', BANK_DETAILS.bank],
    ['Account name', BANK_DETAILS.accountName],
    ['Sort code', BANK_DETAILS.sortCode],
    ['Account number', BANK_DETAILS.accountNumber],
    ['Amount', money(total || 0)],
    ['Payment reference', reference],
  ];
  return (
    <div className={styles.bank}>
      <p>
        Please pay {money(total || 0)} by bank transfer
        {name.trim() ? ` from an account in the name of ${name.trim()}` : ''}, quoting the payment reference.
      </p>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.bankRow}>
          <div>
            <div className={styles.bankLabel}>{label}</div>
            <div className={styles.bankValue}>{value}</div>
          </div>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            aria-label={`Copy ${label}`}
            onClick={() => void copyToClipboard(label, value)}
          >
            Copy
          </Button>
        </div>
      ))}
      <p className={styles.hint}>
        Payments are usually processed within 1-2 business days. Your share certificate is issued within 3 working days
        of your payment clearing.
      </p>
    </div>
  );
}
