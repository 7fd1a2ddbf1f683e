// The sync RPCs (supabase/schemas/sync/30-pull.sql, 40-push.sql) called exactly as a device calls
// them: supabase-js `rpc('sync_pull' | 'sync_push', ...)` with a user's session or an assessment
// token header. Outcomes are checked in Postgres itself. Helpers: ../sync-fixtures.ts.
//
// Pushing what the server refuses: reported per row while the rest of the batch lands.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, sql, stack } from '../fixtures';
import {
  callError,
  dbRow,
  draft,
  property,
  pull,
  push,
  pushNew,
  signedSubscription,
  user,
  removeSyncData,
} from '../sync-fixtures';

afterAll(removeSyncData);

describe('sync_push', () => {
  it('one row breaking a CHECK is reported (23514) while the rest of the batch lands', async () => {
    const a = await user();
    const good1 = property(a, 'Good 1', { bedrooms: 2 });
    const bad = property(a, 'Bad', { bedrooms: -1 });
    const good2 = property(a, 'Good 2', { bedrooms: 3 });
    const result = await push(
      a.client,
      'saved_properties',
      [good1, bad, good2].map((r) => ({ new: r, assumed: null })),
    );
    expect(result.conflicts).toEqual([]);
    expect(result.errors).toEqual([
      expect.objectContaining({
        id: bad.id,
        code: '23514',
        message: expect.stringContaining('saved_properties_bedrooms_not_negative') as unknown,
      }),
    ]);
    const landed = await sql<{ id: string }>('select id from public.saved_properties where user_id = $1', [a.user.id]);
    expect(landed.map((r) => r.id).sort()).toEqual([good1.id, good2.id].sort());

    // Same on update: the refused update writes nothing, the other one lands.
    const docs = (await pull(a.client, 'saved_properties', null)).documents;
    const d1 = docs.find((d) => d.id === good1.id)!;
    const d2 = docs.find((d) => d.id === good2.id)!;
    const update = await push(a.client, 'saved_properties', [
      { new: { ...d1, bedrooms: -2 }, assumed: d1 },
      { new: { ...d2, title: 'Good 2, renamed' }, assumed: d2 },
    ]);
    expect(update.conflicts).toEqual([]);
    expect(update.errors.map((e) => [e.id, e.code])).toEqual([[good1.id, '23514']]);
    expect((await dbRow('saved_properties', good1.id))!.bedrooms).toBe(2);
    expect((await dbRow('saved_properties', good2.id))!.title).toBe('Good 2, renamed');
  });

  it('a second open draft of one account is refused by name (one per investor, held by Postgres)', async () => {
    const a = await user();
    await pushNew(a, 'share_subscriptions', [draft(a, 5000)]);
    // Under the id the devices derive only: any other is refused, and so is a second draft.
    const other = { ...draft(a, 5000), id: randomUUID() };
    const result = await push(a.client, 'share_subscriptions', [{ new: other, assumed: null }]);
    expect(result.errors).toEqual([
      expect.objectContaining({ id: other.id, code: '23505', constraint: 'share_subscriptions_one_open_draft' }),
    ]);
    const second = await push(a.client, 'share_subscriptions', [{ new: draft(a, 5000, 1), assumed: null }]);
    expect(second.errors).toEqual([
      expect.objectContaining({ code: '23505', constraint: 'share_subscriptions_one_open_draft' }),
    ]);
    // Staff (the platform) cannot make one either.
    const staff = await sql(
      `insert into public.share_subscriptions (user_id, subscriber_name) values ($1, 'Staff draft')`,
      [a.user.id],
    ).catch((e: Error & { constraint?: string }) => e.constraint);
    expect(staff).toBe('share_subscriptions_one_open_draft');
  });

  it('a new subscription under any id but the derived one is refused, also once signed', async () => {
    const a = await user();
    const signed = { ...signedSubscription(a), id: randomUUID() };
    const result = await push(a.client, 'share_subscriptions', [{ new: signed, assumed: null }]);
    expect(result.errors).toEqual([
      expect.objectContaining({ id: signed.id, code: '23514', constraint: 'share_subscriptions_draft_id' }),
    ]);
    // The derived one is taken, and the next is derived from it.
    await pushNew(a, 'share_subscriptions', [signedSubscription(a)]);
    await pushNew(a, 'share_subscriptions', [draft(a, 5000, 1)]);
    expect(
      (await sql('select count(*)::int as n from share_subscriptions where user_id = $1', [a.user.id]))[0],
    ).toEqual({ n: 2 });
  });

  it('a signed subscription pushed again unchanged is fine; changed, it is refused (42501)', async () => {
    const a = await user();
    const [sub] = await pushNew(a, 'share_subscriptions', [signedSubscription(a)]);
    const [seen] = (await pull(a.client, 'share_subscriptions', null)).documents;
    expect(seen).toMatchObject({ id: sub!.id, status: 'signed' });

    expect(await push(a.client, 'share_subscriptions', [{ new: seen!, assumed: seen! }])).toEqual({
      conflicts: [],
      errors: [],
    });
    // The device's own spelling of the same row (as it pushed it first) is the same row too.
    expect(await push(a.client, 'share_subscriptions', [{ new: sub!, assumed: seen! }])).toEqual({
      conflicts: [],
      errors: [],
    });

    const before = await dbRow('share_subscriptions', sub!.id);
    const changed = await push(a.client, 'share_subscriptions', [
      { new: { ...before!, subscriber_name: 'Someone Else' }, assumed: before! },
    ]);
    expect(changed.conflicts).toEqual([]);
    expect(changed.errors).toEqual([
      {
        id: sub!.id,
        code: '42501',
        message: expect.stringContaining('share_subscriptions_signed_is_immutable') as unknown,
        detail: expect.stringContaining(sub!.id) as unknown,
        hint: 'Contact us to correct a signed subscription.',
        column: null,
        constraint: null,
        // The row as the server keeps it: the device's next push is judged against it.
        current: expect.objectContaining({ id: sub!.id, subscriber_name: before!.subscriber_name }) as unknown,
      },
    ]);
    expect(await dbRow('share_subscriptions', sub!.id)).toEqual(before);
    // Its agreement row was made once, by the insert.
    expect(await sql('select 1 from public.share_agreement_status where subscription_id = $1', [sub!.id])).toHaveLength(
      1,
    );
  });

  it('an id that belongs to another user is refused by name (hidden by RLS), not a conflict', async () => {
    const a = await user();
    const b = await user();
    const [row] = await pushNew(a, 'saved_properties', [property(a, 'A’s')]);
    const before = await dbRow('saved_properties', row!.id);

    const asNew = await push(b.client, 'saved_properties', [
      { new: { ...row!, user_id: b.user.id, title: 'B’s' }, assumed: null },
    ]);
    // Not a bare 'duplicate key': the refusal says the id is someone else's.
    const taken: unknown = expect.objectContaining({
      id: row!.id,
      code: '42501',
      constraint: 'sync_id_taken',
      message: `sync_id_taken: ${row!.id} already belongs to a row this caller cannot see`,
    });
    expect(asNew.conflicts).toEqual([]);
    expect(asNew.errors).toEqual([taken]);

    const asUpdate = await push(b.client, 'saved_properties', [
      { new: { ...before!, title: 'B’s' }, assumed: before! },
    ]);
    expect(asUpdate.conflicts).toEqual([]);
    expect(asUpdate.errors).toEqual([taken]);

    // Nor can A hand its row over to B.
    const [seen] = (await pull(a.client, 'saved_properties', null)).documents;
    const handOver = await push(a.client, 'saved_properties', [
      { new: { ...seen!, user_id: b.user.id }, assumed: seen! },
    ]);
    expect(handOver.errors.map((e) => [e.id, e.code])).toEqual([[row!.id, '42501']]);
    expect(await dbRow('saved_properties', row!.id)).toEqual(before);
  });

  it('what sync_push tells of another account’s id is not for asking directly: no id oracle', async () => {
    const a = await user();
    const [row] = await pushNew(a, 'saved_properties', [property(a, 'A’s')]);
    for (const client of [anonClient(), (await user()).client]) {
      const asked = await client.rpc('sync_hidden_row', { p_table: 'saved_properties', p_id: row!.id });
      expect(asked.data).toBeNull();
      expect(asked.error?.code).toBe('42501');
      expect(asked.error?.message).toContain('sync_internal_function');
    }
    // Nor under a spelling of its path that PostgREST decodes to the same function.
    const b = await user();
    for (const bearer of [stack().anonKey, b.session.access_token]) {
      for (const name of ['sync%5Fhidden%5Frow', '%73ync_hidden_row', 'sync_hidden_ro%77']) {
        const asked = await fetch(`${stack().apiUrl}/rest/v1/rpc/${name}`, {
          method: 'POST',
          headers: { apikey: stack().anonKey, authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
          body: JSON.stringify({ p_table: 'saved_properties', p_id: row!.id }),
        });
        const body = await asked.text();
        expect({ name, status: asked.status, said: body.includes('sync_internal_function') }).toEqual({
          name,
          // PostgREST's answer to 42501: 401 for the anonymous role, 403 for a user.
          status: bearer === stack().anonKey ? 401 : 403,
          said: true,
        });
      }
    }
    // The push itself still says the id is taken (it asks from sync_push_rows).
    const again = await push(b.client, 'saved_properties', [
      { new: { ...row!, user_id: b.user.id, title: 'B’s' }, assumed: null },
    ]);
    expect(again.errors.map((e) => e.message)).toEqual([expect.stringContaining('sync_id_taken')]);
  });

  it('share_agreement_status is pull-only; unknown tables and bad payloads are refused', async () => {
    const a = await user();
    const refused = await callError(a.client, 'sync_push', {
      p_table: 'share_agreement_status',
      p_rows: [{ new: { id: randomUUID(), payment_received: true }, assumed: null }],
    });
    expect(refused.code).toBe('42501');
    expect(refused.message).toContain('share_agreement_status is read-only');

    expect((await callError(a.client, 'sync_push', { p_table: 'gmail_accounts', p_rows: [] })).code).toBe('22023');
    expect((await callError(a.client, 'sync_push', { p_table: 'saved_properties', p_rows: { new: {} } })).code).toBe(
      '22023',
    );
    expect(await push(a.client, 'saved_properties', [])).toEqual({ conflicts: [], errors: [] });

    // A malformed element is reported on its own.
    const good = property(a, 'Good');
    const result = await push(a.client, 'saved_properties', [
      { new: { title: 'no id' }, assumed: null },
      { new: { id: 'not-a-uuid', title: 'bad id' }, assumed: null },
      { new: good, assumed: null },
    ]);
    expect(result.errors.map((e) => [e.id, e.code])).toEqual([
      [null, '22023'],
      ['not-a-uuid', '22P02'],
    ]);
    expect(await dbRow('saved_properties', good.id)).toMatchObject({ title: 'Good' });
  });
});
