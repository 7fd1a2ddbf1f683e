// Signing a share subscription: the agreement-status row the trigger creates, the freeze of a
// signed row, staff-only agreement progress, and the shareholder rule for creating assessment
// links — all through the real API.
//
// Here: signing, and the signed row frozen. Helpers: signing-fixtures.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, nextSubscriptionId, sql } from '../fixtures';
import {
  agreements,
  completion,
  removeUsers,
  serverDate,
  service,
  signedSubscription,
  user,
  type User,
} from './signing-fixtures';

afterAll(removeUsers);

describe('signing creates the agreement-status row', () => {
  it('draft → signed creates exactly one row, deadline = effective date (the server’s today) + 10 days', async () => {
    const u = await user();
    const id = await nextSubscriptionId(u.user.id);
    // The wizard's first save: a draft with what step 1 holds.
    const draft = await u.client
      .from('share_subscriptions')
      .insert({ id, user_id: u.user.id, subscriber_name: 'Ada Lovelace', status: 'draft' });
    expect(draft.error).toBeNull();
    expect(await agreements(id)).toEqual([]);

    const signed = await u.client
      .from('share_subscriptions')
      .update(completion())
      .eq('id', id)
      .select('status, effective_date');
    expect(signed.error).toBeNull();
    expect(signed.data).toEqual([{ status: 'signed', effective_date: await serverDate() }]);

    expect(await agreements(id)).toEqual([
      {
        subscription_id: id,
        user_id: u.user.id,
        agreement_generated: true,
        agreement_signed: true,
        cancellation_deadline: await serverDate(10),
        payment_received: false,
        shares_issued: false,
        share_certificate_issued: false,
        eis_documentation_sent: false,
      },
    ]);
  });

  it('inserting a row that is already signed (signed offline) creates one too; staff moving the date moves the deadline', async () => {
    const u = await user();
    const id = await signedSubscription(u, '2030-12-28'); // across a year end
    const rows = await agreements(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: u.user.id, agreement_signed: true, cancellation_deadline: '2031-01-07' });
  });

  it('the owner reads it nested under the subscription, as the dashboard does', async () => {
    const u = await user();
    const id = await signedSubscription(u, '2030-03-25');
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
          { agreement_signed: true, cancellation_deadline: '2030-04-04', payment_received: false }, // across a month end
        ],
      },
    ]);
  });

  it('a draft saved again and again creates no row', async () => {
    const u = await user();
    const id = await nextSubscriptionId(u.user.id);
    expect((await u.client.from('share_subscriptions').insert({ id, user_id: u.user.id })).error).toBeNull();
    for (const name of ['A', 'Ad', 'Ada']) {
      const { error } = await u.client.from('share_subscriptions').update({ subscriber_name: name }).eq('id', id);
      expect(error).toBeNull();
    }
    expect(await agreements(id)).toEqual([]);
  });

  it('signing an incomplete subscription is refused and creates no row', async () => {
    const u = await user();
    const id = await nextSubscriptionId(u.user.id);
    expect((await u.client.from('share_subscriptions').insert({ id, user_id: u.user.id })).error).toBeNull();
    const { error } = await u.client
      .from('share_subscriptions')
      .update({ ...completion(), signature_data: null })
      .eq('id', id);
    expectRefused(error, '23514', 'share_subscriptions_signed_requires_signature');
    expect(await agreements(id)).toEqual([]);
  });

  it('a signature that is not a whole picture (empty, a bare header, not an image) is refused when signing', async () => {
    const u = await user();
    const id = await nextSubscriptionId(u.user.id);
    expect((await u.client.from('share_subscriptions').insert({ id, user_id: u.user.id })).error).toBeNull();
    for (const signature of [
      'data:image/png;base64,',
      'data:image/png;base64,iVBORw0KGgo=',
      'data:image/png;base64,AAAA',
      'data:image/jpeg;base64,/9j/',
      'data:image/webp;base64,UklGRg==',
    ]) {
      const { error } = await u.client
        .from('share_subscriptions')
        .update({ ...completion(), signature_data: signature })
        .eq('id', id);
      expectRefused(error, '23514', 'share_subscriptions_signature_is_an_image');
    }
    expect(await agreements(id)).toEqual([]);
    // A whole PNG signs.
    const signed = await u.client.from('share_subscriptions').update(completion()).eq('id', id).select('status');
    expect(signed.data).toEqual([{ status: 'signed' }]);
  });

  it('a typed signature is the subscriber’s name as given (case and spacing aside), or it does not sign', async () => {
    const u = await user();
    const id = await nextSubscriptionId(u.user.id);
    expect((await u.client.from('share_subscriptions').insert({ id, user_id: u.user.id })).error).toBeNull();
    const sign = (signature_name: string | null) =>
      u.client
        .from('share_subscriptions')
        .update({ ...completion(), signature_method: 'typed', signature_name })
        .eq('id', id)
        .select('status, signature_name');
    for (const name of ['Zorro', null, '  ']) {
      expectRefused((await sign(name)).error, '23514', 'share_subscriptions_typed_signature_is_the_name');
    }
    expect(await agreements(id)).toEqual([]);
    const signed = await sign('  ada   LOVELACE ');
    expect(signed.error).toBeNull();
    expect(signed.data).toEqual([{ status: 'signed', signature_name: '  ada   LOVELACE ' }]);
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
