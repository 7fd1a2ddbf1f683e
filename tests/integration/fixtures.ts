import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { createClient, type PostgrestError, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, expect, inject } from 'vitest';
import WebSocket from 'ws';
import { subscriptionIdOf } from '../draft-id';
import type { StackInfo } from '../stack-fixture';

export const stack = (): StackInfo => inject('stack');

type Headers = Record<string, string>;

/**
 * A client of the API at `apiUrl` (the shared stack's unless told) with `key`, either kind.
 * Untyped on purpose: these clients also send what the schema refuses. Node 20 has no global
 * WebSocket; supabase-js wants one for Realtime even when unused.
 */
export function clientWithKey(key: string, headers: Headers = {}, apiUrl = stack().apiUrl): SupabaseClient {
  return createClient(apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers },
    // ws' class is API-compatible with the browser's; the cast bridges the two type declarations.
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  }) as SupabaseClient;
}

export const anonClient = (headers?: Headers) => clientWithKey(stack().anonKey, headers);
export const serviceClient = () => clientWithKey(stack().serviceRoleKey);

/** A valid signature image: a 1×1 PNG as a data URL. */
export const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Like the app's tokens: random alphanumeric, 32 characters (> 128 bits) unless told. */
export const randomToken = (n = 32) => [...randomBytes(n)].map((b) => alnum[b % alnum.length]).join('');

/** The API refused with SQLSTATE `code`, naming `rule` (a constraint, trigger or policy) in the message. */
export function expectRefused(error: PostgrestError | null, code: string, rule: string) {
  expect(error, `expected ${code} naming ${rule}`).not.toBeNull();
  expect({ code: error?.code, message: error?.message }).toEqual({
    code,
    message: expect.stringContaining(rule) as unknown,
  });
}

export { subscriptionIdOf };

/** The id `userId`'s next share subscription takes, as the server counts their signed ones now. */
export async function nextSubscriptionId(userId: string): Promise<string> {
  const [row] = await sql<{ n: number }>(
    `select count(*)::int as n from public.share_subscriptions where user_id = $1 and status <> 'draft' and not _deleted`,
    [userId],
  );
  return subscriptionIdOf(userId, row!.n);
}

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.test`;

/** A new user, signed up and signed in; `client` carries the session. */
export async function newUser(headers?: Headers) {
  const email = uniqueEmail();
  const password = `pw-${randomUUID()}`;
  const c = anonClient(headers);
  const { data, error } = await c.auth.signUp({ email, password });
  if (error || !data.user || !data.session) throw new Error(`sign-up failed: ${error?.message}`);
  return { client: c, user: { id: data.user.id, email }, email, password, session: data.session };
}

/**
 * Deletes users through the admin API, as staff tools do: their sessions and rows go with them
 * (on delete cascade). Ids already gone are skipped, as a SQL delete would.
 */
export async function deleteUsers(ids: readonly string[]) {
  const admin = serviceClient().auth.admin;
  await Promise.all(
    ids.map(async (id) => {
      const { error } = await admin.deleteUser(id);
      if (error && error.code !== 'user_not_found') throw new Error(`deleting user ${id} failed: ${error.message}`);
    }),
  );
}

/**
 * A Norman pass as supabase/functions/_shared/norman-pass.ts makes one, expiring at `expiresAt`
 * (ms): `<expiry>.<base64url HMAC-SHA256(pass key, 'norman-pass.v1:' + expiry)>`, the pass key
 * being HMAC-SHA256(service-role key, 'norman-pass:' + password). For passes the function would
 * not hand out (expired, or under another password).
 */
export function signNormanPass(
  expiresAt: number,
  password = stack().normanPassword,
  serviceRoleKey = stack().serviceRoleKey,
) {
  const key = createHmac('sha256', serviceRoleKey).update(`norman-pass:${password}`).digest();
  return `${expiresAt}.${createHmac('sha256', key).update(`norman-pass.v1:${expiresAt}`).digest('base64url')}`;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The same bytes as `signature` (43 characters of base64url: 32 bytes) spelled otherwise: the last
 * character's two spare bits set. A decoder that ignores them would take it for the genuine one.
 */
export function respelled(signature: string): string {
  const last = BASE64URL.indexOf(signature.at(-1)!);
  return `${signature.slice(0, -1)}${BASE64URL[last | 1]}`;
}

/** `text` with its first character changed (which always changes the bytes it stands for). */
export const flipFirst = (text: string) => `${text[0] === 'A' ? 'B' : 'A'}${text.slice(1)}`;

/** The rate limit's key for a client at `address` (the address the platform saw). */
export const normanClientKey = (address: string) => createHash('sha256').update(address).digest('hex');

/** Forgets every Norman password attempt: each test starts with no client limited. */
export const resetNormanAttempts = () => sql('delete from public.norman_access_attempts');

/**
 * A loopback address of one's own (127.0.0.0/8 all reaches this machine on Linux), so a test's
 * attempts are its own client's: requests are sent from it (`localAddress`), since the gateway
 * takes the caller's address from the connection, never from a header.
 */
export const testAddress = () =>
  `127.${[1 + (randomBytes(1)[0]! % 254), randomBytes(1)[0]!, 1 + (randomBytes(1)[0]! % 254)].join('.')}`;

/**
 * A raw HTTP request, sent from the loopback address `from` (testAddress) when given: the gateway
 * knows a caller by its connection. `declaredLength` declares a body of that size and sends only
 * its first kilobyte (a refusal must come before the rest is read).
 */
export function sendFrom(
  url: URL,
  opts: {
    from?: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string | null;
    declaredLength?: number;
  },
): Promise<{ status: number; text: string; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: opts.method ?? 'POST',
        ...(opts.from ? { localAddress: opts.from } : {}),
        headers: { ...opts.headers, ...(opts.declaredLength ? { 'content-length': String(opts.declaredLength) } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers[k] = v;
          resolve({ status: res.statusCode ?? 0, text, headers });
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A refused upload may see its socket closed while still writing: the answer came first.
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    if (opts.declaredLength) req.write('x'.repeat(1024));
    else req.end(opts.body ?? undefined);
  });
}

let pool: pg.Pool | undefined;

/** SQL as the superuser (bypasses RLS): for setup and for checking what really landed. */
export async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(
  text: string,
  params?: unknown[],
): Promise<T[]> {
  pool ??= new pg.Pool({ connectionString: stack().adminDbUrl, max: 2 });
  return (await pool.query<T>(text, params)).rows;
}

export async function closeSql() {
  await pool?.end();
  pool = undefined;
}

// Every test file that uses the fixtures closes its SQL pool when it is done.
afterAll(closeSql);
