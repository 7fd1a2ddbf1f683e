// Signing a share subscription: the agreement-status row the trigger creates, the freeze of a
// signed row, staff-only agreement progress, and the shareholder rule for creating assessment
// links — all through the real API.
import { randomBytes, randomUUID } from 'node:crypto';
import type { PostgrestError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, newUser, serviceClient, sql } from './fixtures';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomToken = () => [...randomBytes(32)].map((b) => alnum[b % alnum.length]).join('');

/** What the wizard's "Complete Subscription" sends, on top of the draft. */
const completion = (effectiveDate: string) => ({
  subscriber_name: 'Ada Lovelace',
  subscriber_address: '12 St James Square, London',
  subscriber_email: 'ada@example.test',
  number_of_shares: 8000,
  subscription_price: 1.25,
  total_amount: 10000,
  effective_date: effectiveDate,
  payment_reference: 'CHLOE-1763769600000',
  signature_data: PNG,
  signature_timestamp: new Date().toISOString(),
  status: 'signed',
});

interface Agreement {
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

function expectRefused(error: PostgrestError | null, code: string, rule: string) {
  expect(error, `expected ${code} naming ${rule}`).not.toBeNull();
  expect({ code: error?.code, message: error?.message }).toEqual({ code, message: expect.stringContaining(rule) });
}

type User = Awaited<ReturnType<typeof newUser>>;
const users: User[] = [];
const service = () => serviceClient();

async function user() {
  const u = await newUser();
  users.push(u);
  return u;
}

/** Agreement rows of a subscription, read as the superuser (what really exists). */
const agreements = (subscriptionId: string) =>
  sql<Agreement>(
    `select subscription_id, user_id, agreement_generated, agreement_signed,
            cancellation_deadline::text as cancellation_deadline, payment_received, shares_issued,
            share_certificate_issued, eis_documentation_sent
       from public.share_agreement_status where subscription_id = $1`,
    [subscriptionId],
  );

/** A signed subscription made through the API by `u`; returns its id. */
async function signedSubscription(u: User, effectiveDate = '2030-03-25') {
  const id = randomUUID();
  const { error } = await u.client
    .from('share_subscriptions')
    .insert({ id, user_id: u.user.id, ...completion(effectiveDate) });
  expect(error).toBeNull();
  return id;
}

/** Staff record payment / issue shares for a subscription. */
async function staffSets(subscriptionId: string, patch: Partial<Agreement>) {
  const { error } = await service().from('share_agreement_status').update(patch).eq('subscription_id', subscriptionId);
  expect(error).toBeNull();
}

afterAll(async () => {
  const ids = users.map((u) => u.user.id);
  await sql('delete from public.agent_assessments where created_by = any($1)', [ids]);
  await sql('delete from auth.users where id = any($1)', [ids]);
});

describe('signing creates the agreement-status row', () => {
  it('draft → signed creates exactly one row, deadline = effective date + 10 days', async () => {
    const u = await user();
    const id = randomUUID();
    // The wizard's first save: a draft with what step 1 holds.
    const draft = await u.client
      .from('share_subscriptions')
      .insert({ id, user_id: u.user.id, subscriber_name: 'Ada Lovelace', status: 'draft' });
    expect(draft.error).toBeNull();
    expect(await agreements(id)).toEqual([]);

    const signed = await u.client
      .from('share_subscriptions')
      .update(completion('2030-03-25'))
      .eq('id', id)
      .select('status');
    expect(signed.error).toBeNull();
    expect(signed.data).toEqual([{ status: 'signed' }]);

    expect(await agreements(id)).toEqual([
      {
        subscription_id: id,
        user_id: u.user.id,
        agreement_generated: true,
        agreement_signed: true,
        cancellation_deadline: '2030-04-04', // across a month end
        payment_received: false,
        shares_issued: false,
        share_certificate_issued: false,
        eis_documentation_sent: false,
      },
    ]);
  });

  it('inserting a row that is already signed (signed offline) creates one too', async () => {
    const u = await user();
    const id = await signedSubscription(u, '2030-12-28');
    const rows = await agreements(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: u.user.id, agreement_signed: true, cancellation_deadline: '2031-01-07' });
  });

  it('the owner reads it nested under the subscription, as the dashboard does', async () => {
    const u = await user();
    const id = await signedSubscription(u);
    const { data, error } = await u.client
      .from('share_subscriptions')
      .select('id, status, share_agreement_status(agreement_signed, cancellation_deadline, payment_received)')
      .eq('status', 'signed')
      .order('created_at', { ascending: false })
      .limit(1);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id,
        status: 'signed',
        share_agreement_status: [
          { agreement_signed: true, cancellation_deadline: '2030-04-04', payment_received: false },
        ],
      },
    ]);
  });

  it('a draft saved again and again creates no row', async () => {
    const u = await user();
    const id = randomUUID();
    expect((await u.client.from('share_subscriptions').insert({ id, user_id: u.user.id })).error).toBeNull();
    for (const name of ['A', 'Ad', 'Ada']) {
      const { error } = await u.client.from('share_subscriptions').update({ subscriber_name: name }).eq('id', id);
      expect(error).toBeNull();
    }
    expect(await agreements(id)).toEqual([]);
  });

  it('signing an incomplete subscription is refused and creates no row', async () => {
    const u = await user();
    const id = randomUUID();
    expect((await u.client.from('share_subscriptions').insert({ id, user_id: u.user.id })).error).toBeNull();
    const { error } = await u.client
      .from('share_subscriptions')
      .update({ ...completion('2030-03-25'), signature_data: null })
      .eq('id', id);
    expectRefused(error, '23514', 'share_subscriptions_signed_requires_signature');
    expect(await agreements(id)).toEqual([]);
  });
});

