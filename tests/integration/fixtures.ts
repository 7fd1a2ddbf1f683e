import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import WebSocket from 'ws';
import type { StackInfo } from '../stack-fixture';

export const stack = (): StackInfo => inject('stack');

type Headers = Record<string, string>;

/** Node 20 has no global WebSocket; supabase-js wants one for Realtime even when unused. */
function client(key: string, headers: Headers = {}): SupabaseClient {
  return createClient(stack().apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers },
    // ws' class is API-compatible with the browser's; the cast bridges the two type declarations.
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

export const anonClient = (headers?: Headers) => client(stack().anonKey, headers);
export const serviceClient = () => client(stack().serviceRoleKey);

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

let pool: pg.Pool | undefined;

/** SQL as the superuser (bypasses RLS): for setup and for checking what really landed. */
export async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(
  text: string,
  params?: unknown[],
): Promise<T[]> {
  pool ??= new pg.Pool({ connectionString: stack().dbUrl, max: 2 });
  return (await pool.query<T>(text, params)).rows;
}

export async function closeSql() {
  await pool?.end();
  pool = undefined;
}

// Every test file that uses the fixtures closes its SQL pool when it is done.
afterAll(closeSql);
