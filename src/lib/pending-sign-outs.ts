// Sessions signed out on this device while the auth service could not be reached
// (docs/decisions/024-offline-sign-out.md): their tokens wait here for the one call that ends them
// on the server (features/auth/api/sign-out), and no tab of this device may bring them back
// (lib/supabase). Its own module, without the auth client, so the session provider can look at it
// on every page without loading supabase-js.
export const PENDING_SIGN_OUTS = 'chloe:sign-outs-pending';

export interface PendingSignOut {
  access_token: string;
  refresh_token: string;
}

export function pendingSignOuts(): PendingSignOut[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(PENDING_SIGN_OUTS) ?? '[]');
    return Array.isArray(raw) ? (raw as PendingSignOut[]) : [];
  } catch {
    return [];
  }
}

/** Keeps `list` as the pending sign-outs (none: the key goes). */
export function keepPendingSignOuts(list: PendingSignOut[]) {
  if (list.length) localStorage.setItem(PENDING_SIGN_OUTS, JSON.stringify(list));
  else localStorage.removeItem(PENDING_SIGN_OUTS);
}

export const hasPendingSignOuts = () => localStorage.getItem(PENDING_SIGN_OUTS) !== null;
