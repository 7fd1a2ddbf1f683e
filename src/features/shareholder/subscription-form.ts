// The subscription form's model (docs/product/subscription.md#steps): its values, the step rules
// and the mapping to the stored draft. Pure functions, unit-tested; the wizard only draws them.
import * as v from 'valibot';
import { refusalMessage, type FieldRefusal } from '../../data/refusals';
import type { DraftFields } from '../../data/subscriptions';
import { sameValue } from '../../sync/merge';
import type { ShareSubscriptionDoc } from '../../data/schemas';
import { atMostMessage, EMAIL_PATTERN, isPhone, MAX_CHARS, PHONE_MESSAGE } from '../../lib/limits';
import { MAX_SHARES, MIN_SHARES, SHARE_PRICE } from '../../lib/shareholding';
import { normaliseShares, totalFor } from './subscription';

// Step 1: name, email and address are required, the phone is optional.
// The lengths and the email test are the database's (src/lib/limits.ts).
export const personalSchema = v.object({
  subscriberName: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Please enter your full name.'),
    v.maxLength(MAX_CHARS.name, atMostMessage(MAX_CHARS.name)),
  ),
  subscriberEmail: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Please enter your email address.'),
    v.regex(EMAIL_PATTERN, 'Please enter a valid email address.'),
    v.maxLength(MAX_CHARS.email, atMostMessage(MAX_CHARS.email)),
  ),
  subscriberAddress: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Please enter your address.'),
    v.maxLength(MAX_CHARS.address, atMostMessage(MAX_CHARS.address)),
  ),
  subscriberPhone: v.pipe(
    v.string(),
    v.maxLength(MAX_CHARS.phone, atMostMessage(MAX_CHARS.phone)),
    v.check((phone) => phone.trim() === '' || isPhone(phone), PHONE_MESSAGE),
  ),
});

/** The most characters each step 1 field takes (the input stops there). */
export const PERSONAL_MAX_LENGTH = {
  subscriberName: MAX_CHARS.name,
  subscriberEmail: MAX_CHARS.email,
  subscriberAddress: MAX_CHARS.address,
  subscriberPhone: MAX_CHARS.phone,
} as const;

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
  /** How the signature was made: drawn on the pad, or the name typed (and drawn as an image). */
  signatureMethod: 'drawn' | 'typed';
  /** The name typed as the signature (typed only): it must be the step 1 name. */
  signatureName: string;
}

/** Two names are one for a typed signature: case, and spaces around and between words, aside (as Postgres' same_name). */
export const sameName = (a: string, b: string) => {
  const key = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
  return key(a) === key(b);
};

/** What step 4 says under a typed signature that is not the step 1 name. */
export const typedNameMessage = (name: string) =>
  name.trim() ? `Type your name as you gave it in step 1: ${name.trim()}.` : 'Give your full name in step 1 first.';

/** Whether the signature made in step 4 may sign: drawn, or typed as the step 1 name. */
export const signatureReady = (values: WizardValues) =>
  values.signatureData !== '' &&
  (values.signatureMethod !== 'typed' ||
    (values.subscriberName.trim() !== '' && sameName(values.signatureName, values.subscriberName)));

export function initialValues(draft: ShareSubscriptionDoc | null, email: string | undefined): WizardValues {
  return {
    subscriberName: draft?.subscriber_name ?? '',
    subscriberEmail: draft?.subscriber_email ?? email ?? '',
    subscriberAddress: draft?.subscriber_address ?? '',
    subscriberPhone: draft?.subscriber_phone ?? '',
    numberOfShares: String(draft?.number_of_shares ?? MIN_SHARES),
    // Never restored from a draft: confirmed afresh every time.
    eisUnderstood: false,
    cancellationUnderstood: false,
    legalConfirmed: false,
    signatureData: draft?.signature_data ?? '',
    signatureMethod: draft?.signature_method === 'typed' ? 'typed' : 'drawn',
    signatureName: draft?.signature_name ?? '',
  };
}

export const TOO_MANY_SHARES_MESSAGE = `The number of shares is too large: at most ${MAX_SHARES.toLocaleString('en-GB')} are offered`;

/** What was typed in 'Number of shares' is more than anyone may subscribe for. */
export function tooManyShares(numberOfShares: string): boolean {
  return normaliseShares(numberOfShares).shares > MAX_SHARES;
}

