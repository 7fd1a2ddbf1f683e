import { useCallback } from 'react';
import * as v from 'valibot';
import { needsConnection } from '../../../lib/online';
import { supabase } from '../../../lib/supabase';
import { toastAbout } from '../../../lib/toast';
import { newPasswordSchema } from '../account-schema';
import { describeAuthError } from '../../../lib/auth-rules';

// A success of this topic dismisses its failures still on screen.
const toast = toastAbout('change-password');

export const CHANGE_PASSWORD_OFFLINE = needsConnection('Changing your password');
export const PASSWORD_UPDATED = 'Password updated';
/** The auth service ends the user's other sessions when the password changes. */
export const OTHER_DEVICES_SIGNED_OUT = 'Signed out on your other devices';
export const CURRENT_PASSWORD_WRONG = 'The current password is not right';

export type ChangePasswordOutcome = { ok: true } | { ok: false; message: string };

/**
 * Sets a new password for the signed-in user, proven by the current one (the auth service checks
 * it: a stolen session alone cannot take the account); this device stays signed in, the others do not.
 */
export async function changePassword(current: string, input: string): Promise<ChangePasswordOutcome> {
  const password = v.parse(newPasswordSchema, input);
  if (!navigator.onLine) return { ok: false, message: CHANGE_PASSWORD_OFFLINE };
  try {
    const { error } = await supabase.auth.updateUser({ password, current_password: current });
    if (error?.code === 'current_password_mismatch') return { ok: false, message: CURRENT_PASSWORD_WRONG };
    return error ? { ok: false, message: describeAuthError(error, CHANGE_PASSWORD_OFFLINE) } : { ok: true };
  } catch (error) {
    return { ok: false, message: describeAuthError(error, CHANGE_PASSWORD_OFFLINE) };
  }
}

/** changePassword with its toast: 'Password updated', or why not. */
export function useChangePassword(): (current: string, password: string) => Promise<ChangePasswordOutcome> {
  return useCallback(async (current, password) => {
    const outcome = await changePassword(current, password);
    if (outcome.ok) toast.success(PASSWORD_UPDATED, OTHER_DEVICES_SIGNED_OUT);
    else toast.error('Could not change the password', outcome.message);
    return outcome;
  }, []);
}
