import { useCallback } from 'react';
import * as v from 'valibot';
import { needsConnection } from '../../../lib/online';
import { supabase } from '../../../lib/supabase';
import { toastAbout } from '../../../lib/toast';
import { newPasswordSchema } from '../auth-schema';
import { describeAuthError } from '../../../lib/auth-rules';
import { endRecovery } from './recovery-link';

// A success of this topic dismisses its failures still on screen.
const toast = toastAbout('update-password');

export const UPDATE_OFFLINE = needsConnection('Setting a new password');
export const PASSWORD_UPDATED = 'Password updated';

export type UpdatePasswordOutcome = { ok: true } | { ok: false; message: string };

/** Sets the signed-in user's password (after a reset link, the recovery session's user). */
export async function updatePassword(input: v.InferInput<typeof newPasswordSchema>): Promise<UpdatePasswordOutcome> {
  const password = v.parse(newPasswordSchema, input);
  if (!navigator.onLine) return { ok: false, message: UPDATE_OFFLINE };
  try {
    const { error } = await supabase.auth.updateUser({ password });
    return error ? { ok: false, message: describeAuthError(error, UPDATE_OFFLINE) } : { ok: true };
  } catch (error) {
    return { ok: false, message: describeAuthError(error, UPDATE_OFFLINE) };
  }
}

/** Setting the new password as the reset screen does it: the recovery ends and a toast says so. */
export function useUpdatePassword(): (password: string) => Promise<UpdatePasswordOutcome> {
  return useCallback(async (password) => {
    const outcome = await updatePassword(password);
    if (outcome.ok) {
      endRecovery();
      toast.success(PASSWORD_UPDATED);
    } else {
      toast.error('Could not set the new password', outcome.message);
    }
    return outcome;
  }, []);
}
