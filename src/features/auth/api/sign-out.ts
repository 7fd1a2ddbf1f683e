import { isAuthRetryableFetchError, type AuthError } from '@supabase/supabase-js';
import { supabaseAnonKey, supabaseUrl } from '../../../lib/env';
import {
  keepPendingSignOuts as keep,
  PENDING_SIGN_OUTS,
  pendingSignOuts as pending,
  sessionIdOf,
  type PendingSignOut,
} from '../../../lib/pending-sign-outs';
import { dropSessionHere, supabase } from '../../../lib/supabase';

export { PENDING_SIGN_OUTS };

// Signing out must work on a shared tablet with no connection (docs/decisions/024-offline-sign-out.md):
// the session leaves this device at once, and the auth service is told when it can be reached. Until
// then lib/supabase's pending sign-outs hold the signed-out session's tokens, for that one call.

/**
 * The tokens as stored, read from storage: getSession() would first try to refresh an expired
 * one, which offline auth-js retries for up to 30 s.
 */
function storedSession(): PendingSignOut | null {
  for (const key of Object.keys(localStorage)) {
    if (!/^sb-.+-auth-token$/.test(key)) continue;
    try {
      const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as {
        access_token?: string;
        refresh_token?: string;
      } | null;
      if (stored?.refresh_token) {
        return { refresh_token: stored.refresh_token, session_id: sessionIdOf(stored.access_token) };
      }
    } catch {
      // Not a session: nothing to end on the server.
    }
  }
  return null;
}

/**
 * Ends the session: with the auth service when it answers; otherwise (offline, or the request
 * failed on the way) on this device at once, the service's side kept for finishPendingSignOuts.
 * `later` says which happened. Another refusal (the service said no) leaves the user signed in.
 */
export async function signOut(): Promise<{ error: AuthError | null; later: boolean }> {
  if (navigator.onLine) {
    const { error } = await supabase.auth.signOut();
    if (!error) return { error: null, later: false };
    if (!isAuthRetryableFetchError(error)) return { error, later: false };
  }
  dropSessionHere(storedSession());
  return { error: null, later: true };
}

const headers = (token?: string) => ({
  apikey: supabaseAnonKey,
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

/**
 * One signed-out session ended with the auth service, as supabase.auth.signOut() would have
 * (scope global): its refresh token is traded for an access token, which the sign-out call
 * takes. True when it is over (ended now, or already gone), false when the service could not be
 * reached.
 */
async function endOnServer({ refresh_token }: PendingSignOut): Promise<boolean> {
  try {
    const refreshed = await fetch(`${supabaseUrl}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ refresh_token }),
    });
    // A refresh token the service no longer takes: that session has ended already.
    if (!refreshed.ok) return refreshed.status < 500;
    const token = ((await refreshed.json()) as { access_token: string }).access_token;
    const res = await fetch(`${supabaseUrl}/auth/v1/logout?scope=global`, { method: 'POST', headers: headers(token) });
    return res.status < 500;
  } catch {
    return false;
  }
}

let running: Promise<void> | null = null;

/** Tells the auth service about every sign-out made offline; what it cannot reach waits for the next try. */
export function finishPendingSignOuts(): Promise<void> {
  running ??= (async () => {
    try {
      const ended = new Set<string>();
      for (const item of pending()) if (await endOnServer(item)) ended.add(item.refresh_token);
      // Read again: a sign-out made meanwhile (another tab) stays for the next try.
      keep(pending().filter((p) => !ended.has(p.refresh_token)));
    } finally {
      running = null;
    }
  })();
  return running;
}
