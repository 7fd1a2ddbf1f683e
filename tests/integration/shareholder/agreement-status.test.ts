// Signing a share subscription: the agreement-status row the trigger creates, the freeze of a
// signed row, staff-only agreement progress, and the shareholder rule for creating assessment
// links — all through the real API.
//
// Here: agreement progress and the links it unlocks. Helpers: signing-fixtures.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, expectRefused, nextSubscriptionId, randomToken, sql } from '../fixtures';
import { agreements, removeUsers, signedSubscription, staffSets, user, type User } from './signing-fixtures';

afterAll(removeUsers);

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
    const draft = await nextSubscriptionId(u.user.id);
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
  const canCreate = async (u: User) => (await u.client.rpc('can_create_assessments')).data as boolean;

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
      .insert({
        token,
        created_by: u.user.id,
        agency_name: 'Prospect Estates',
        main_contact_email: 'agent@prospect.test',
        expires_at: '2099-01-01T00:00:00Z',
      })
      .select('token, status, expires_at')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ token, status: 'pending' });
    // Without a token header the select policy shows a user the links they made, and only those;
    // who made one is no client's to read (migration 20261127000026), not even the creator's.
    const listed = await u.client.from('agent_assessments').select('token');
    expect(listed).toMatchObject({ error: null, data: [{ token }] });
    expectRefused((await u.client.from('agent_assessments').select('created_by')).error, '42501', 'permission denied');
    expect(await sql('select created_by from public.agent_assessments where token = $1', [token])).toEqual([
      { created_by: u.user.id },
    ]);
    // The client asked for 2099; the server gives every link 30 days.
    const days = (Date.parse(data?.expires_at as string) - Date.now()) / 86_400_000;
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
      .insert({ token: randomToken(), created_by: other.user.id, main_contact_email: 'agent@prospect.test' });
    expectRefused(forOther.error, '42501', 'row-level security');
    const completed = await u.client.from('agent_assessments').insert({
      token: randomToken(),
      created_by: u.user.id,
      main_contact_email: 'agent@prospect.test',
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
