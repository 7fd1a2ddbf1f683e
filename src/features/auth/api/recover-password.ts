import { useCallback } from 'react';
import * as v from 'valibot';
import { needsConnection } from '../../../lib/online';
import { toast } from '../../../lib/toast';
import { recoverSchema } from '../auth-schema';
import { describeAuthError } from '../../../lib/auth-rules';

export const RESET_LINK_SENT = 'Check your email for a reset link';
export const RECOVER_OFFLINE = needsConnection('Sending a reset link');

/** Where the emailed link lands: the set-a-new-password screen of this app. */
export const resetPasswordUrl = () => `${window.location.origin}/auth/reset`;

export type RecoverOutcome = { ok: true } | { ok: false; message: string };

/**
 * Asks the auth service to email a reset link. It answers the same whether or not the address has
 * an account, so success means "sent if it exists".
 */
export async function requestPasswordReset(input: v.InferInput<typeof recoverSchema>): Promise<RecoverOutcome> {
  const { email } = v.parse(recoverSchema, input);
  if (!navigator.onLine) return { ok: false, message: RECOVER_OFFLINE };
  try {
    // Loaded after the page's first render, which needs none of it (as authenticate).
    const { supabase } = await import('../../../lib/supabase');
    const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: resetPasswordUrl() });
    return error ? { ok: false, message: describeAuthError(error, RECOVER_OFFLINE) } : { ok: true };
  } catch (error) {
    return { ok: false, message: describeAuthError(error, RECOVER_OFFLINE) };
  }
}

/** Asking for a reset link as the recover form does it, with a toast that says what happened. */
export function useRequestPasswordReset(): (input: v.InferInput<typeof recoverSchema>) => Promise<RecoverOutcome> {
  return useCallback(async (input) => {
    const outcome = await requestPasswordReset(input);
    if (outcome.ok) toast.success(RESET_LINK_SENT);
    else toast.error('Could not send a reset link', outcome.message);
    return outcome;
  }, []);
}
