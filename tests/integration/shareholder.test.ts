// Signing evidence and the cooling-off right, through the real API (migration 20261123000007).
import { createHash, randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { agreementText } from '../../src/features/shareholder/agreement';
import { newUser, PNG, sql, stack } from './fixtures';

const UA = 'Mozilla/5.0 (Chloe e2e tablet)';

const daysAgo = (n: number) => new Date(Date.now() - n * 864e5).toISOString().slice(0, 10);

const signed = (userId: string, effectiveDate: string) => ({
  id: randomUUID(),
  user_id: userId,
  subscriber_name: 'Ada Lovelace',
  subscriber_address: '12 St James Square, London',
  subscriber_email: 'ada@example.test',
  subscriber_phone: null,
  number_of_shares: 13000,
  subscription_price: 1.25,
  total_amount: 16250,
  effective_date: effectiveDate,
  payment_reference: 'CHLOE-1763769600123',
  signature_data: PNG,
  signature_timestamp: new Date().toISOString(),
  status: 'signed',
});

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
  it('the server hashes the agreement text the app shows together with the signature, and records the user agent', async () => {
    const u = await subscriber();
    const row = signed(u.user.id, daysAgo(0));
    const { data, error } = await u.client
      .from('share_subscriptions')
      .insert(row)
      .select('signature_hash, signed_user_agent')
      .single();
    expect(error).toBeNull();
    const [server] = await sql<{ text: string }>(
      'select public.share_agreement_text(s) as text from share_subscriptions s where id = $1',
      [row.id],
    );
    // The text the subscriber read in the app is the text the server signed, to the character.
    expect(agreementText(row)).toBe(server!.text);
    const expected = createHash('sha256').update(`${server!.text}\n${PNG}`, 'utf8').digest('hex');
    expect(data).toEqual({ signature_hash: expected, signed_user_agent: UA });
  });

  it('a device cannot write the evidence itself, and nothing signed can change afterwards', async () => {
    const u = await subscriber();
    const row = signed(u.user.id, daysAgo(0));
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
    const draft = {
      ...signed(u.user.id, daysAgo(0)),
      status: 'draft',
      signature_data: null,
      payment_reference: null,
      signature_timestamp: null,
    };
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
    const row = signed(u.user.id, daysAgo(9));
    await u.client.from('share_subscriptions').insert(row).throwOnError();
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
    const row = signed(u.user.id, daysAgo(10));
    await u.client.from('share_subscriptions').insert(row).throwOnError();
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
    const row = signed(u.user.id, daysAgo(1));
    await u.client.from('share_subscriptions').insert(row).throwOnError();
    const sneaky = await u.client
      .from('share_subscriptions')
      .update({ status: 'cancelled', subscriber_name: 'Someone else' })
      .eq('id', row.id);
    expect(sneaky.error?.message).toContain('share_subscriptions_cancel_changes_only_status');
    const draft = {
      ...signed(u.user.id, daysAgo(0)),
      status: 'draft',
      signature_data: null,
      payment_reference: null,
      signature_timestamp: null,
    };
    await u.client.from('share_subscriptions').insert(draft).throwOnError();
    const cancelDraft = await u.client.from('share_subscriptions').update({ status: 'cancelled' }).eq('id', draft.id);
    expect(cancelDraft.error?.message).toContain('share_subscriptions_only_signed_can_be_cancelled');
  });
});
