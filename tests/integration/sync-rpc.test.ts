// The sync RPCs (supabase/migrations/20261122000006_sync.sql) called exactly as a device calls
// them: supabase-js `rpc('sync_pull' | 'sync_push', ...)` with a user's session or an assessment
// token header. Outcomes are checked in Postgres itself.
import { randomBytes, randomUUID } from 'node:crypto';
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, newUser, serviceClient, sql, stack } from './fixtures';

type Row = Record<string, unknown> & { id: string; _modified: string; _deleted: boolean };
interface Checkpoint {
  modified: string;
  id: string;
}
interface PullResult {
  documents: Row[];
  checkpoint: Checkpoint | null;
}
interface PushError {
  id: string | null;
  code: string;
  message: string;
  detail: string | null;
}
interface PushResult {
  conflicts: Row[];
  errors: PushError[];
}
interface PushRow {
  new: Record<string, unknown>;
  assumed: Record<string, unknown> | null;
}

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomToken = () => [...randomBytes(32)].map((b) => alnum[b % alnum.length]).join('');

type User = Awaited<ReturnType<typeof newUser>>;
const users: User[] = [];
const assessmentIds: string[] = [];

async function user() {
  const u = await newUser();
  users.push(u);
  return u;
}

afterAll(async () => {
  await sql('delete from public.agent_assessments where id = any($1)', [assessmentIds]);
  await sql('delete from auth.users where id = any($1)', [users.map((u) => u.user.id)]);
});

async function call<T>(client: SupabaseClient, fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await client.rpc(fn, args);
  expect(error, `${fn} failed: ${error?.message}`).toBeNull();
  return data as T;
}

async function callError(client: SupabaseClient, fn: string, args: Record<string, unknown>): Promise<PostgrestError> {
  const { data, error } = await client.rpc(fn, args);
  expect(data).toBeNull();
  expect(error).not.toBeNull();
  return error as PostgrestError;
}

const pull = (client: SupabaseClient, table: string, checkpoint: Checkpoint | null, limit = 100) =>
  call<PullResult>(client, 'sync_pull', { p_table: table, p_checkpoint: checkpoint, p_limit: limit });

const push = (client: SupabaseClient, table: string, rows: PushRow[]) =>
  call<PushResult>(client, 'sync_push', { p_table: table, p_rows: rows });

/** Pull page after page until a page comes back empty, as RxDB does. */
async function pullAll(client: SupabaseClient, table: string, limit: number, from: Checkpoint | null = null) {
  const docs: Row[] = [];
  const pages: PullResult[] = [];
  let checkpoint = from;
  for (let i = 0; i < 10_000; i++) {
    const page = await pull(client, table, checkpoint, limit);
    pages.push(page);
    if (page.documents.length === 0) {
      expect(page.checkpoint).toEqual(checkpoint);
      return { docs, pages, checkpoint };
    }
    expect(page.documents.length).toBeLessThanOrEqual(limit);
    docs.push(...page.documents);
    checkpoint = page.checkpoint;
  }
  throw new Error('pull never ended');
}

/** A row of `table` as the superuser sees it (what really exists), or undefined. */
async function dbRow(table: string, id: string) {
  const [row] = await sql<{ row: Row }>(`select to_jsonb(t) as row from public.${table} as t where id = $1`, [id]);
  return row?.row;
}

/** The server's ordering, for rows of one user or a list of ids. */
async function dbOrder(table: string, where: string, params: unknown[]) {
  const rows = await sql<{ id: string }>(
    `select id from public.${table} where ${where} order by _modified, id`,
    params,
  );
  return rows.map((r) => r.id);
}

/** A separate superuser connection (not the shared pool), for transactions held open. */
async function pgClient() {
  const db = new pg.Client({ connectionString: stack().dbUrl });
  await db.connect();
  return db;
}

const property = (u: User, title: string, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  user_id: u.user.id,
  title,
  address: `${title} Street`,
  price: 250000,
  bedrooms: 3,
  property_type: 'house',
  key_features: ['garden', 'garage'],
  agent_name: null,
  agency_name: null,
  _deleted: false,
  ...extra,
});

/** New rows pushed as a device does (assumed null); every one must land. */
async function pushNew<T extends Record<string, unknown> & { id: string }>(u: User, table: string, rows: T[]) {
  const result = await push(
    u.client,
    table,
    rows.map((r) => ({ new: r, assumed: null })),
  );
  expect(result).toEqual({ conflicts: [], errors: [] });
  return rows;
}

