// Sessions signed out on this device while the auth service could not be reached
// (docs/decisions/024-offline-sign-out.md): their tokens wait here for the one call that ends them
// on the server (features/auth/api/sign-out), and no tab of this device may bring them back
// (lib/supabase). Its own module, without the auth client, so the session provider can look at it
// on every page without loading supabase-js.
import { jwtClaims } from './jwt-claims';

export const PENDING_SIGN_OUTS = 'chloe:sign-outs-pending';

/**
 * Only what ending the session needs: its refresh token (traded once for the access token the
 * sign-out call wants) and its id, which names the session's tokens. Never the access token
 * itself, a bearer that would stay usable, with the user's email in it, until it expired.
 */
export interface PendingSignOut {
  refresh_token: string;
  session_id: string | null;
}

/** The session an access token belongs to (its `session_id` claim), read without verifying it. */
export function sessionIdOf(accessToken: string | null | undefined): string | null {
  const id = accessToken ? jwtClaims(accessToken)?.['session_id'] : null;
  return typeof id === 'string' ? id : null;
}

export function pendingSignOuts(): PendingSignOut[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(PENDING_SIGN_OUTS) ?? '[]');
    if (!Array.isArray(raw)) return [];
    const list = (raw as (PendingSignOut & { access_token?: string })[]).map((p) => ({
      refresh_token: p.refresh_token,
      session_id: p.session_id ?? sessionIdOf(p.access_token),
    }));
    // Kept by an earlier version with its access token: rewritten without it.
    if (raw.some((p: { access_token?: unknown }) => p.access_token !== undefined)) keepPendingSignOuts(list);
    return list;
  } catch {
    return [];
  }
}

/** Whether `accessToken` is of a session signed out here. */
export const isSignedOutHere = (accessToken: string | null | undefined) => {
  const id = sessionIdOf(accessToken);
  return id !== null && pendingSignOuts().some((p) => p.session_id === id);
};

/** Keeps `list` as the pending sign-outs (none: the key goes). */
export function keepPendingSignOuts(list: PendingSignOut[]) {
  if (list.length) localStorage.setItem(PENDING_SIGN_OUTS, JSON.stringify(list));
  else localStorage.removeItem(PENDING_SIGN_OUTS);
}

export const hasPendingSignOuts = () => localStorage.getItem(PENDING_SIGN_OUTS) !== null;
