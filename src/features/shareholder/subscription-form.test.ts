import { describe, expect, it } from 'vitest';
import type { ShareSubscriptionDoc } from '../../data/schemas';
import {
  belowMinimum,
  initialValues,
  stepComplete,
  toDraftFields,
  typedNameMessage,
  type WizardValues,
} from './subscription-form';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

const draft = (fields: Partial<ShareSubscriptionDoc>): ShareSubscriptionDoc => ({
  id: '00000000-0000-4000-8000-000000000001',
  user_id: '00000000-0000-4000-8000-000000000002',
  number_of_shares: 5000,
  subscription_price: 1.25,
  total_amount: 6250,
  status: 'draft',
  ...fields,
});

const filled = (overrides: Partial<WizardValues> = {}): WizardValues => ({
  ...initialValues(null, 'ada@example.com'),
  subscriberName: 'Ada Lovelace',
  subscriberAddress: '1 High Street, London',
  ...overrides,
});

describe('the subscription form values', () => {
  it('start from the account email and 5,000 shares, with nothing confirmed', () => {
    expect(initialValues(null, 'ada@example.com')).toEqual({
      subscriberName: '',
      subscriberEmail: 'ada@example.com',
      subscriberAddress: '',
      subscriberPhone: '',
      numberOfShares: '5000',
      eisUnderstood: false,
      cancellationUnderstood: false,
      legalConfirmed: false,
      signatureData: '',
      signatureMethod: 'drawn',
      signatureName: '',
    });
  });

  it("resume a draft's details and signature, but never its confirmations", () => {
    const values = initialValues(
      draft({
        subscriber_name: 'Ada',
        subscriber_email: 'a@b.co',
        number_of_shares: 8000,
        signature_data: PNG,
        signature_method: 'typed',
      }),
      'ada@example.com',
    );
    expect(values).toMatchObject({
      subscriberName: 'Ada',
      subscriberEmail: 'a@b.co',
      numberOfShares: '8000',
      signatureData: PNG,
      signatureMethod: 'typed',
      eisUnderstood: false,
    });
  });

  it('save trimmed text, empty as null, whole steps of shares and the total at £1.25', () => {
    expect(
      toDraftFields(filled({ subscriberName: '  Ada  ', subscriberPhone: '   ', numberOfShares: '7,400' })),
    ).toEqual({
      subscriber_name: 'Ada',
      subscriber_email: 'ada@example.com',
      subscriber_address: '1 High Street, London',
      subscriber_phone: null,
      number_of_shares: 7000,
      subscription_price: 1.25,
      total_amount: 8750,
      signature_data: null,
      signature_method: 'drawn',
      signature_name: null,
    });
    expect(toDraftFields(filled({ numberOfShares: '12' })).number_of_shares).toBe(5000);
    // The name typed as a signature is kept with a typed signature only.
    const typed = { signatureData: PNG, signatureMethod: 'typed' as const, signatureName: ' Ada Lovelace ' };
    expect(toDraftFields(filled(typed)).signature_name).toBe('Ada Lovelace');
    expect(toDraftFields(filled({ ...typed, signatureMethod: 'drawn' })).signature_name).toBeNull();
  });
});

describe('the step rules', () => {
  it('step 1 needs a name, a valid email and an address; the phone is optional', () => {
    expect(stepComplete(1, filled())).toBe(true);
    expect(stepComplete(1, filled({ subscriberName: '   ' }))).toBe(false);
    expect(stepComplete(1, filled({ subscriberEmail: 'ada@' }))).toBe(false);
    expect(stepComplete(1, filled({ subscriberAddress: '' }))).toBe(false);
    expect(stepComplete(1, filled({ subscriberPhone: '' }))).toBe(true);
    expect(stepComplete(1, filled({ subscriberPhone: '+44 (0)20 7946 0018' }))).toBe(true);
    for (const phone of ['abcdefghijk', '-----------', '<script>alert(1)</script>', '1'])
      expect(stepComplete(1, filled({ subscriberPhone: phone }))).toBe(false);
  });

  it('step 3 needs all three confirmations, step 4 a signature; 2 and 5 always go on', () => {
    const confirmed = { eisUnderstood: true, cancellationUnderstood: true, legalConfirmed: true };
    expect(stepComplete(3, filled(confirmed))).toBe(true);
    expect(stepComplete(3, filled({ ...confirmed, legalConfirmed: false }))).toBe(false);
    expect(stepComplete(4, filled())).toBe(false);
    expect(stepComplete(4, filled({ signatureData: PNG }))).toBe(true);
    expect(stepComplete(2, filled({ numberOfShares: '' }))).toBe(true);
    // A typed signature is the step 1 name, case and spacing aside.
    const typed = (signatureName: string) =>
      filled({ subscriberName: 'Ada Lovelace', signatureData: PNG, signatureMethod: 'typed', signatureName });
    expect(stepComplete(4, typed('  ada   LOVELACE '))).toBe(true);
    expect(stepComplete(4, typed('Zorro'))).toBe(false);
    expect(stepComplete(4, typed(''))).toBe(false);
    expect(typedNameMessage('Ada Lovelace')).toBe('Type your name as you gave it in step 1: Ada Lovelace.');
    expect(stepComplete(5, filled())).toBe(true);
  });

  it('warns below the minimum, for nothing typed and for what is not a number', () => {
    expect(belowMinimum('5000')).toBe(false);
    expect(belowMinimum('12,000')).toBe(false);
    expect(belowMinimum('4999')).toBe(true);
    expect(belowMinimum('')).toBe(true);
    expect(belowMinimum('lots')).toBe(true);
  });
});