const signedSubscription = (u: User, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  user_id: u.user.id,
  subscriber_name: 'Ada Lovelace',
  subscriber_address: '12 St James Square, London',
  subscriber_email: 'ada@example.test',
  subscriber_phone: null,
  number_of_shares: 8000,
  subscription_price: 1.25,
  total_amount: 10000,
  effective_date: '2030-03-25',
  payment_reference: 'CHLOE-1763769600000',
  signature_data: PNG,
  signature_timestamp: '2030-03-20T10:11:12.345Z',
  status: 'signed',
  _deleted: false,
  ...extra,
});

const draft = (u: User, shares: number) => ({
  id: randomUUID(),
  user_id: u.user.id,
  subscriber_name: 'Grace Hopper',
  number_of_shares: shares,
  subscription_price: 1.25,
  total_amount: shares * 1.25,
  status: 'draft',
  _deleted: false,
});

/** An assessment link made by staff (superuser), reached with its token. */
async function assessment(opts: { expired?: boolean } = {}) {
  const token = randomToken();
  const [row] = await sql<{ id: string }>(
    `insert into public.agent_assessments (token, created_by, agency_name, expires_at)
     values ($1, null, 'Prospect Estates', now() + case when $2 then interval '-1 hour' else interval '30 days' end)
     returning id`,
    [token, opts.expired ?? false],
  );
  assessmentIds.push(row!.id);
  return { id: row!.id, token, client: anonClient({ 'x-assessment-token': token }) };
}

// ---------------------------------------------------------------------------------------------
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
    expect(await pull(a.client, 'saved_properties', last)).toEqual({ documents: [], checkpoint: last });
    // From nothing: a null checkpoint stays null.
    const b = await user();
    expect(await pull(b.client, 'saved_properties', null)).toEqual({ documents: [], checkpoint: null });
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
    await pushNew(a, 'share_subscriptions', [draft(a, 6000)]);
    await pushNew(a, 'share_subscriptions', [signedSubscription(a)]);

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
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      subscription_id: sub!.id,
      user_id: a.user.id,
      agreement_signed: true,
      cancellation_deadline: '2030-04-04',
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

// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
describe('agent assessments, by token', () => {
  it('the token header pulls exactly that row; a wrong, missing or expired token pulls none', async () => {
    const mine = await assessment();
    await assessment(); // someone else's
    const expired = await assessment({ expired: true });

    const { docs } = await pullAll(mine.client, 'agent_assessments', 10);
    expect(docs.map((d) => d.id)).toEqual([mine.id]);
    expect(docs[0]).toMatchObject({ token: mine.token, status: 'pending', agency_name: 'Prospect Estates' });

    const wrong = anonClient({ 'x-assessment-token': randomToken() });
    expect((await pullAll(wrong, 'agent_assessments', 10)).docs).toEqual([]);
    expect((await pullAll(anonClient(), 'agent_assessments', 10)).docs).toEqual([]);
    expect((await pullAll(expired.client, 'agent_assessments', 10)).docs).toEqual([]);

    // Expiry set by staff after a device already had the row: the next pull sees nothing either.
    await sql(`update public.agent_assessments set expires_at = now() - interval '1 second' where id = $1`, [mine.id]);
    expect((await pullAll(mine.client, 'agent_assessments', 10)).docs).toEqual([]);
  });

  it('answers pushed with the right token land; token and expiry can never be changed', async () => {
    const a = await assessment();
    const [seen] = (await pull(a.client, 'agent_assessments', null)).documents;
    const before = await dbRow('agent_assessments', a.id);

    const edited = {
      ...seen!,
      agency_name: 'Prospect Estates & Lettings',
      number_of_offices: 3,
      tone_of_voice: ['Friendly & Casual', 'Calm & Reassuring'],
      current_tools: ['Mailchimp', '', '', '', '', '', '', '', '', 'Calendly'],
      // Not the token holder's to change:
      token: randomToken(),
      expires_at: '2099-01-01T00:00:00+00:00',
      created_by: users[0]?.user.id ?? null,
    };
    expect(await push(a.client, 'agent_assessments', [{ new: edited, assumed: seen! }])).toEqual({
      conflicts: [],
      errors: [],
    });

    const after = await dbRow('agent_assessments', a.id);
    expect(after).toMatchObject({
      agency_name: 'Prospect Estates & Lettings',
      number_of_offices: 3,
      tone_of_voice: ['Friendly & Casual', 'Calm & Reassuring'],
      current_tools: ['Mailchimp', '', '', '', '', '', '', '', '', 'Calendly'],
      token: a.token,
      expires_at: before!.expires_at,
      created_by: null,
      status: 'pending',
    });
    expect(after!._modified).not.toBe(before!._modified);
  });

  it('after completion a push returns the server row as a conflict and changes nothing', async () => {
    const a = await assessment();
    const [seen] = (await pull(a.client, 'agent_assessments', null)).documents;
    const done = await push(a.client, 'agent_assessments', [
      { new: { ...seen!, main_contact_name: 'Jo Bloggs', status: 'completed' }, assumed: seen! },
    ]);
    expect(done).toEqual({ conflicts: [], errors: [] });
    const completed = await dbRow('agent_assessments', a.id);
    expect(completed).toMatchObject({ status: 'completed', main_contact_name: 'Jo Bloggs' });
    expect(completed!.completed_at).not.toBeNull();

    // A device that still edits: with the server state it last saw (the completed row) ...
    const [server] = (await pull(a.client, 'agent_assessments', null)).documents;
    const late = await push(a.client, 'agent_assessments', [
      { new: { ...server!, main_contact_name: 'Too late', status: 'pending' }, assumed: server! },
    ]);
    expect(late.errors).toEqual([]);
    expect(late.conflicts).toEqual([server]);
    // ... or with a stale one (it never saw the completion).
    const stale = await push(a.client, 'agent_assessments', [
      { new: { ...seen!, main_contact_name: 'Also too late' }, assumed: seen! },
    ]);
    expect(stale).toEqual({ conflicts: [server], errors: [] });
    expect(await dbRow('agent_assessments', a.id)).toEqual(completed);
  });

  it('a paid shareholder’s device pushes new links; anyone else’s push is refused per row', async () => {
    const holder = await user();
    const [sub] = await pushNew(holder, 'share_subscriptions', [signedSubscription(holder)]);
    const staff = await serviceClient()
      .from('share_agreement_status')
      .update({ payment_received: true, shares_issued: true })
      .eq('subscription_id', sub!.id);
    expect(staff.error).toBeNull();

    const link = {
      id: randomUUID(),
      token: randomToken(),
      created_by: holder.user.id,
      expires_at: '2099-01-01T00:00:00+00:00', // the server sets 30 days whatever the device says
      status: 'pending',
      agency_name: 'Invited Agency',
      _deleted: false,
    };
    assessmentIds.push(link.id);
    await pushNew(holder, 'agent_assessments', [link]);
    const [made] = await sql<{ token: string; created_by: string; days: number }>(
      `select token, created_by, round(extract(epoch from expires_at - now()) / 86400)::int as days
         from public.agent_assessments where id = $1`,
      [link.id],
    );
    expect(made).toEqual({ token: link.token, created_by: holder.user.id, days: 30 });
    // The creator pulls the links it made (without a token header).
    expect((await pullAll(holder.client, 'agent_assessments', 10)).docs.map((d) => d.id)).toEqual([link.id]);

    const notYet = await user();
    const refused = { ...link, id: randomUUID(), token: randomToken(), created_by: notYet.user.id };
    const result = await push(notYet.client, 'agent_assessments', [{ new: refused, assumed: null }]);
    expect(result).toEqual({ conflicts: [], errors: [expect.objectContaining({ id: refused.id, code: '42501' })] });
    expect(await dbRow('agent_assessments', refused.id)).toBeUndefined();
  });

  it('with an expired or wrong token a push is an error, never a conflict', async () => {
    const a = await assessment();
    const [seen] = (await pull(a.client, 'agent_assessments', null)).documents;
    await sql(`update public.agent_assessments set expires_at = now() - interval '1 second' where id = $1`, [a.id]);
    const before = await dbRow('agent_assessments', a.id);
    const result = await push(a.client, 'agent_assessments', [
      { new: { ...seen!, agency_name: 'Expired' }, assumed: seen! },
    ]);
    expect(result.conflicts).toEqual([]);
    expect(result.errors).toEqual([expect.objectContaining({ id: a.id, code: '42501' })]);

    const wrong = anonClient({ 'x-assessment-token': randomToken() });
    const other = await push(wrong, 'agent_assessments', [{ new: { ...seen!, agency_name: 'Wrong' }, assumed: seen! }]);
    expect(other.conflicts).toEqual([]);
    expect(other.errors).toEqual([expect.objectContaining({ id: a.id, code: '42501' })]);
    expect(await dbRow('agent_assessments', a.id)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
describe('sync_push', () => {
  it('a batch of three new rows lands', async () => {
    const a = await user();
    const rows = [property(a, 'P1'), property(a, 'P2', { key_features: [] }), property(a, 'P3', { _deleted: true })];
    await pushNew(a, 'saved_properties', rows);
    const landed = await sql<{ id: string; title: string; key_features: string[]; _deleted: boolean }>(
      'select id, title, key_features, _deleted from public.saved_properties where user_id = $1 order by title',
      [a.user.id],
    );
    expect(landed).toEqual(
      rows.map((r) => ({ id: r.id, title: r.title, key_features: r.key_features, _deleted: r._deleted })),
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

    // Signature timestamps: "Z" and "+00:00" spellings of the same instant are the same value.
    const [sub] = await pushNew(a, 'share_subscriptions', [draft(a, 5000)]);
    const [s] = (await pull(a.client, 'share_subscriptions', null)).documents.filter((d) => d.id === sub!.id);
    const stamped = await push(a.client, 'share_subscriptions', [
      { new: { ...s!, signature_timestamp: '2030-01-01T10:00:00.5Z' }, assumed: s! },
    ]);
    expect(stamped).toEqual({ conflicts: [], errors: [] });
    const [s2] = (await pull(a.client, 'share_subscriptions', null)).documents.filter((d) => d.id === sub!.id);
    expect(s2!.signature_timestamp).toBe('2030-01-01T10:00:00.5+00:00');
    const again = await push(a.client, 'share_subscriptions', [
      {
        new: { ...s2!, subscriber_phone: '0123' },
        assumed: { ...s2!, signature_timestamp: '2030-01-01T11:00:00.500+01:00', total_amount: 6250.0 },
      },
    ]);
    expect(again).toEqual({ conflicts: [], errors: [] });
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

  it('one row breaking a CHECK is reported (23514) while the rest of the batch lands', async () => {
    const a = await user();
    const good1 = draft(a, 5000);
    const bad = draft(a, 4000);
    const good2 = draft(a, 12000);
    const result = await push(
      a.client,
      'share_subscriptions',
      [good1, bad, good2].map((r) => ({ new: r, assumed: null })),
    );
    expect(result.conflicts).toEqual([]);
    expect(result.errors).toEqual([
      expect.objectContaining({
        id: bad.id,
        code: '23514',
        message: expect.stringContaining('share_subscriptions_minimum_5000_shares'),
      }),
    ]);
    const landed = await sql<{ id: string }>('select id from public.share_subscriptions where user_id = $1', [
      a.user.id,
    ]);
    expect(landed.map((r) => r.id).sort()).toEqual([good1.id, good2.id].sort());

    // Same on update: the refused update writes nothing, the other one lands.
    const docs = (await pull(a.client, 'share_subscriptions', null)).documents;
    const d1 = docs.find((d) => d.id === good1.id)!;
    const d2 = docs.find((d) => d.id === good2.id)!;
    const update = await push(a.client, 'share_subscriptions', [
      { new: { ...d1, number_of_shares: 5500, total_amount: 6875 }, assumed: d1 },
      { new: { ...d2, subscriber_name: 'Grace B. Hopper' }, assumed: d2 },
    ]);
    expect(update.conflicts).toEqual([]);
    expect(update.errors.map((e) => [e.id, e.code])).toEqual([[good1.id, '23514']]);
    expect((await dbRow('share_subscriptions', good1.id))!.number_of_shares).toBe(5000);
    expect((await dbRow('share_subscriptions', good2.id))!.subscriber_name).toBe('Grace B. Hopper');
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
        message: expect.stringContaining('share_subscriptions_signed_is_immutable'),
        detail: expect.stringContaining(sub!.id),
        hint: 'Contact us to correct a signed subscription.',
      },
    ]);
    expect(await dbRow('share_subscriptions', sub!.id)).toEqual(before);
    // Its agreement row was made once, by the insert.
    expect(await sql('select 1 from public.share_agreement_status where subscription_id = $1', [sub!.id])).toHaveLength(
      1,
    );
  });

  it('an id that belongs to another user is an error (hidden by RLS), not a conflict', async () => {
    const a = await user();
    const b = await user();
    const [row] = await pushNew(a, 'saved_properties', [property(a, 'A’s')]);
    const before = await dbRow('saved_properties', row!.id);

    const asNew = await push(b.client, 'saved_properties', [
      { new: { ...row!, user_id: b.user.id, title: 'B’s' }, assumed: null },
    ]);
    expect(asNew.conflicts).toEqual([]);
    expect(asNew.errors).toEqual([expect.objectContaining({ id: row!.id, code: '23505' })]);

    const asUpdate = await push(b.client, 'saved_properties', [
      { new: { ...before!, title: 'B’s' }, assumed: before! },
    ]);
    expect(asUpdate.conflicts).toEqual([]);
    expect(asUpdate.errors.map((e) => [e.id, e.code])).toEqual([[row!.id, expect.stringMatching(/^(23505|42501)$/)]]);

    // Nor can A hand its row over to B.
    const [seen] = (await pull(a.client, 'saved_properties', null)).documents;
    const handOver = await push(a.client, 'saved_properties', [
      { new: { ...seen!, user_id: b.user.id }, assumed: seen! },
    ]);
    expect(handOver.errors.map((e) => [e.id, e.code])).toEqual([[row!.id, '42501']]);
    expect(await dbRow('saved_properties', row!.id)).toEqual(before);
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