describe('a signed subscription is frozen for its owner', () => {
  let u: User;
  let id = '';
  beforeAll(async () => {
    u = await user();
    id = await signedSubscription(u);
  });

  it('the owner cannot change it', async () => {
    const { error } = await u.client
      .from('share_subscriptions')
      .update({ number_of_shares: 9000, total_amount: 11250 })
      .eq('id', id);
    expectRefused(error, '42501', 'share_subscriptions_signed_is_immutable');
  });

  it('the owner cannot un-sign it', async () => {
    const { error } = await u.client.from('share_subscriptions').update({ status: 'draft' }).eq('id', id);
    expectRefused(error, '23514', 'share_subscriptions_signed_cannot_return_to_draft');
  });

  it('the owner cannot soft-delete it', async () => {
    const { error } = await u.client.from('share_subscriptions').update({ _deleted: true }).eq('id', id);
    expectRefused(error, '42501', 'share_subscriptions_signed_is_immutable');
  });

  it('the owner cannot hard-delete it', async () => {
    const { error } = await u.client.from('share_subscriptions').delete().eq('id', id);
    expectRefused(error, '42501', 'permission denied');
  });

  it('re-sending the identical row (an idempotent sync push) is accepted and changes nothing', async () => {
    const [before] = await sql<{ subscriber_name: string }>(
      'select subscriber_name from public.share_subscriptions where id = $1',
      [id],
    );
    const { data, error } = await u.client
      .from('share_subscriptions')
      .update({ subscriber_name: before?.subscriber_name, status: 'signed' })
      .eq('id', id)
      .select('id');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(await agreements(id)).toHaveLength(1);
  });

  it('nobody returns it to draft, not even staff', async () => {
    const { error } = await service().from('share_subscriptions').update({ status: 'draft' }).eq('id', id);
    expectRefused(error, '23514', 'share_subscriptions_signed_cannot_return_to_draft');
  });

  it('staff may correct it, and a corrected effective date moves the deadline', async () => {
    const { error } = await service()
      .from('share_subscriptions')
      .update({ subscriber_address: '13 St James Square, London', effective_date: '2030-04-01' })
      .eq('id', id);
    expect(error).toBeNull();
    const rows = await agreements(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.cancellation_deadline).toBe('2030-04-11');
  });
});

