// Shared by the signing tests (signing.test.ts, agreement-status.test.ts): what the wizard sends to
// sign, the agreement-status rows the trigger makes, and the staff's steps.
import { expect } from 'vitest';
import { deleteUsers, newUser, nextSubscriptionId, PNG, serviceClient, sql } from '../fixtures';

/**
 * What the wizard's "Complete Subscription" sends, on top of the draft. The effective date, the
 * signature time and the payment reference are the server's (migration 20261123000011).
 */
export const completion = () => ({
  subscriber_name: 'Ada Lovelace',
  subscriber_address: '12 St James Square, London',
  subscriber_email: 'ada@example.test',
  number_of_shares: 8000,
  subscription_price: 1.25,
  total_amount: 10000,
  signature_data: PNG,
  status: 'signed',
});

/** The server's date today (UTC, 'YYYY-MM-DD') plus `days`: the effective date it sets, and after. */
export async function serverDate(days = 0) {
  const [row] = await sql<{ d: string }>(`select ((now() at time zone 'UTC')::date + $1::int)::text as d`, [days]);
  return row!.d;
}

export interface Agreement {
  subscription_id: string;
  user_id: string;
  agreement_generated: boolean;
  agreement_signed: boolean;
  cancellation_deadline: string;
  payment_received: boolean;
  shares_issued: boolean;
  share_certificate_issued: boolean;
  eis_documentation_sent: boolean;
}

export type User = Awaited<ReturnType<typeof newUser>>;
export const users: User[] = [];
export const service = () => serviceClient();

export async function user() {
  const u = await newUser();
  users.push(u);
  return u;
}

/** Agreement rows of a subscription, read as the superuser (what really exists). */
export const agreements = (subscriptionId: string) =>
  sql<Agreement>(
    `select subscription_id, user_id, agreement_generated, agreement_signed,
            cancellation_deadline::text as cancellation_deadline, payment_received, shares_issued,
            share_certificate_issued, eis_documentation_sent
       from public.share_agreement_status where subscription_id = $1`,
    [subscriptionId],
  );

/**
 * A signed subscription made through the API by `u`; returns its id. With `effectiveDate`, staff
 * then move its effective date there (as the superuser: no device can), for dates far from today.
 */
export async function signedSubscription(u: User, effectiveDate?: string) {
  const id = await nextSubscriptionId(u.user.id);
  const { error } = await u.client.from('share_subscriptions').insert({ id, user_id: u.user.id, ...completion() });
  expect(error).toBeNull();
  if (effectiveDate)
    await sql('update public.share_subscriptions set effective_date = $2 where id = $1', [id, effectiveDate]);
  return id;
}

/** Staff record payment / issue shares for a subscription. */
export async function staffSets(subscriptionId: string, patch: Partial<Agreement>) {
  const { error } = await service().from('share_agreement_status').update(patch).eq('subscription_id', subscriptionId);
  expect(error).toBeNull();
}

/** Removes the users a test file made (their rows go with them) and the links they created. */
export async function removeUsers() {
  const ids = users.map((u) => u.user.id);
  await sql('delete from public.agent_assessments where created_by = any($1)', [ids]);
  await deleteUsers(ids);
}
