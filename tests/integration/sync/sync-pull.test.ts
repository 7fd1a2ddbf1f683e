// The sync RPCs (supabase/schemas/sync/30-pull.sql, 40-push.sql) called exactly as a device calls
// them: supabase-js `rpc('sync_pull' | 'sync_push', ...)` with a user's session or an assessment
// token header. Outcomes are checked in Postgres itself. Helpers: ../sync-fixtures.ts.
//
// Pulling: pages, checkpoints, who sees which rows.
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, sql } from '../fixtures';
import {
  callError,
  dbOrder,
  draft,
  pgClient,
  property,
  pull,
  pullAll,
  push,
  pushNew,
  signedSubscription,
  user,
  removeSyncData,
} from '../sync-fixtures';

afterAll(removeSyncData);

describe('sync_pull', () => {
  it('pages through every visible row exactly once, in (_modified, id) order, ties included', async () => {
    const a = await user();
    const rows = await pushNew(
      a,
      'saved_properties',
      [1, 2, 3, 4, 5, 6, 7].map((n) => property(a, `Home ${n}`)),
    );
    // Three rows with the very same _modified (microseconds included): only the id orders them,
    // and a page boundary falls between them with a limit of 2.
    const tie = '2026-01-02T03:04:05.123457+00:00';
    const db = await pgClient();
    try {
      await db.query('begin');
      await db.query('set local session_replication_role = replica'); // the stamping trigger stays out
      await db.query('update public.saved_properties set _modified = $1 where id = any($2)', [
        tie,
        rows.slice(2, 5).map((r) => r.id),
      ]);
      await db.query('commit');
    } finally {
      await db.end();
    }

    const { docs, pages } = await pullAll(a.client, 'saved_properties', 2);
    expect(pages.map((p) => p.documents.length)).toEqual([2, 2, 2, 1, 0]);
    const expected = await dbOrder('saved_properties', 'user_id = $1', [a.user.id]);
    expect(expected).toHaveLength(7);
    expect(docs.map((d) => d.id)).toEqual(expected);
    expect(new Set(docs.map((d) => d.id)).size).toBe(7);
    // The tied rows come by id, and the pages split them.
    const tied = docs.filter((d) => d._modified === tie).map((d) => d.id);
    expect(tied).toEqual(
      rows
        .slice(2, 5)
        .map((r) => r.id)
        .sort(),
    );
    // Whole rows, list columns as lists.
    expect(docs.find((d) => d.id === rows[0]!.id)).toMatchObject({
      title: 'Home 1',
      key_features: ['garden', 'garage'],
      user_id: a.user.id,
      _deleted: false,
    });
  });

  it('checkpoints are the last row’s (_modified, id), microseconds kept, and round-trip exactly', async () => {
    const a = await user();
    await pushNew(a, 'saved_properties', [property(a, 'One'), property(a, 'Two'), property(a, 'Three')]);
    const { pages } = await pullAll(a.client, 'saved_properties', 1);
    expect(pages).toHaveLength(4);
    for (const page of pages.slice(0, 3)) {
      const last = page.documents.at(-1)!;
      expect(page.checkpoint).toEqual({ modified: last._modified, id: last.id });
      // Six fractional digits (or fewer when the last ones are zeros) and an offset: never
      // truncated to milliseconds.
      expect(page.checkpoint!.modified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d:\d\d$/);
      const [same] = await sql<{ exact: boolean; micros: string }>(
        `select $1::timestamptz = _modified as exact, to_char(_modified, 'US') as micros
           from public.saved_properties where id = $2`,
        [page.checkpoint!.modified, page.checkpoint!.id],
      );
      expect(same!.exact).toBe(true);
      // Postgres leaves out trailing zeros of the fraction; padded, it is the full microseconds.
      const fraction = /\.(\d+)/.exec(page.checkpoint!.modified)?.[1] ?? '';
      expect(fraction.padEnd(6, '0')).toBe(same!.micros);
    }
    // Pulling again from the final checkpoint returns nothing and hands the checkpoint back.
    const last = pages[2]!.checkpoint;
    expect(await pull(a.client, 'saved_properties', last)).toEqual({ documents: [], checkpoint: last, held: false });
    // From nothing: a null checkpoint stays null.
    const b = await user();
    expect(await pull(b.client, 'saved_properties', null)).toEqual({ documents: [], checkpoint: null, held: false });
  });

  it('the client’s “from the start” checkpoint (-infinity, zero uuid) reads from the start', async () => {
    const a = await user();
    const [row] = await pushNew(a, 'saved_properties', [property(a, 'Start')]);
    const page = await pull(a.client, 'saved_properties', {
      modified: '-infinity',
      id: '00000000-0000-0000-0000-000000000000',
    });
    expect(page.documents.map((d) => d.id)).toEqual([row!.id]);
  });

  it('user B never receives user A’s rows', async () => {
    const a = await user();
    const b = await user();
    const mine = await pushNew(a, 'saved_properties', [property(a, 'A1'), property(a, 'A2')]);
    const theirs = await pushNew(b, 'saved_properties', [property(b, 'B1')]);
    await pushNew(a, 'share_subscriptions', [signedSubscription(a)]);
    await pushNew(a, 'share_subscriptions', [draft(a, 6000, 1)]);

    const bProps = await pullAll(b.client, 'saved_properties', 100);
    expect(bProps.docs.map((d) => d.id)).toEqual(theirs.map((r) => r.id));
    expect(bProps.docs.every((d) => d.user_id === b.user.id)).toBe(true);
    expect((await pullAll(b.client, 'share_subscriptions', 100)).docs).toEqual([]);
    expect((await pullAll(b.client, 'share_agreement_status', 100)).docs).toEqual([]);
    expect((await pullAll(b.client, 'agent_assessments', 100)).docs).toEqual([]);

    const aProps = await pullAll(a.client, 'saved_properties', 100);
    expect(aProps.docs.map((d) => d.id).sort()).toEqual(mine.map((r) => r.id).sort());
    // Nobody without a session or token gets anything (and anon has no saved_properties at all).
    expect((await pullAll(anonClient(), 'agent_assessments', 100)).docs).toEqual([]);
    expect(
      (await callError(anonClient(), 'sync_pull', { p_table: 'saved_properties', p_checkpoint: null, p_limit: 10 }))
        .code,
    ).toBe('42501');
  });

  it('share_agreement_status pulls for the owner', async () => {
    const a = await user();
    const [sub] = await pushNew(a, 'share_subscriptions', [signedSubscription(a)]);
    const { docs } = await pullAll(a.client, 'share_agreement_status', 10);
    // The server's effective date (today, UTC) + 10 days.
    const [deadline] = await sql<{ d: string }>(`select ((now() at time zone 'UTC')::date + 10)::text as d`);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      subscription_id: sub!.id,
      user_id: a.user.id,
      agreement_signed: true,
      cancellation_deadline: deadline!.d,
      payment_received: false,
      _deleted: false,
    });
    // Staff record payment: the owner's next pull from its checkpoint brings the change.
    const { checkpoint } = await pullAll(a.client, 'share_agreement_status', 10);
    const { error } = await serviceClient()
      .from('share_agreement_status')
      .update({ payment_received: true })
      .eq('subscription_id', sub!.id);
    expect(error).toBeNull();
    const next = await pullAll(a.client, 'share_agreement_status', 10, checkpoint);
    expect(next.docs.map((d) => [d.id, d.payment_received])).toEqual([[docs[0]!.id, true]]);
  });

  it('soft-deleted rows are pulled (that is how a delete reaches other devices)', async () => {
    const a = await user();
    const [keep, gone] = await pushNew(a, 'saved_properties', [property(a, 'Keep'), property(a, 'Gone')]);
    const first = await pullAll(a.client, 'saved_properties', 10);
    const seen = first.docs.find((d) => d.id === gone!.id)!;
    const result = await push(a.client, 'saved_properties', [{ new: { ...seen, _deleted: true }, assumed: seen }]);
    expect(result).toEqual({ conflicts: [], errors: [] });

    const next = await pullAll(a.client, 'saved_properties', 10, first.checkpoint);
    expect(next.docs).toHaveLength(1);
    expect(next.docs[0]).toMatchObject({ id: gone!.id, _deleted: true, title: 'Gone' });
    // A fresh device gets both, the deleted one marked.
    const all = await pullAll(a.client, 'saved_properties', 10);
    expect(Object.fromEntries(all.docs.map((d) => [d.id, d._deleted]))).toEqual({
      [keep!.id]: false,
      [gone!.id]: true,
    });
  });

  it('caps the limit to 1..1000 and refuses unknown tables and malformed checkpoints', async () => {
    const a = await user();
    await pushNew(a, 'saved_properties', [property(a, 'X'), property(a, 'Y')]);
    expect((await pull(a.client, 'saved_properties', null, 0)).documents).toHaveLength(1);
    expect((await pull(a.client, 'saved_properties', null, -5)).documents).toHaveLength(1);
    expect((await pull(a.client, 'saved_properties', null, 100_000)).documents).toHaveLength(2);

    const unknown = await callError(a.client, 'sync_pull', {
      p_table: 'gmail_accounts',
      p_checkpoint: null,
      p_limit: 10,
    });
    expect(unknown.code).toBe('22023');
    expect(unknown.message).toContain('gmail_accounts is not a synced table');
    const injected = await callError(a.client, 'sync_pull', {
      p_table: 'saved_properties; drop table x',
      p_checkpoint: null,
      p_limit: 10,
    });
    expect(injected.code).toBe('22023');
    const bad = await callError(a.client, 'sync_pull', {
      p_table: 'saved_properties',
      p_checkpoint: { modified: 5 },
      p_limit: 10,
    });
    expect(bad.code).toBe('22023');
  });
});
