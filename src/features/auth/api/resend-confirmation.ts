import { describeAuthError } from '../../../lib/auth-rules';
import { needsConnection } from '../../../lib/online';

export const RESEND_OFFLINE = needsConnection('Sending the link');

/** What the page says once the link went out again. */
export const resentMessage = (email: string) =>
  `A new confirmation link is on its way to ${email}. Follow it, then sign in here.`;

/**
 * A new confirmation link for an address whose first one was lost (supabase-js auth.resend). The
 * auth service answers alike whether or not the address has an account waiting; it sends one a
 * minute at most and says how long to wait.
 */
export async function resendConfirmation(email: string): Promise<{ ok: true } | { ok: false; message: string }> {
  if (!navigator.onLine) return { ok: false, message: RESEND_OFFLINE };
  try {
    const { supabase } = await import('../../../lib/supabase');
    const { error } = await supabase.auth.resend({ type: 'signup', email });
    return error ? { ok: false, message: describeAuthError(error, RESEND_OFFLINE) } : { ok: true };
  } catch (error) {
    return { ok: false, message: describeAuthError(error, RESEND_OFFLINE) };
  }
}
