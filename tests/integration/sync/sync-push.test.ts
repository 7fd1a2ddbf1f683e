// The sync RPCs (supabase/schemas/sync/30-pull.sql, 40-push.sql) called exactly as a device calls
// them: supabase-js `rpc('sync_pull' | 'sync_push', ...)` with a user's session or an assessment
// token header. Outcomes are checked in Postgres itself. Helpers: ../sync-fixtures.ts.
//
// Pushing: new rows, updates with the assumed state, conflicts, a large batch.
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from '../fixtures';
import { dbRow, draft, property, pull, pullAll, push, pushNew, user, removeSyncData } from '../sync-fixtures';

afterAll(removeSyncData);

describe('sync_push', () => {
  it('a batch of three new rows lands', async () => {
    const a = await user();
    const rows = [property(a, 'P1'), property(a, 'P2', { key_features: [] }), property(a, 'P3', { _deleted: true })];
    await pushNew(a, 'saved_properties', rows);
    const landed = await sql<{ id: string; title: string; key_features: string[]; _deleted: boolean }>(
      'select id, title, key_features, _deleted from public.saved_properties where user_id = $1 order by title',
      [a.user.id],
    );
    // A row that arrives removed keeps none of its key features (stored bytes stay bounded, ADR 032).
    expect(landed).toEqual(
      rows.map((r) => ({
        id: r.id,
        title: r.title,
        key_features: r._deleted ? [] : r.key_features,
        _deleted: r._deleted,
      })),
    );
  });

  it('server-owned columns sent by a device are ignored', async () => {
    const a = await user();
    const row = property(a, 'Owned', {
      created_at: '2000-01-01T00:00:00Z',
      updated_at: '2000-01-01T00:00:00Z',
      _modified: '2000-01-01T00:00:00Z',
    });
    await pushNew(a, 'saved_properties', [row]);
    const [times] = await sql<{ recent: boolean }>(
      `select created_at > now() - interval '1 hour' and updated_at > now() - interval '1 hour'
              and _modified > now() - interval '1 hour' as recent
         from public.saved_properties where id = $1`,
      [row.id],
    );
    expect(times!.recent).toBe(true);
  });

  it('an update with the right assumed state lands, even when the device’s _modified lags', async () => {
    const a = await user();
    const [row] = await pushNew(a, 'saved_properties', [property(a, 'Before')]);
    const [seen] = (await pull(a.client, 'saved_properties', null)).documents;

    const first = await push(a.client, 'saved_properties', [
      { new: { ...seen!, title: 'After', key_features: ['garden'] }, assumed: seen! },
    ]);
    expect(first).toEqual({ conflicts: [], errors: [] });
    expect(await dbRow('saved_properties', row!.id)).toMatchObject({ title: 'After', key_features: ['garden'] });

    // RxDB keeps the pushed document as its server state: same data, old _modified/updated_at.
    const pushed = { ...seen!, title: 'After', key_features: ['garden'] };
    const second = await push(a.client, 'saved_properties', [{ new: { ...pushed, bedrooms: 4 }, assumed: pushed }]);
    expect(second).toEqual({ conflicts: [], errors: [] });
    expect(await dbRow('saved_properties', row!.id)).toMatchObject({
      title: 'After',
      key_features: ['garden'],
      bedrooms: 4,
    });
  });

  it('values compare as Postgres values, not as the device spells them', async () => {
    const a = await user();
    const [row] = await pushNew(a, 'saved_properties', [property(a, 'Spelling', { price: 1.25 })]);
    const [seen] = (await pull(a.client, 'saved_properties', null)).documents;
    // "1.250" for 1.25 (JSON.stringify cannot write 1.250 as a number; the value is what counts).
    const assumed = { ...seen!, price: '1.250' };
    const respelled = await push(a.client, 'saved_properties', [{ new: { ...seen!, title: 'Respelled' }, assumed }]);
    expect(respelled).toEqual({ conflicts: [], errors: [] });
    expect(await dbRow('saved_properties', row!.id)).toMatchObject({ title: 'Respelled', price: 1.25 });

    // Timestamps: "Z", "+00:00" and "+01:00" spellings of the same instant are the same value, in
    // the conflict check and in the check of columns only the server writes (signature_timestamp).
    const [sub] = await pushNew(a, 'share_subscriptions', [draft(a, 5000)]);
    await sql('update public.share_subscriptions set signature_timestamp = $2 where id = $1', [
      sub!.id,
      '2030-01-01T10:00:00.5Z',
    ]);
    const [s2] = (await pull(a.client, 'share_subscriptions', null)).documents.filter((d) => d.id === sub!.id);
    expect(s2!.signature_timestamp).toBe('2030-01-01T10:00:00.5+00:00');
    const again = await push(a.client, 'share_subscriptions', [
      {
        new: { ...s2!, subscriber_phone: '0123', signature_timestamp: '2030-01-01T10:00:00.500Z' },
        assumed: { ...s2!, signature_timestamp: '2030-01-01T11:00:00.500+01:00', total_amount: 6250.0 },
      },
    ]);
    expect(again).toEqual({ conflicts: [], errors: [] });
  });

  it('a row the pushing device wrote last is not a conflict (its answer was lost); another writer’s is', async () => {
    const a = await user();
    const [row] = await pushNew(a, 'saved_properties', [property(a, 'Original')]);
    const [seen] = (await pull(a.client, 'saved_properties', null)).documents;
    const first = { ...seen!, title: 'First' };
    expect(await push(a.client, 'saved_properties', [{ new: first, assumed: seen!, writer: 'device-a' }])).toEqual({
      conflicts: [],
      errors: [],
    });
    expect((await sql('select _writer from saved_properties where id = $1', [row!.id]))[0]).toEqual({
      _writer: 'device-a',
    });
    // The answer to that push was lost: the device still assumes `seen`, and has typed on.
    const newer = { ...first, title: 'Second', bedrooms: 3 };
    expect(await push(a.client, 'saved_properties', [{ new: newer, assumed: seen!, writer: 'device-a' }])).toEqual({
      conflicts: [],
      errors: [],
    });
    expect(await dbRow('saved_properties', row!.id)).toMatchObject({ title: 'Second', bedrooms: 3 });
    // Another device with the same stale view is judged as before: a conflict.
    const other = await push(a.client, 'saved_properties', [
      { new: { ...seen!, title: 'Other' }, assumed: seen!, writer: 'device-b' },
    ]);
    expect(other.conflicts.map((c) => c.title)).toEqual(['Second']);
    // A write that is not a device's push (the API, staff) has no writer: nobody's own.
    await a.client.from('saved_properties').update({ title: 'By the API' }).eq('id', row!.id);
    expect((await sql('select _writer from saved_properties where id = $1', [row!.id]))[0]).toEqual({ _writer: null });
    const stale = await push(a.client, 'saved_properties', [{ new: newer, assumed: seen!, writer: 'device-a' }]);
    expect(stale.conflicts.map((c) => c.title)).toEqual(['By the API']);
  });

  it("an older app's push (write ids, partial rows) is judged by its writer and assumed state alone", async () => {
    const a = await user();
    const row = property(a, 'A', { bedrooms: 2 });
    expect(await push(a.client, 'saved_properties', [{ new: row, assumed: null, writer: 'device-a' }])).toEqual({
      conflicts: [],
      errors: [],
    });
    const [seen] = (await pull(a.client, 'saved_properties', null)).documents;
    // This device wrote the row last: its own next write, whatever it names.
    const own = await push(a.client, 'saved_properties', [
      { new: { ...seen!, title: 'Ada' }, assumed: null, writer: 'device-a', write_id: 'w2', after: ['w1'] },
    ]);
    expect(own).toEqual({ conflicts: [], errors: [] });
    // A page's partial push from before: only its columns change, and only as its own write.
    const partial = await push(a.client, 'saved_properties', [
      { new: { id: row.id, title: 'Ada L' }, assumed: { id: row.id, title: 'Ada' }, writer: 'device-a', partial: true },
    ]);
    expect(partial).toEqual({ conflicts: [], errors: [] });
    expect(await dbRow('saved_properties', row.id)).toMatchObject({ title: 'Ada L', bedrooms: 2 });
    // Another device's partial over a row it did not write last: a conflict, nothing written.
    const other = await push(a.client, 'saved_properties', [
      {
        new: { id: row.id, title: 'Other' },
        assumed: { id: row.id, title: 'Ada L' },
        writer: 'device-b',
        partial: true,
      },
    ]);
    expect(other.conflicts.map((c) => c.title)).toEqual(['Ada L']);
    expect(await dbRow('saved_properties', row.id)).toMatchObject({ title: 'Ada L', bedrooms: 2 });
  });

  it("a device's push arriving after a newer one of the same device (a lower seq) changes nothing", async () => {
    const a = await user();
    const draft = property(a, 'A');
    // The page's last push (seq 2, the whole draft) overtakes the first keystroke's (seq 1).
    const newer = await push(a.client, 'saved_properties', [
      { new: { ...draft, title: 'Ada Lovelace' }, assumed: null, writer: 'dev-a', seq: 2 },
    ]);
    expect(newer).toEqual({ conflicts: [], errors: [] });
    const late = await push(a.client, 'saved_properties', [{ new: draft, assumed: null, writer: 'dev-a', seq: 1 }]);
    expect(late).toEqual({ conflicts: [], errors: [] });
    expect(await dbRow('saved_properties', draft.id)).toMatchObject({
      title: 'Ada Lovelace',
      _writer: 'dev-a',
      _writer_seq: 2,
    });
    // The device's next push goes on from there; another device's is judged as before.
    const [seen] = (await pull(a.client, 'saved_properties', null)).documents;
    expect(
      await push(a.client, 'saved_properties', [
        { new: { ...seen!, title: 'Ada' }, assumed: null, writer: 'dev-a', seq: 3 },
      ]),
    ).toEqual({ conflicts: [], errors: [] });
    const other = await push(a.client, 'saved_properties', [
      { new: { ...seen!, title: 'B' }, assumed: seen!, writer: 'dev-b', seq: 99 },
    ]);
    expect(other.conflicts.map((c) => c.title)).toEqual(['Ada']);
    // A write that is not a device's push keeps no order.
    await a.client.from('saved_properties').update({ title: 'By the API', _writer_seq: 7 }).eq('id', draft.id);
    expect(await dbRow('saved_properties', draft.id)).toMatchObject({ _writer: null, _writer_seq: null });
  });

  it('a client cannot set _writer itself', async () => {
    const a = await user();
    const [row] = await pushNew(a, 'saved_properties', [property(a, 'Mine')]);
    await a.client.from('saved_properties').update({ title: 'Again' }).eq('id', row!.id);
    const { error } = await a.client.from('saved_properties').update({ _writer: 'device-x' }).eq('id', row!.id);
    const [after] = await sql('select _writer from saved_properties where id = $1', [row!.id]);
    // Whether PostgREST refuses the column or the trigger overwrites it, no writer is recorded.
    expect(error === null || /_writer|permission/.test(error.message)).toBe(true);
    expect(after).toEqual({ _writer: null });
  });

  it('a stale assumed state is a conflict: the current server row comes back and nothing is written', async () => {
    const a = await user();
    const [row] = await pushNew(a, 'saved_properties', [
      property(a, 'Original', { key_features: ['garden', 'garage'] }),
    ]);
    const [seen] = (await pull(a.client, 'saved_properties', null)).documents;
    // Another device edits the list first.
    expect(
      await push(a.client, 'saved_properties', [
        { new: { ...seen!, key_features: ['garden', 'pool'] }, assumed: seen! },
      ]),
    ).toEqual({
      conflicts: [],
      errors: [],
    });
    const server = await dbRow('saved_properties', row!.id);

    const result = await push(a.client, 'saved_properties', [{ new: { ...seen!, title: 'Mine' }, assumed: seen! }]);
    expect(result.errors).toEqual([]);
    expect(result.conflicts).toEqual([server]);
    expect(await dbRow('saved_properties', row!.id)).toEqual(server);

    // A list that differs only in order is a different list.
    const reordered = await push(a.client, 'saved_properties', [
      { new: { ...server!, title: 'Mine' }, assumed: { ...server!, key_features: ['pool', 'garden'] } },
    ]);
    expect(reordered.conflicts).toEqual([server]);

    // A row the device thinks is new but the server has: a conflict as well.
    const recreated = await push(a.client, 'saved_properties', [{ new: { ...seen!, title: 'Mine' }, assumed: null }]);
    expect(recreated).toEqual({ conflicts: [server], errors: [] });
    expect(await dbRow('saved_properties', row!.id)).toEqual(server);
  });

  it('1,000 new rows pushed in batches of 100 land, and pull back exactly once', async () => {
    const a = await user();
    const rows = Array.from({ length: 1000 }, (_, i) => property(a, `Bulk ${i}`, { key_features: [`f${i % 7}`] }));
    for (let i = 0; i < rows.length; i += 100) {
      const result = await push(
        a.client,
        'saved_properties',
        rows.slice(i, i + 100).map((r) => ({ new: r, assumed: null })),
      );
      expect(result).toEqual({ conflicts: [], errors: [] });
    }
    const [{ n }] = (await sql<{ n: number }>(
      'select count(*)::int as n from public.saved_properties where user_id = $1',
      [a.user.id],
    )) as [{ n: number }];
    expect(n).toBe(1000);

    const { docs } = await pullAll(a.client, 'saved_properties', 100);
    expect(docs).toHaveLength(1000);
    expect(new Set(docs.map((d) => d.id)).size).toBe(1000);
  });
});
