import { useCallback } from 'react';
import * as v from 'valibot';
import { needsConnection } from '../../../lib/online';
import { supabase } from '../../../lib/supabase';
import { toast } from '../../../lib/toast';
import { newEmailSchema } from '../account-schema';
import { describeAuthError } from '../../../lib/auth-rules';

export const CHANGE_EMAIL_OFFLINE = needsConnection('Changing your email address');

export type ChangeEmailOutcome = { ok: true; email: string } | { ok: false; message: string };

/**
 * Asks the auth service to change the signed-in user's address: it mails a confirmation link to
 * the new one, which brings them back to /account; until then the address stays and the user's
 * `new_email` says which one waits.
 */
export async function changeEmail(input: string): Promise<ChangeEmailOutcome> {
  const email = v.parse(newEmailSchema, input);
  if (!navigator.onLine) return { ok: false, message: CHANGE_EMAIL_OFFLINE };
  try {
    const { error } = await supabase.auth.updateUser(
      { email },
      { emailRedirectTo: `${window.location.origin}/account` },
    );
    return error ? { ok: false, message: describeAuthError(error, CHANGE_EMAIL_OFFLINE) } : { ok: true, email };
  } catch (error) {
    return { ok: false, message: describeAuthError(error, CHANGE_EMAIL_OFFLINE) };
  }
}

/** changeEmail with a toast when it fails (the form shows the same words next to it). */
export function useChangeEmail(): (email: string) => Promise<ChangeEmailOutcome> {
  return useCallback(async (email) => {
    const outcome = await changeEmail(email);
    if (!outcome.ok) toast.error('Could not change the email address', outcome.message);
    return outcome;
  }, []);
}
