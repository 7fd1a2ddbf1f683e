import { openedWith as startedAt } from '../../../lib/opened-with';
import { supabase } from '../../../lib/supabase';

// The confirmation link mailed to a new address goes through the auth service's /verify, which
// sends the browser to /account with the outcome in the address's fragment: a session for the
// changed user ('#access_token=…&type=email_change') or an error ('#error=access_denied&
// error_code=otp_expired…'). The auth client (detectSessionInUrl) signs in with the tokens and then
// clears the fragment, so what it said is read from the address the app started with
// (lib/opened-with), whenever the route's loader brings this module.

type AuthRedirect = { type: string | null; error: boolean; oneOfTwo: boolean } | null;

/** What an address opened at /account says; a link for another page (a reset link's error) is not ours. */
function readAuthRedirect(pathname: string, hash: string): AuthRedirect {
  if (pathname.replace(/\/$/, '') !== '/account') return null;
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.has('error') || params.has('error_code') || params.has('error_description');
  // The first of the two links of a secure email change: the auth service says only 'message'.
  const oneOfTwo = params.has('message') && params.has('sb');
  if (!params.has('access_token') && !error && !oneOfTwo) return null;
  return { type: params.get('type'), error, oneOfTwo };
}

let opening: AuthRedirect = readAuthRedirect(startedAt.pathname, startedAt.hash);

/** For tests: as if this page load had opened `pathname` with `hash`. */
export function openedWith(pathname: string, hash: string) {
  opening = readAuthRedirect(pathname, hash);
}

/** What the page was opened with: a followed confirmation link, one that failed, or neither. */
export type EmailChangeLink = 'changed' | 'one-of-two' | 'link-invalid' | null;

export const LINK_INVALID = 'This confirmation link is invalid or has expired. Change the email again for a new link.';
export const ONE_OF_TWO =
  'Confirmation link accepted. Follow the link sent to the other address too: the change needs both.';

/**
 * Waits for the auth client to take in the link this page was opened with, if any, and says how it
 * went; once: a later visit to /account in this tab says nothing.
 */
export async function openEmailChangeLink(): Promise<EmailChangeLink> {
  const link = opening;
  if (!link) return null;
  opening = null;
  const { error } = await supabase.auth.initialize();
  if (link.oneOfTwo) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    return 'one-of-two';
  }
  if (link.error) {
    // The client leaves an error in the address: a reload would say it again.
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    return 'link-invalid';
  }
  if (link.type !== 'email_change') return null;
  return error ? 'link-invalid' : 'changed';
}