describe('agreement status: read-only for the owner, staff advance it', () => {
  let u: User;
  let id = '';
  beforeAll(async () => {
    u = await user();
    id = await signedSubscription(u);
  });

  it('the owner cannot update it', async () => {
    const { error } = await u.client
      .from('share_agreement_status')
      .update({ payment_received: true })
      .eq('subscription_id', id);
    expectRefused(error, '42501', 'permission denied');
    expect((await agreements(id))[0]?.payment_received).toBe(false);
  });

  it('the owner cannot insert one', async () => {
    const draft = randomUUID();
    expect((await u.client.from('share_subscriptions').insert({ id: draft, user_id: u.user.id })).error).toBeNull();
    const { error } = await u.client
      .from('share_agreement_status')
      .insert({ subscription_id: draft, user_id: u.user.id, payment_received: true, shares_issued: true });
    expectRefused(error, '42501', 'permission denied');
    expect(await agreements(draft)).toEqual([]);
  });

  it('the owner cannot delete it', async () => {
    const { error } = await u.client.from('share_agreement_status').delete().eq('subscription_id', id);
    expectRefused(error, '42501', 'permission denied');
    expect(await agreements(id)).toHaveLength(1);
  });

  it('the service role sets payment_received and shares_issued; the owner sees them', async () => {
    await staffSets(id, { payment_received: true });
    await staffSets(id, { shares_issued: true });
    const { data, error } = await u.client
      .from('share_agreement_status')
      .select('payment_received, shares_issued')
      .eq('subscription_id', id);
    expect(error).toBeNull();
    expect(data).toEqual([{ payment_received: true, shares_issued: true }]);
  });
});

describe('only a paid shareholder with issued shares creates assessment links', () => {
  const createLink = (u: User) =>
    u.client.from('agent_assessments').insert({
      token: randomToken(),
      created_by: u.user.id,
      agency_name: 'Prospect Estates',
      main_contact_email: 'prospect@example.test',
      status: 'pending',
    });
  const canCreate = async (u: User) => (await u.client.rpc('can_create_assessments')).data;

  it('a user without a subscription cannot', async () => {
    const u = await user();
    expectRefused((await createLink(u)).error, '42501', 'row-level security');
    expect(await canCreate(u)).toBe(false);
  });

  it('a shareholder without payment and shares cannot', async () => {
    const u = await user();
    await signedSubscription(u);
    expectRefused((await createLink(u)).error, '42501', 'row-level security');
    expect(await canCreate(u)).toBe(false);
  });

  it('payment received alone is not enough', async () => {
    const u = await user();
    const id = await signedSubscription(u);
    await staffSets(id, { payment_received: true });
    expectRefused((await createLink(u)).error, '42501', 'row-level security');
  });

  it('with payment received and shares issued they can, and see the link they made', async () => {
    const u = await user();
    const id = await signedSubscription(u);
    await staffSets(id, { payment_received: true, shares_issued: true });
    expect(await canCreate(u)).toBe(true);
    const token = randomToken();
    const { data, error } = await u.client
      .from('agent_assessments')
      .insert({ token, created_by: u.user.id, agency_name: 'Prospect Estates', expires_at: '2099-01-01T00:00:00Z' })
      .select('token, status, created_by, expires_at')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ token, status: 'pending', created_by: u.user.id });
    // The client asked for 2099; the server gives every link 30 days.
    const days = (Date.parse(data?.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('even a shareholder cannot create a link in someone else’s name or already completed', async () => {
    const u = await user();
    const other = await user();
    const id = await signedSubscription(u);
    await staffSets(id, { payment_received: true, shares_issued: true });
    const forOther = await u.client
      .from('agent_assessments')
      .insert({ token: randomToken(), created_by: other.user.id });
    expectRefused(forOther.error, '42501', 'row-level security');
    const completed = await u.client.from('agent_assessments').insert({
      token: randomToken(),
      created_by: u.user.id,
      status: 'completed',
      completed_at: new Date().toISOString(),
    });
    expectRefused(completed.error, '42501', 'row-level security');
  });

  it('the latest signed subscription decides (a newer unpaid one locks the feature again)', async () => {
    const u = await user();
    const first = await signedSubscription(u);
    await staffSets(first, { payment_received: true, shares_issued: true });
    expect(await canCreate(u)).toBe(true);
    await signedSubscription(u);
    expect(await canCreate(u)).toBe(false);
    expectRefused((await createLink(u)).error, '42501', 'row-level security');
  });

  it('anonymous visitors cannot ask', async () => {
    const { error } = await anonClient().rpc('can_create_assessments');
    expect(error?.code).toBe('42501');
  });
});
