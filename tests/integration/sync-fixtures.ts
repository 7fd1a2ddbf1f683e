// Shared by the tests that call the sync RPCs (sync/sync-*.test.ts, the limits and signing facts):
// the RPCs (supabase/schemas/sync/30-pull.sql, 40-push.sql) called exactly as a device calls them —
// supabase-js `rpc('sync_pull' | 'sync_push', ...)` with a user's session or an assessment token
// header — and rows built the way a device builds them.
import { randomUUID } from 'node:crypto';
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { expect, vi } from 'vitest';
import { anonClient, deleteUsers, newUser, PNG, randomToken, sql, stack, subscriptionIdOf } from './fixtures';

export type Row = Record<string, unknown> & { id: string; _modified: string; _deleted: boolean };
export interface Checkpoint {
  modified: string;
  id: string;
}
export interface PullResult {
  documents: Row[];
  checkpoint: Checkpoint | null;
  /** Rows after the checkpoint that the horizon held back (a transaction still open). */
  held: boolean;
}
export interface PushError {
  id: string | null;
  code: string;
  message: string;
  detail: string | null;
  /** The row as the server keeps it (what the caller may read of it), or null. */
  current?: Row | null;
}
export interface PushResult {
  conflicts: Row[];
  errors: PushError[];
}
export interface PushRow {
  new: Record<string, unknown>;
  assumed: Record<string, unknown> | null;
  /** The pushing device (its storage token): a row it wrote last is not a conflict. */
  writer?: string;
  /** The push's place in the device's order: one arriving after a newer one changes nothing. */
  seq?: number;
  /** What an app from before migration 20261128000035 also sent; the server no longer reads it. */
  write_id?: string;
  partial?: boolean;
  after?: string[];
}

export type User = Awaited<ReturnType<typeof newUser>>;
export const users: User[] = [];
export const assessmentIds: string[] = [];

export async function user() {
  const u = await newUser();
  users.push(u);
  return u;
}

/** Removes what a test file made: its users (their rows go with them) and its assessment links. */
export async function removeSyncData() {
  await sql('delete from public.agent_assessments where id = any($1)', [assessmentIds]);
  await deleteUsers(users.map((u) => u.user.id));
}

/** An RPC's answer, typed at the boundary (the fixtures' clients are untyped). */
type RpcResponse = { data: unknown; error: PostgrestError | null };

export async function call<T>(client: SupabaseClient, fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = (await client.rpc(fn, args)) as RpcResponse;
  expect(error, `${fn} failed: ${error?.message}`).toBeNull();
  return data as T;
}

export async function callError(
  client: SupabaseClient,
  fn: string,
  args: Record<string, unknown>,
): Promise<PostgrestError> {
  const { data, error } = (await client.rpc(fn, args)) as RpcResponse;
  expect(data).toBeNull();
  expect(error).not.toBeNull();
  return error as PostgrestError;
}

export const pull = (client: SupabaseClient, table: string, checkpoint: Checkpoint | null, limit = 100) =>
  call<PullResult>(client, 'sync_pull', { p_table: table, p_checkpoint: checkpoint, p_limit: limit });

export const push = (client: SupabaseClient, table: string, rows: PushRow[]) =>
  call<PushResult>(client, 'sync_push', { p_table: table, p_rows: rows });

