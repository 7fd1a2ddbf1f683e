// The session auth-js keeps in localStorage, read without loading supabase-js: the page's first
// script (src/boot.ts) can then ask the server for what a page shows while the app's code is still
// on its way. auth-js stays the one that keeps, refreshes and ends sessions.
import type { Session } from '@supabase/supabase-js';
import { supabaseUrl } from './env';
import { isSignedOutHere } from './pending-sign-outs';

/** Where auth-js stores this project's session: supabase-js's default key for the API's host. */
export const AUTH_STORAGE_KEY = `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;

// A token this close to its end is left to auth-js, which refreshes it as it starts.
const MARGIN_S = 30;

/**
 * The session stored for this device, while its access token is valid and it was not signed out
 * here; else null. What auth-js's getSession() answers at start, without waiting for auth-js.
 */
export function storedSessionNow(now = Date.now()): Session | null {
  try {
    const stored = storedRecord();
    if (!stored) return null;
    const { access_token: token, expires_at: expiresAt, user } = stored;
    const userId = typeof user === 'object' && user !== null ? (user as Record<string, unknown>)['id'] : undefined;
    if (typeof token !== 'string' || typeof userId !== 'string' || typeof expiresAt !== 'number') return null;
    if (expiresAt - MARGIN_S <= now / 1000) return null;
    if (isSignedOutHere(token)) return null;
    // Checked above where it matters; the rest is auth-js's own record of the session.
    return stored as unknown as Session;
  } catch {
    return null;
  }
}

/** auth-js's stored session as storage holds it, unchecked (null: none, or not a JSON object). */
export function storedRecord(): Record<string, unknown> | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null');
    return typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The stored access token and its user, while the token is valid and not signed out here; else null. */
export function storedAccess(now = Date.now()): { token: string; userId: string } | null {
  const session = storedSessionNow(now);
  return session ? { token: session.access_token, userId: session.user.id } : null;
}

/**
 * The session a first render can start with, without auth-js: the stored one (storedSessionNow),
 * or null when nothing is stored (auth-js too would start signed out). Undefined when auth-js must
 * say: the address carries an auth link's tokens or code (perhaps another person's), or the stored
 * session has ended (auth-js refreshes it) or was signed out here.
 */
export function sessionToStart(
  address: { hash: string; search: string },
  now = Date.now(),
): Session | null | undefined {
  if (address.hash !== '' || new URLSearchParams(address.search).has('code')) return undefined;
  const stored = storedSessionNow(now);
  if (stored) return stored;
  try {
    return localStorage.getItem(AUTH_STORAGE_KEY) === null ? null : undefined;
  } catch {
    return undefined;
  }
}
