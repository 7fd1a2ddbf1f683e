// Every validation rule the database enforces, refused through the real API with a clear error:
// the SQLSTATE and the rule's name in the message. Also the defaults a new row gets and the
// columns the server owns.
//
// Here: share subscriptions and the order of the staff's agreement steps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, nextSubscriptionId, PNG, sql } from '../fixtures';
import { newOwner, type Owner, removeOwner } from './constraints-fixtures';

let owner: Owner;
beforeAll(async () => void (owner = await newOwner()));
afterAll(() => removeOwner(owner));
const service = () => owner.service;

describe('share_subscriptions', () => {
  const signed = {
    subscriber_name: 'Ada Lovelace',
    subscriber_address: '12 St James Square, London',
    subscriber_email: 'ada@example.test',
    signature_data: PNG,
    status: 'signed',
  };
  const insert = (row: Record<string, unknown>) =>
    owner.client.from('share_subscriptions').insert({ user_id: owner.id, ...row });
  // An account holds one open draft: each test that makes one takes it away after.
  const withoutDraft = () =>
    sql(`delete from public.share_subscriptions where user_id = $1 and status = 'draft'`, [owner.id]);

  it('defaults a draft to 5,000 shares at £1.25, total £6,250', async () => {
    const { data, error } = await insert({ id: await nextSubscriptionId(owner.id) })
      .select('number_of_shares, subscription_price, total_amount, status')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ number_of_shares: 5000, subscription_price: 1.25, total_amount: 6250, status: 'draft' });
    await withoutDraft();
  });

  it.each([
    [{ number_of_shares: 4000, total_amount: 5000 }, 'share_subscriptions_minimum_5000_shares'],
    [{ number_of_shares: 5500, total_amount: 6875 }, 'share_subscriptions_shares_in_steps_of_1000'],
    [{ subscription_price: 1, total_amount: 5000 }, 'share_subscriptions_price_is_1_25'],
    [{ number_of_shares: 6000, total_amount: 6250 }, 'share_subscriptions_total_is_shares_times_price'],
    [{ signature_data: 'javascript:alert(1)' }, 'share_subscriptions_signature_is_base64_image'],
    [
      { signature_data: 'data:image/svg+xml,<svg onload="alert(1)"/>' },
      'share_subscriptions_signature_is_base64_image',
    ],
    [{ status: 'bogus' }, 'share_subscriptions_status_values'],
    [{ status: 'cancelled' }, 'share_subscriptions_cancelled_has_time'],
  ])('refuses %o (%s)', async (row, rule) => {
    expectRefused((await insert(row)).error, '23514', rule);
  });

  it('accepts 6,000 shares with total £7,500', async () => {
    const id = await nextSubscriptionId(owner.id);
    expect((await insert({ id, number_of_shares: 6000, total_amount: 7500 })).error).toBeNull();
    await withoutDraft();
  });

  it.each([
    ['subscriber_name', '  ', 'share_subscriptions_signed_requires_name'],
    ['subscriber_email', null, 'share_subscriptions_signed_requires_email'],
    ['subscriber_address', '', 'share_subscriptions_signed_requires_address'],
    ['signature_data', null, 'share_subscriptions_signed_requires_signature'],
    // The effective date, signature time and payment reference are set by the server on signing
    // (../shareholder/signing-facts.test.ts), so no device can sign without them.
  ])('refuses signing without %s', async (column, value, rule) => {
    expectRefused((await insert({ ...signed, [column]: value })).error, '23514', rule);
  });
});

describe('share_agreement_status ordering (staff steps)', () => {
  let agreementId = '';
  beforeAll(async () => {
    const { data, error } = await owner.client
      .from('share_subscriptions')
      .insert({
        id: await nextSubscriptionId(owner.id),
        user_id: owner.id,
        subscriber_name: 'Ada Lovelace',
        subscriber_address: '12 St James Square, London',
        subscriber_email: 'ada@example.test',
        signature_data: PNG,
        status: 'signed',
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    // Read separately: an insert's response cannot see the row its AFTER trigger made.
    const status = await owner.client
      .from('share_agreement_status')
      .select('id')
      .eq('subscription_id', data?.id)
      .single();
    expect(status.error).toBeNull();
    agreementId = status.data?.id as string;
  });
  const set = (patch: Record<string, boolean>) =>
    service().from('share_agreement_status').update(patch).eq('id', agreementId);

  it('refuses shares issued before payment', async () => {
    expectRefused((await set({ shares_issued: true })).error, '23514', 'share_agreement_status_shares_require_payment');
  });
  it('refuses a certificate before shares are issued', async () => {
    expectRefused(
      (await set({ payment_received: true, share_certificate_issued: true })).error,
      '23514',
      'share_agreement_status_certificate_requires_shares',
    );
  });
  it('refuses EIS documentation before the certificate', async () => {
    expectRefused(
      (await set({ payment_received: true, shares_issued: true, eis_documentation_sent: true })).error,
      '23514',
      'share_agreement_status_eis_requires_certificate',
    );
  });
  it('accepts the steps in order', async () => {
    const all = {
      payment_received: true,
      shares_issued: true,
      share_certificate_issued: true,
      eis_documentation_sent: true,
    };
    expect((await set(all)).error).toBeNull();
  });
});
