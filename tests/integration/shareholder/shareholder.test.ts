// Signing evidence and the cooling-off right, through the real API (migration 20261123000007).
import { createHash } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { agreementText } from '../../../src/features/shareholder/agreement';
import { newUser, PNG, sql, stack, subscriptionIdOf } from '../fixtures';

const UA = 'Mozilla/5.0 (Chloe e2e tablet)';

const daysAgo = (n: number) => new Date(Date.now() - n * 864e5).toISOString().slice(0, 10);

// The effective date, signature time and payment reference are the server's (20261123000011).
// `generation`: how many of the user's subscriptions are signed before it (its id follows).
const signed = (userId: string, generation = 0) => ({
  id: subscriptionIdOf(userId, generation),
  user_id: userId,
  subscriber_name: 'Ada Lovelace',
  subscriber_address: '12 St James Square, London',
  subscriber_email: 'ada@example.test',
  subscriber_phone: null,
  number_of_shares: 13000,
  subscription_price: 1.25,
  total_amount: 16250,
  signature_data: PNG,
  status: 'signed',
});

/** Staff move a signed row's effective date (as the superuser: no device can). */
const backdate = (id: string, effectiveDate: string) =>
  sql('update public.share_subscriptions set effective_date = $2 where id = $1', [id, effectiveDate]);

/** A signed-in user whose requests carry a browser's user agent. */
async function subscriber() {
  const u = await newUser();
  const client = createClient(stack().apiUrl, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { 'User-Agent': UA, Authorization: `Bearer ${u.session.access_token}` } },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  return { ...u, client };
}

describe('signing evidence', () => {
  it.each(['drawn', 'typed'] as const)(
    'the server hashes the agreement text the app shows together with the signature (%s), and records the user agent',
    async (method) => {
      const u = await subscriber();
      // A typed signature carries the name typed: the subscriber's own.
      const row = {
        ...signed(u.user.id),
        signature_method: method,
        signature_name: method === 'typed' ? 'Ada Lovelace' : null,
      };
      const { data, error } = await u.client
        .from('share_subscriptions')
        .insert(row)
        .select('signature_hash, signed_user_agent, effective_date, payment_reference')
        .single();
      expect(error).toBeNull();
      const [server] = await sql<{ text: string }>(
        'select public.share_agreement_text(s) as text from share_subscriptions s where id = $1',
        [row.id],
      );
      // The text the subscriber read in the app is the text the server signed, to the character,
      // with the server's effective date (one UK date format) and reference.
      const stored = data as {
        signature_hash: string;
        signed_user_agent: string;
        effective_date: string;
        payment_reference: string;
      };
      const text = agreementText({
        ...row,
        effective_date: stored.effective_date,
        payment_reference: stored.payment_reference,
      });
      expect(text).toBe(server!.text);
      expect(text).toMatch(/^Effective date: \d{1,2} [A-Z][a-z]+ \d{4}$/m);
      // The agreement says how it was signed.
      expect(text.split('\n').at(-1)).toBe(
        method === 'typed'
          ? 'Signed electronically by the Subscriber, who typed their name as their signature.'
          : 'Signed electronically by the Subscriber with a drawn signature.',
      );
      const expected = createHash('sha256').update(`${server!.text}\n${PNG}`, 'utf8').digest('hex');
      expect({ signature_hash: stored.signature_hash, signed_user_agent: stored.signed_user_agent }).toEqual({
        signature_hash: expected,
        signed_user_agent: UA,
      });
    },
  );

  it('a way of signing other than drawn or typed is refused by name', async () => {
    const u = await subscriber();
    const { error } = await u.client
      .from('share_subscriptions')
      .insert({ ...signed(u.user.id), signature_method: 'stamped' });
    expect(error).toMatchObject({
      code: '23514',
      message: expect.stringContaining('share_subscriptions_signature_method_values') as unknown,
    });
  });

  it('a device cannot write the evidence itself, and nothing signed can change afterwards', async () => {
    const u = await subscriber();
    const row = signed(u.user.id);
    const forged = await u.client.from('share_subscriptions').insert({ ...row, signature_hash: 'f'.repeat(64) });
    expect(forged.error?.code).toBe('42501');
    await u.client.from('share_subscriptions').insert(row).throwOnError();
    const change = await u.client
      .from('share_subscriptions')
      .update({ number_of_shares: 5000, total_amount: 6250 })
      .eq('id', row.id);
    expect(change.error?.message).toContain('share_subscriptions_signed_is_immutable');
    const hash = await u.client.from('share_subscriptions').update({ signature_hash: null }).eq('id', row.id);
    expect(hash.error?.code).toBe('42501');
  });
});