/** Pull page after page until a page comes back empty, as RxDB does. */
export async function pullAll(client: SupabaseClient, table: string, limit: number, from: Checkpoint | null = null) {
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
export async function dbRow(table: string, id: string) {
  const [row] = await sql<{ row: Row }>(`select to_jsonb(t) as row from public.${table} as t where id = $1`, [id]);
  return row?.row;
}

/** The server's ordering, for rows of one user or a list of ids. */
export async function dbOrder(table: string, where: string, params: unknown[]) {
  const rows = await sql<{ id: string }>(
    `select id from public.${table} where ${where} order by _modified, id`,
    params,
  );
  return rows.map((r) => r.id);
}

/**
 * Until a sync push waits on a row lock (another transaction holds the row): `query` runs SQL as
 * the superuser against the stack in use.
 */
export const pushWaitingOnLock = (query: (text: string) => Promise<unknown[]>) =>
  vi.waitFor(
    async () => {
      const waiting = await query(
        `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%sync_push%'`,
      );
      expect(waiting.length).toBeGreaterThan(0);
    },
    { timeout: 15_000, interval: 50 },
  );

/** A separate superuser connection (not the shared pool), for transactions held open. */
export async function pgClient() {
  const db = new pg.Client({ connectionString: stack().adminDbUrl });
  await db.connect();
  return db;
}

export const property = (u: User, title: string, extra: Record<string, unknown> = {}) => ({
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
export async function pushNew<T extends Record<string, unknown> & { id: string }>(u: User, table: string, rows: T[]) {
  const result = await push(
    u.client,
    table,
    rows.map((r) => ({ new: r, assumed: null })),
  );
  expect(result).toEqual({ conflicts: [], errors: [] });
  return rows;
}

/** One push whose only row is refused: the refusal, with the column and constraint it names. */
export async function refusedPush(
  client: SupabaseClient,
  table: string,
  row: Record<string, unknown>,
  assumed: Record<string, unknown> | null = null,
) {
  const result = await push(client, table, [{ new: row, assumed }]);
  expect(result.conflicts).toEqual([]);
  expect(result.errors).toHaveLength(1);
  return result.errors[0]! as PushError & { column: string | null; constraint: string | null };
}

/** A subscription `u` signs (generation: how many of theirs are signed or cancelled before it). */
export const signedSubscription = (u: User, extra: Record<string, unknown> = {}, generation = 0) => ({
  id: subscriptionIdOf(u.user.id, generation),
  user_id: u.user.id,
  subscriber_name: 'Ada Lovelace',
  subscriber_address: '12 St James Square, London',
  subscriber_email: 'ada@example.test',
  subscriber_phone: null,
  number_of_shares: 8000,
  subscription_price: 1.25,
  total_amount: 10000,
  signature_data: PNG,
  status: 'signed',
  _deleted: false,
  ...extra,
});

/**
 * `n` signed subscriptions of `u`, made by the platform (as staff would import them): a limit
 * test's way to an account that already holds many.
 */
export async function heldSubscriptions(u: User, n: number) {
  await sql(
    `insert into public.share_subscriptions (user_id, subscriber_name, subscriber_address, subscriber_email,
       effective_date, payment_reference, signature_data, signature_timestamp, status)
     select $1::uuid, 'Held ' || i, '1 Held Street', 'held@example.test', current_date,
            'HELD-' || substr(md5($1::text || i), 1, 12), $3, now(), 'signed'
       from generate_series(1, $2::int) as i`,
    [u.user.id, n, PNG],
  );
}

/** `u`'s open draft (generation: how many of theirs are signed or cancelled before it). */
export const draft = (u: User, shares: number, generation = 0) => ({
  id: subscriptionIdOf(u.user.id, generation),
  user_id: u.user.id,
  subscriber_name: 'Grace Hopper',
  number_of_shares: shares,
  subscription_price: 1.25,
  total_amount: shares * 1.25,
  status: 'draft',
  _deleted: false,
});

/** An assessment link made by staff (superuser), or in `createdBy`'s name, reached with its token. */
export async function assessment(opts: { expired?: boolean; createdBy?: string } = {}) {
  const token = randomToken();
  const [row] = await sql<{ id: string }>(
    `insert into public.agent_assessments (token, created_by, agency_name, expires_at)
     values ($1, $3, 'Prospect Estates', now() + case when $2 then interval '-1 hour' else interval '30 days' end)
     returning id`,
    [token, opts.expired ?? false, opts.createdBy ?? null],
  );
  assessmentIds.push(row!.id);
  return { id: row!.id, token, client: anonClient({ 'x-assessment-token': token }) };
}
