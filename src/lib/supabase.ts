import { createClient } from '@supabase/supabase-js';
import type { Database } from '../generated/database.types';
import { supabaseAnonKey, supabaseUrl } from './env';
import { keepPendingSignOuts, pendingSignOuts, type PendingSignOut } from './pending-sign-outs';

const LOGOUT_PATH = '/auth/v1/logout';
const TOKEN_PATH = '/auth/v1/token';

const refusal = (status: number, code: string, msg: string) =>
  Promise.resolve(new Response(JSON.stringify({ code: status, error_code: code, msg }), { status }));

/** The refresh token a /token request sends, if it is one. */
async function refreshTokenOf(input: RequestInfo | URL, init?: RequestInit): Promise<string | null> {
  try {
    const body =
      typeof init?.body === 'string' ? init.body : input instanceof Request ? await input.clone().text() : '';
    return (JSON.parse(body) as { refresh_token?: unknown }).refresh_token?.toString() ?? null;
  } catch {
    return null;
  }
}

// The auth client's requests for a session signed out here are answered on the device, as the
// auth service answers a token it no longer knows: a refresh (auth-js may be retrying one from
// before, offline) then ends that session in auth-js instead of storing it again, and a sign-out
// (its POST /logout) completes without the network. Everything else goes to the network.
const appFetch: typeof fetch = async (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  // Only the two auth calls are looked at: every other request goes out without reading storage.
  if (url.pathname.endsWith(LOGOUT_PATH)) {
    const token = new Headers(init?.headers).get('authorization')?.replace(/^Bearer\s+/i, '');
    if (pendingSignOuts().some((s) => s.access_token === token)) {
      return refusal(401, 'no_authorization', 'Signed out on this device');
    }
  } else if (url.pathname.endsWith(TOKEN_PATH) && url.searchParams.get('grant_type') === 'refresh_token') {
    const signedOut = pendingSignOuts();
    const token = signedOut.length > 0 ? await refreshTokenOf(input, init) : null;
    if (signedOut.some((s) => s.refresh_token === token)) {
      return refusal(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    }
  }
  return fetch(input, init);
};

// The one Supabase client of the app: every feature reaches auth, PostgREST and functions through it.
export const supabase = createClient<Database>(supabaseUrl, supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  global: { fetch: appFetch },
});

const signedOutHere = new Set<() => void>();

/** Called when this device signs out without the auth service (the session state follows at once). */
export function onSignedOutHere(listener: () => void): () => void {
  signedOutHere.add(listener);
  return () => signedOutHere.delete(listener);
}

/**
 * Drops this device's session without the auth service, at once: its tokens join the pending
 * sign-outs (so no refresh can store them again), auth-js's stored copy goes, and the app hears
 * of it now. auth-js is then asked to sign out too, which it does when its lock is free (offline
 * it may be retrying a refresh for up to 30 s): nothing waits for that.
 */
export function dropSessionHere(tokens: PendingSignOut | null): void {
  if (tokens) {
    keepPendingSignOuts([...pendingSignOuts().filter((p) => p.refresh_token !== tokens.refresh_token), tokens]);
  }
  for (const key of Object.keys(localStorage)) {
    if (/^sb-.+-auth-token(-code-verifier|-user)?$/.test(key)) localStorage.removeItem(key);
  }
  for (const listener of signedOutHere) listener();
  void supabase.auth.signOut({ scope: 'local' }).catch(() => undefined);
}