describe('drafts', () => {
  it('the owner can still upsert a draft by id (the evidence columns are the only ones withheld)', async () => {
    const u = await subscriber();
    const draft = { ...signed(u.user.id), status: 'draft', signature_data: null };
    await u.client.from('share_subscriptions').upsert(draft).throwOnError();
    await u.client
      .from('share_subscriptions')
      .upsert({ ...draft, subscriber_name: 'Ada King' })
      .throwOnError();
    expect(await sql('select subscriber_name from share_subscriptions where id = $1', [draft.id])).toEqual([
      { subscriber_name: 'Ada King' },
    ]);
  });
});

describe('cancelling during cooling-off', () => {
  it('is accepted before the deadline: status cancelled and when, and the row is final after', async () => {
    const u = await subscriber();
    const row = signed(u.user.id);
    await u.client.from('share_subscriptions').insert(row).throwOnError();
    await backdate(row.id, daysAgo(9));
    const { data, error } = await u.client
      .from('share_subscriptions')
      .update({ status: 'cancelled' })
      .eq('id', row.id)
      .select('status, cancelled_at')
      .single();
    expect(error).toBeNull();
    expect(data?.status).toBe('cancelled');
    expect(Math.abs(Date.parse(data!.cancelled_at as string) - Date.now())).toBeLessThan(60_000);
    const back = await u.client.from('share_subscriptions').update({ status: 'signed' }).eq('id', row.id);
    expect(back.error?.message).toContain('share_subscriptions_signed_cannot_return_to_draft');
  });

  it('is refused after the deadline, with the date it ended', async () => {
    const u = await subscriber();
    const row = signed(u.user.id);
    await u.client.from('share_subscriptions').insert(row).throwOnError();
    await backdate(row.id, daysAgo(10));
    const { error } = await u.client.from('share_subscriptions').update({ status: 'cancelled' }).eq('id', row.id);
    expect(error?.code).toBe('23514');
    expect(error?.message).toMatch(
      /^share_subscriptions_cooling_off_over: the cooling-off period ended on \d{1,2} \w+ \d{4}$/,
    );
    const [after] = await sql<{ status: string }>('select status from share_subscriptions where id = $1', [row.id]);
    expect(after?.status).toBe('signed');
  });

  it('changes nothing else, and only a signed subscription can be cancelled', async () => {
    const u = await subscriber();
    const row = signed(u.user.id);
    await u.client.from('share_subscriptions').insert(row).throwOnError();
    await backdate(row.id, daysAgo(1));
    const sneaky = await u.client
      .from('share_subscriptions')
      .update({ status: 'cancelled', subscriber_name: 'Someone else' })
      .eq('id', row.id);
    expect(sneaky.error?.message).toContain('share_subscriptions_cancel_changes_only_status');
    const draft = { ...signed(u.user.id, 1), status: 'draft', signature_data: null };
    await u.client.from('share_subscriptions').insert(draft).throwOnError();
    const cancelDraft = await u.client.from('share_subscriptions').update({ status: 'cancelled' }).eq('id', draft.id);
    expect(cancelDraft.error?.message).toContain('share_subscriptions_only_signed_can_be_cancelled');
  });
});
