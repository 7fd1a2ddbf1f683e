// The sync RPCs (supabase/schemas/sync/30-pull.sql, 40-push.sql) called exactly as a device calls
// them: supabase-js `rpc('sync_pull' | 'sync_push', ...)` with a user's session or an assessment
// token header. Outcomes are checked in Postgres itself. Helpers: ../sync-fixtures.ts.
//
// The horizon that keeps a pull from skipping rows of transactions still open.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, sql } from '../fixtures';
import { call, pgClient, property, pullAll, pushNew, type Row, user, removeSyncData } from '../sync-fixtures';

afterAll(removeSyncData);

describe('the commit-order guard (sync_horizon)', () => {
  it('a row written by a transaction still open is never skipped by later checkpoints', async () => {
    const a = await user();
    const [early] = await pushNew(a, 'saved_properties', [property(a, 'Early')]);
    const start = await pullAll(a.client, 'saved_properties', 10);
    expect(start.docs.map((d) => d.id)).toEqual([early!.id]);

    // A slow writer: inserts one row and updates another, then stays open.
    const slow = await pgClient();
    const oldId = randomUUID();
    try {
      await slow.query('begin');
      await slow.query(`insert into public.saved_properties (id, user_id, title) values ($1, $2, 'Old, slow')`, [
        oldId,
        a.user.id,
      ]);
      await slow.query(`update public.saved_properties set title = 'Early, edited slowly' where id = $1`, [early!.id]);
      const [{ old_modified }] = (
        await slow.query<{ old_modified: string }>(
          'select _modified::text as old_modified from public.saved_properties where id = $1',
          [oldId],
        )
      ).rows as [{ old_modified: string }];

      // Meanwhile a newer row commits through the API.
      const [newer] = await pushNew(a, 'saved_properties', [property(a, 'Newer')]);
      const [order] = await sql<{ newer_is_later: boolean }>(
        'select _modified > $1::timestamptz as newer_is_later from public.saved_properties where id = $2',
        [old_modified, newer!.id],
      );
      expect(order!.newer_is_later).toBe(true); // the trap: _modified order is not commit order

      // The horizon stops before the open transaction's start.
      const horizon = await call<string>(a.client, 'sync_horizon', {});
      const [{ before }] = (
        await slow.query<{ before: boolean }>('select $1::timestamptz <= now() as before', [horizon])
      ).rows as [{ before: boolean }];
      expect(before).toBe(true);

      // While it is open, the newer row is held back (it would move the checkpoint past the old one).
      const during = await pullAll(a.client, 'saved_properties', 10, start.checkpoint);
      expect(during.docs).toEqual([]);
      expect(during.checkpoint).toEqual(start.checkpoint);

      await slow.query('commit');

      const after = await pullAll(a.client, 'saved_properties', 10, during.checkpoint);
      expect(after.docs.map((d) => d.id)).toEqual([oldId, early!.id, newer!.id]);
      expect(after.docs.find((d) => d.id === early!.id)).toMatchObject({ title: 'Early, edited slowly' });

      // Nothing was skipped: every row is on the device, in its latest state.
      const device = new Map<string, Row>();
      for (const d of [...start.docs, ...during.docs, ...after.docs]) device.set(d.id, d);
      const server = await sql<{ id: string; title: string }>(
        'select id, title from public.saved_properties where user_id = $1',
        [a.user.id],
      );
      expect(Object.fromEntries([...device.values()].map((d) => [d.id, d.title]))).toEqual(
        Object.fromEntries(server.map((r) => [r.id, r.title])),
      );
    } finally {
      await slow.query('rollback').catch(() => undefined);
      await slow.end();
    }
  });

  it('only transactions holding an xid hold the horizon back', async () => {
    const reader = await pgClient();
    const writer = await pgClient();
    try {
      // An idle-in-transaction reader (no xid) does not matter ...
      await reader.query('begin');
      await reader.query('select 1');
      await new Promise((r) => setTimeout(r, 20));
      const [{ moves }] = (
        await writer.query<{ moves: boolean }>("select public.sync_horizon() >= now() - interval '10 ms' as moves")
      ).rows as [{ moves: boolean }];
      expect(moves).toBe(true);

      // ... a writer does, from its start, until it ends.
      await writer.query('begin');
      await writer.query('select pg_current_xact_id()');
      const [{ started }] = (await writer.query<{ started: string }>('select now()::text as started')).rows as [
        { started: string },
      ];
      await new Promise((r) => setTimeout(r, 20));
      const horizon = await call<string>(anonClient(), 'sync_horizon', {});
      const [during] = await sql<{ held: boolean }>('select $1::timestamptz <= $2::timestamptz as held', [
        horizon,
        started,
      ]);
      expect(during!.held).toBe(true);
      await writer.query('commit');
      const later = await call<string>(anonClient(), 'sync_horizon', {});
      const [after] = await sql<{ released: boolean }>('select $1::timestamptz > $2::timestamptz as released', [
        later,
        started,
      ]);
      expect(after!.released).toBe(true);
    } finally {
      await reader.query('rollback').catch(() => undefined);
      await writer.query('rollback').catch(() => undefined);
      await reader.end();
      await writer.end();
    }
  });
});
