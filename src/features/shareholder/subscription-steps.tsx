import { useState, type ReactNode } from 'react';
import { SUBSCRIPTION_LABELS } from '../../data/field-labels';
import type * as v from 'valibot';
import { css } from 'styled-system/css';
import { formatAmount as money } from '../../lib/format';
import { MIN_SHARES, SHARE_PRICE, SHARE_STEP } from '../../lib/shareholding';
import { TextField } from '../../ui/field';
import { useAppForm } from '../../ui/form';
import { MIN_SHARES_MESSAGE, normaliseShares, roundingNote, totalFor } from './subscription';
import {
  belowMinimum,
  PERSONAL_MAX_LENGTH,
  personalSchema,
  TOO_MANY_SHARES_MESSAGE,
  tooManyShares,
  type WizardValues,
} from './subscription-form';
import { Figures } from '../../ui/figures';

// Steps 1–3 of the subscription wizard (docs/product/subscription.md#steps); 4 is signature-step,
// 5 payment-instructions.

/** The wizard's form: one TanStack Form over every step's values. */
export const useSubscriptionForm = (initial: WizardValues) => useAppForm({ defaultValues: initial });
export type SubscriptionForm = ReturnType<typeof useSubscriptionForm>;

const styles = {
  grid: css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } }),
  wide: css({ gridColumn: { md: 'span 2' } }),
  column: css({ display: 'grid', gap: '4' }),
  warn: css({ fontSize: 'sm', color: 'danger', fontWeight: 'medium' }),
  note: css({ fontSize: 'sm', color: 'fg.muted' }),
  check: css({
    display: 'flex',
    gap: '3',
    alignItems: 'flex-start',
    cursor: 'pointer',
    '& input': { mt: '1', w: '5', h: '5', flexShrink: '0', accentColor: 'var(--colors-primary)' },
  }),
};

const PERSONAL_FIELDS = [
  ['subscriberName', SUBSCRIPTION_LABELS.subscriber_name, 'name', 'text', true],
  ['subscriberEmail', SUBSCRIPTION_LABELS.subscriber_email, 'email', 'email', true],
  ['subscriberAddress', SUBSCRIPTION_LABELS.subscriber_address, 'street-address', 'text', true],
  ['subscriberPhone', SUBSCRIPTION_LABELS.subscriber_phone, 'tel', 'tel', false],
] as const;

// Each field's own rule; as one type, since the four differ only in their checks.
const fieldRule = (name: (typeof PERSONAL_FIELDS)[number][0]): v.GenericSchema<string> => personalSchema.entries[name];

/** Step 1: name, email and address are required, the phone is not; each is checked when it is left. */
export function PersonalDetailsStep({
  form,
  refused = {},
  notice,
}: {
  form: SubscriptionForm;
  /** What the server refused, by field (shown until the field is changed). */
  refused?: Partial<Record<keyof WizardValues, string>>;
  /** Said under a field (its value replaced by another device's, say), by field name and label. */
  notice?: (name: keyof WizardValues, label: string) => ReactNode;
}) {
  return (
    <div className={styles.grid}>
      {PERSONAL_FIELDS.map(([name, label, autoComplete, type, required]) => (
        <form.AppField key={name} name={name} validators={{ onBlur: fieldRule(name) }}>
          {(field) => (
            <div className={name === 'subscriberAddress' ? styles.wide : undefined}>
              <field.TextField
                label={label}
                type={type}
                autoComplete={autoComplete}
                required={required}
                maxLength={PERSONAL_MAX_LENGTH[name]}
                otherError={refused[name]}
              />
              {notice?.(name, label)}
            </div>
          )}
        </form.AppField>
      ))}
    </div>
  );
}

/** Step 2: how many shares (5,000 or more, in steps of 1,000) and what they cost. */
export function InvestmentStep({
  form,
  refused,
  notice,
}: {
  form: SubscriptionForm;
  refused?: string | undefined;
  /** Said under the number of shares (its value replaced by another device's, say). */
  notice?: ReactNode;
}) {
  // What was typed before the field rounded it on leaving, so the change is said, not silent.
  const [typedBeforeRounding, setTypedBeforeRounding] = useState<string | null>(null);
  return (
    <form.Field name="numberOfShares">
      {(field) => {
        const { shares } = normaliseShares(field.state.value);
        const tooMany = tooManyShares(field.state.value);
        const typed =
          typedBeforeRounding !== null && normaliseShares(typedBeforeRounding).shares === shares
            ? typedBeforeRounding
            : field.state.value;
        const rounding = tooMany ? null : roundingNote(typed);
        return (
          <div className={styles.column}>
            <TextField
              label={SUBSCRIPTION_LABELS.number_of_shares}
              name="numberOfShares"
              type="number"
              inputMode="numeric"
              min={MIN_SHARES}
              step={SHARE_STEP}
              value={field.state.value}
              onChange={(event) => {
                setTypedBeforeRounding(null);
                field.handleChange(event.target.value);
              }}
              onBlur={() => {
                if (!tooMany && roundingNote(field.state.value)) setTypedBeforeRounding(field.state.value);
                field.handleChange(String(shares));
                field.handleBlur();
              }}
              error={tooMany ? TOO_MANY_SHARES_MESSAGE : refused}
            />
            {notice}
            {belowMinimum(field.state.value) ? (
              <p className={styles.warn} role="alert">
                {MIN_SHARES_MESSAGE}
              </p>
            ) : null}
            <p className={styles.note} role="status">
              {rounding}
            </p>
            <TextField label="Price per share" name="subscriptionPrice" value={`£${SHARE_PRICE.toFixed(2)}`} readOnly />
            <Figures>
              <dt>Shares</dt>
              <dd>{tooMany ? '—' : shares.toLocaleString('en-GB')}</dd>
              <dt>Total</dt>
              <dd data-testid="subscription-total">{tooMany ? '—' : money(totalFor(shares))}</dd>
            </Figures>
          </div>
        );
      }}
    </form.Field>
  );
}

const CONFIRMATIONS = [
  [
    'eisUnderstood',
    'I understand the Enterprise Investment Scheme (EIS) information, and that tax relief is not guaranteed.',
  ],
  [
    'cancellationUnderstood',
    'I understand that I may cancel within 10 days of the effective date, and that after 10 days the company may cancel the subscription if payment has not been received.',
  ],
  ['legalConfirmed', 'I have read the subscription terms and confirm that the details I have given are correct.'],
] as const;

/** Step 3: the three confirmations, never restored from a draft. */
export function LegalStep({ form }: { form: SubscriptionForm }) {
  return (
    <div className={styles.column}>
      {CONFIRMATIONS.map(([name, label]) => (
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
  );
}
