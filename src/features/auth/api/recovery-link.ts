import { isAuthImplicitGrantRedirectError, isAuthRetryableFetchError } from '@supabase/supabase-js';
import { needsConnection } from '../../../lib/online';
import { openedWith } from '../../../lib/opened-with';
import { supabase } from '../../../lib/supabase';
import type { AuthRouterContext } from '../guards';
import type { KnownSession } from '../session';

// A reset link from the email goes through the auth service's /verify, which sends the browser to
// /auth/reset with the outcome in the address's fragment: a recovery session
// ('#access_token=…&type=recovery') or an error ('#error=access_denied&error_code=otp_expired…').
// The auth client (detectSessionInUrl) signs in with the tokens and then removes them from the
// address, so what the fragment said is read from the address the app started with (lib/opened-with),
// whenever the route's loader brings this module.

type AuthRedirect = { type: string | null; error: string | null } | null;

function readAuthRedirect(hash: string): AuthRedirect {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('error_code') ?? params.get('error') ?? params.get('error_description');
  if (!params.has('access_token') && !error) return null;
  return { type: params.get('type'), error };
}

let opening: AuthRedirect = readAuthRedirect(openedWith.hash);

/** For tests: as if this page load had opened an address with `hash`. */
export function openedWithHash(hash: string) {
  opening = readAuthRedirect(hash);
}

// Which user's session came from a reset link, for this tab: reloading the set-password screen
// keeps it. Cleared once the new password is set.
const RECOVERY_KEY = 'chloe.password-recovery';

function recoveringUser(): string | null {
  try {
    return sessionStorage.getItem(RECOVERY_KEY);
  } catch {
    return null;
  }
}

function rememberRecovery(userId: string | null) {
  try {
    if (userId) sessionStorage.setItem(RECOVERY_KEY, userId);
    else sessionStorage.removeItem(RECOVERY_KEY);
  } catch {
    // Storage refused (a private window's quota): the screen works until it is reloaded.
  }
}

export const LINK_OFFLINE = needsConnection('Opening a reset link');

/** What /auth/reset can do: set a password for `email`, or say why not. */
export type RecoveryView =
  | { state: 'ready'; email: string }
  | { state: 'link-invalid' }
  | { state: 'offline'; message: string }
  | { state: 'no-link' };

/**
 * Waits for the auth client to take in the reset link (if this page was opened with one) and the
 * session to be known, then says whether a recovery session is here.
 */
export async function openRecoveryLink(session: KnownSession | Promise<KnownSession>): Promise<RecoveryView> {
  const { error } = await supabase.auth.initialize();
  if (opening?.error) return { state: 'link-invalid' };
  const known = await session;
  const fromLink = opening?.type === 'recovery';
  if (fromLink && error) {
    if (isAuthRetryableFetchError(error) && error.status === 0) return { state: 'offline', message: LINK_OFFLINE };
    // The server refused the link's tokens, or the address was malformed.
    if (isAuthImplicitGrantRedirectError(error) || known.status !== 'signed-in') return { state: 'link-invalid' };
  }
  if (known.status !== 'signed-in') return { state: 'no-link' };
  if (fromLink && !error) rememberRecovery(known.user.id);
  if (recoveringUser() === known.user.id) return { state: 'ready', email: known.user.email ?? '' };
  return { state: 'no-link' };
}

/** /auth/reset's loader: the page waits (showing 'Loading...') until this says what it can do. */
export function loadRecoveryView({ context }: { context: AuthRouterContext }): Promise<RecoveryView> {
  return openRecoveryLink(context.session.status === 'loading' ? context.sessionKnown : context.session);
}

/** The new password is set: this tab's recovery is over (opening /auth/reset again says so). */
export function endRecovery() {
  opening = null;
  rememberRecovery(null);
}
