// The extension's own session (ADR 011): handed over once by /extension-auth, kept in the extension's
// storage and refreshed by supabase-js itself when it runs out. No password is ever asked for here.
import {
  createClient,
  isAuthRetryableFetchError,
  type Session,
  type SupabaseClientOptions,
  type User,
} from '@supabase/supabase-js';
import type { Database } from '../../src/generated/database.types';
import type { Client } from './saves';
import type { KeyValue } from './storage';

export const SESSION_KEY = 'chloe-session';

/** Nothing of the user's is kept in the browser's HTTP cache (as the app's src/lib/no-store.ts). */
const notStored =
  (next: typeof fetch): typeof fetch =>
  (input, init) =>
    next(input, { ...init, cache: 'no-store' });

export function sessionClient(
  config: { supabaseUrl: string; supabaseAnonKey: string },
  storage: KeyValue,
  /** For tests outside a browser: a fetch that fails, a WebSocket for Node. */
  extra: Pick<SupabaseClientOptions<'public'>, 'global' | 'realtime'> = {},
): Client {
  return createClient<Database>(config.supabaseUrl, config.supabaseAnonKey, {
    // A server that takes the connection and never answers: the save waits in the queue instead.
    db: { timeout: 15_000 },
    ...extra,
    global: { ...extra.global, fetch: notStored(extra.global?.fetch ?? ((input, init) => fetch(input, init))) },
    auth: {
      storageKey: SESSION_KEY,
      storage: {
        getItem: async (key) => {
          const value = await storage.get(key);
          return typeof value === 'string' ? value : null;
        },
        setItem: (key, value) => storage.set(key, value),
        removeItem: (key) => storage.remove(key),
      },
      persistSession: true,
      // A service worker is stopped between events: the session is refreshed when it is read
      // (getSession), not on a timer.
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
  });
}

/** A hand-off's session, checked with the auth service before it is kept; the user's email, or why not. */
export async function adopt(
  client: Client,
  session: unknown,
): Promise<{ ok: true; email: string | null } | { ok: false; message: string }> {
  const s = session as Partial<Session> | null;
  if (!s || typeof s.access_token !== 'string' || typeof s.refresh_token !== 'string') {
    return { ok: false, message: 'The hand-off carried no session' };
  }
  const { data, error } = await client.auth.setSession({
    access_token: s.access_token,
    refresh_token: s.refresh_token,
  });
  if (error || !data.user) return { ok: false, message: error?.message ?? 'The session was not accepted' };
  return { ok: true, email: data.user.email ?? null };
}

/** The session as supabase-js keeps it in storage, read without a request; null when none. */
function storedSession(raw: unknown): Partial<Session> | null {
  if (typeof raw !== 'string') return null;
  try {
    return JSON.parse(raw) as Partial<Session> | null;
  } catch {
    return null;
  }
}

/** `work`'s answer, or 'slow' after `ms`. */
async function within<T>(work: Promise<T>, ms: number): Promise<T | 'slow'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<'slow'>((resolve) => (timer = setTimeout(() => resolve('slow'), ms)));
  return Promise.race([work, slow]).finally(() => clearTimeout(timer));
}

/**
 * Signs this extension out (its session only: the app has its own). The session leaves storage
 * first, whatever the server says next: auth-js's own signOut would first renew an expired token,
 * retrying for half a minute offline, and keep the session when its logout call fails. Then the
 * server is asked to end the session, for `waitMs` at most (offline, it ends at its refresh
 * token's expiry instead).
 */
export async function signOutHere(client: Client, storage: KeyValue, waitMs = 3000) {
  const accessToken = storedSession(await storage.get(SESSION_KEY))?.access_token;
  await storage.remove(SESSION_KEY);
  if (typeof accessToken !== 'string') return;
  await within(
    client.auth.admin.signOut(accessToken, 'local').catch(() => undefined),
    waitMs,
  );
}

/**
 * The signed-in user: the user of the session kept in `storage` (as supabase-js writes it), read
 * without a request, so the popup answers at once offline. A session the auth service refuses is
 * removed by supabase-js when it tries to refresh it, and then this is null.
 */
export async function currentUser(storage: KeyValue): Promise<User | null> {
  const session = storedSession(await storage.get(SESSION_KEY));
  return session?.user?.id ? session.user : null;
}

export type Readiness =
  { kind: 'ready'; user: User } | { kind: 'signed-out' } | { kind: 'unreachable'; message: string };

/**
 * Before sending: the session, refreshed if its hour has run out. Waits `waitMs` at most: when the
 * auth service cannot be reached supabase-js retries the refresh for up to 30 seconds, and a save
 * had better wait in the queue than keep the popup saying 'Saving…'. Offline, the session is kept.
 */
export async function readyToSend(client: Client, storage: KeyValue, waitMs = 4000): Promise<Readiness> {
  if (!(await currentUser(storage))) return { kind: 'signed-out' };
  const result = await within(client.auth.getSession(), waitMs);
  if (result === 'slow') return { kind: 'unreachable', message: 'Chloe could not be reached' };
  if (result.data.session) return { kind: 'ready', user: result.data.session.user };
  if (result.error && isAuthRetryableFetchError(result.error)) {
    return { kind: 'unreachable', message: result.error.message };
  }
  return { kind: 'signed-out' };
}
