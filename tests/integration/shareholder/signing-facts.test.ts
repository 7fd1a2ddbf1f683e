// The server sets the legal facts of a signature, through the real API as any client can call it:
// the payment reference, the effective date and the signature time are Postgres' own, whatever a
// device claims (docs/decisions/007-server-owned-facts-and-limits.md, migration 20261123000011).
import { afterAll, describe, expect, it } from 'vitest';
import { expectRefused, PNG, sql } from '../fixtures';
import { dbRow, draft, pull, push, pushNew, removeSyncData, signedSubscription, user } from '../sync-fixtures';

afterAll(removeSyncData);

const today = async () => (await sql<{ d: string }>(`select ((now() at time zone 'UTC')::date)::text as d`))[0]!.d;

describe('the server sets the legal facts of a signature', () => {
  it('a draft gets a unique payment reference when it is first stored; devices cannot set one', async () => {
    const a = await user();
    const b = await user();
    const [da] = await pushNew(a, 'share_subscriptions', [draft(a, 5000)]);
    const [db] = await pushNew(b, 'share_subscriptions', [draft(b, 5000)]);
    const refA = (await dbRow('share_subscriptions', da!.id))!.payment_reference as string;
    const refB = (await dbRow('share_subscriptions', db!.id))!.payment_reference as string;
    expect(refA).toMatch(/^CHLOE-\d{8}$/);
    expect(refB).toMatch(/^CHLOE-\d{8}$/);
    expect(refA).not.toBe(refB);

    // B's device claims A's reference: the server's stands (an app from before the server made
    // references holds its own in signed documents, which must still be sent, so it is not refused).
    const [seen] = (await pull(b.client, 'share_subscriptions', null)).documents.filter((d) => d.id === db!.id);
    const claimed = await push(b.client, 'share_subscriptions', [
      { new: { ...seen!, payment_reference: refA, subscriber_name: 'Grace B' }, assumed: seen! },
    ]);
    expect(claimed).toEqual({ conflicts: [], errors: [] });
    expect(await dbRow('share_subscriptions', db!.id)).toMatchObject({
      payment_reference: refB,
      subscriber_name: 'Grace B',
    });
    // Directly through the table API too.
    const direct = await b.client.from('share_subscriptions').update({ payment_reference: refA }).eq('id', db!.id);
    expectRefused(direct.error, '42501', 'permission denied');
    // Even staff cannot give two subscriptions one reference.
    const twice = await sql('update public.share_subscriptions set payment_reference = $2 where id = $1', [
      db!.id,
      refA,
    ]).catch((e: Error & { constraint?: string }) => e.constraint);
    expect(twice).toBe('share_subscriptions_payment_reference_key');

    // Editing the draft keeps its reference; signing keeps it too.
    const [again] = (await pull(a.client, 'share_subscriptions', null)).documents.filter((d) => d.id === da!.id);
    const signing = {
      ...again!,
      subscriber_name: 'Ada Lovelace',
      subscriber_address: '12 St James Square, London',
      subscriber_email: 'ada@example.test',
      signature_data: PNG,
      status: 'signed',
    };
    expect(await push(a.client, 'share_subscriptions', [{ new: signing, assumed: again! }])).toEqual({
      conflicts: [],
      errors: [],
    });
    expect((await dbRow('share_subscriptions', da!.id))!.payment_reference).toBe(refA);
  });

  it('on signing Postgres sets the effective date and the signature time from its own clock', async () => {
    const a = await user();
    const claimed = {
      ...signedSubscription(a),
      effective_date: '2099-12-31',
      signature_timestamp: '2099-12-31T23:59:59Z',
      payment_reference: 'CHLOE-00000001',
    };
    await pushNew(a, 'share_subscriptions', [claimed]);
    const [facts] = await sql<{ today: boolean; now: boolean; reference: string; deadline: string; expected: string }>(
      `select s.effective_date = (now() at time zone 'UTC')::date as today,
              abs(extract(epoch from s.signature_timestamp - now())) < 60 as now,
              s.payment_reference as reference,
              a.cancellation_deadline::text as deadline,
              ((now() at time zone 'UTC')::date + 10)::text as expected
         from public.share_subscriptions s join public.share_agreement_status a on a.subscription_id = s.id
        where s.id = $1`,
      [claimed.id],
    );
    expect(facts).toMatchObject({ today: true, now: true });
    expect(facts!.reference).toMatch(/^CHLOE-\d{8}$/);
    expect(facts!.reference).not.toBe('CHLOE-00000001');
    expect(facts!.deadline).toBe(facts!.expected);

    // An app from before held its own facts in the document it signs: the signing still lands,
    // with the server's.
    // (A new draft, after the one signed above.)
    const [d] = await pushNew(a, 'share_subscriptions', [draft(a, 5000, 1)]);
    const [seen] = (await pull(a.client, 'share_subscriptions', null)).documents.filter((r) => r.id === d!.id);
    const legacy = {
      ...seen!,
      ...signedSubscription(a),
      id: d!.id,
      effective_date: '2026-01-02',
      payment_reference: 'CHLOE-1763769600123',
      signature_timestamp: '2026-01-02T10:00:00Z',
    };
    expect(await push(a.client, 'share_subscriptions', [{ new: legacy, assumed: seen! }])).toEqual({
      conflicts: [],
      errors: [],
    });
    expect(await dbRow('share_subscriptions', d!.id)).toMatchObject({
      status: 'signed',
      payment_reference: seen!.payment_reference,
    });
    expect((await dbRow('share_subscriptions', d!.id))!.effective_date).toBe(await today());

    // Through the table API the columns are not the device's at all.
    const direct = await a.client
      .from('share_subscriptions')
      .insert({ ...signedSubscription(a), effective_date: '2099-12-31' });
    expectRefused(direct.error, '42501', 'permission denied');
  });
});