/**
 * The stored values for the form's values. Too many shares are never stored: the shares keep
 * `agreed` (what is stored, or the minimum), and the field says why. Nor is a number still being
 * typed below the minimum ('7' on the way to '7000'): leaving the field rounds it up, and that is
 * stored.
 */
export function toDraftFields(
  values: WizardValues,
  agreed?: Pick<DraftFields, 'number_of_shares'> | null,
): DraftFields {
  const typed = normaliseShares(values.numberOfShares).shares;
  const unfinished = typeof agreed?.number_of_shares === 'number' && belowMinimum(values.numberOfShares);
  const shares = typed > MAX_SHARES || unfinished ? (agreed?.number_of_shares ?? MIN_SHARES) : typed;
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
    signature_method: values.signatureMethod,
    signature_name: values.signatureMethod === 'typed' ? text(values.signatureName) : null,
  };
}

/** The form field that shows each stored field (the price and total follow the shares). */
export const FORM_FIELD = {
  subscriber_name: 'subscriberName',
  subscriber_email: 'subscriberEmail',
  subscriber_address: 'subscriberAddress',
  subscriber_phone: 'subscriberPhone',
  number_of_shares: 'numberOfShares',
  signature_data: 'signatureData',
  signature_method: 'signatureMethod',
  signature_name: 'signatureName',
} as const satisfies Partial<Record<keyof DraftFields, keyof WizardValues>>;

export type ShownField = keyof typeof FORM_FIELD;

/** A stored value as its form field holds it. */
export function formValue(field: ShownField, value: unknown): string {
  if (field === 'number_of_shares') return String(typeof value === 'number' ? value : MIN_SHARES);
  return typeof value === 'string' ? value : '';
}

/** The stored field a form field shows, by the form field's name. */
export function storedField(formName: string | null | undefined): ShownField | undefined {
  return (Object.keys(FORM_FIELD) as ShownField[]).find((k) => FORM_FIELD[k] === formName);
}

/** Whether Next may leave `step` (1-based) with these values. */
export function stepComplete(step: number, values: WizardValues): boolean {
  if (step === 1) return v.safeParse(personalSchema, values).success;
  if (step === 2) return !tooManyShares(values.numberOfShares);
  if (step === 3) return v.safeParse(legalSchema, values).success;
  if (step === 4) return signatureReady(values);
  return true;
}

/** What was typed in 'Number of shares' is empty, not a number, or under the minimum. */
export function belowMinimum(numberOfShares: string): boolean {
  const typed = Number(numberOfShares.replace(/[,\s]/g, ''));
  return numberOfShares.trim() === '' || !Number.isFinite(typed) || typed < MIN_SHARES;
}

// How each stored field is named in a refusal shown next to it.
const REFUSED_LABEL: Record<ShownField, string> = {
  subscriber_name: 'The name',
  subscriber_email: 'The email address',
  subscriber_address: 'The address',
  subscriber_phone: 'The phone number',
  number_of_shares: 'The number of shares',
  signature_data: 'The signature',
  signature_method: 'The way of signing',
  signature_name: 'The typed name',
};

/** A refusal of the subscription in words, naming the field when the server named one. */
export function subscriptionRefusalWords(found: FieldRefusal): string {
  const field = found.fields.find((f): f is ShownField => f in REFUSED_LABEL);
  return refusalMessage(field ? REFUSED_LABEL[field] : 'This subscription', found.refusal);
}

/** What the server refused, said next to each field while it still holds the refused value. */
export function refusedMessages(
  refusal: FieldRefusal | null,
  values: WizardValues,
  stored: Pick<DraftFields, 'number_of_shares'> | null,
): Partial<Record<keyof WizardValues, string>> {
  const typed = { ...toDraftFields(values, stored), number_of_shares: normaliseShares(values.numberOfShares).shares };
  const refused: Partial<Record<keyof WizardValues, string>> = {};
  for (const field of refusal?.fields ?? []) {
    if (field in FORM_FIELD && sameValue(typed[field as ShownField] ?? null, refusal!.refused[field] ?? null)) {
      const shown = field as ShownField;
      refused[FORM_FIELD[shown]] = refusalMessage(REFUSED_LABEL[shown], refusal!.refusal);
    }
  }
  return refused;
}

/** Stored values as the form's fields hold them (the price and total follow the shares). */
export function formValues(stored: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(stored)) {
    if (field in FORM_FIELD) values[FORM_FIELD[field as ShownField]] = formValue(field as ShownField, value);
  }
  return values;
}
