import { useCallback } from 'react';
import * as v from 'valibot';
import { needsConnection } from '../../../lib/online';
import { toastAbout } from '../../../lib/toast';
import { authSchema, type AuthCredentials } from '../auth-schema';
import { describeAuthError } from '../../../lib/auth-rules';

// A success of this topic dismisses its failures still on screen.
const toast = toastAbout('sign-in');

export type AuthMode = 'sign-in' | 'sign-up';

/** A failure's `code` is the auth service's (e.g. 'email_not_confirmed'), when it gave one. */
export type AuthOutcome = { ok: true; signedIn: boolean } | { ok: false; message: string; code?: string };

export const OFFLINE_MESSAGE = needsConnection('Signing in');

/** Signs in or up with the auth service; failures come back as the provider's own message. */
export async function authenticate(mode: AuthMode, credentials: AuthCredentials): Promise<AuthOutcome> {
  if (!navigator.onLine) return { ok: false, message: OFFLINE_MESSAGE };
  try {
    // The auth client loads after the page's first render (which needs none of it), before a submit.
    const { supabase } = await import('../../../lib/supabase');
    const { data, error } =
      mode === 'sign-in'
        ? await supabase.auth.signInWithPassword(credentials)
        : await supabase.auth.signUp(credentials);
    if (error) return { ok: false, message: describeAuthError(error, OFFLINE_MESSAGE), code: error.code };
    // Sign-up without a session means the project asks for email confirmation first.
    return { ok: true, signedIn: data.session !== null };
  } catch (error) {
    return { ok: false, message: describeAuthError(error, OFFLINE_MESSAGE) };
  }
}

const SAID = {
  'sign-in': { success: 'Signed in successfully', failure: 'Could not sign in' },
  'sign-up': { success: 'Account created successfully', failure: 'Could not sign up' },
} as const;

/** Signing in or up as the form does it: the input checked, and a toast that says what happened. */
export function useAuthenticate(): (mode: AuthMode, input: v.InferInput<typeof authSchema>) => Promise<AuthOutcome> {
  return useCallback(async (mode, input) => {
    const outcome = await authenticate(mode, v.parse(authSchema, input));
    if (!outcome.ok) toast.error(SAID[mode].failure, outcome.message);
    else if (outcome.signedIn) toast.success(SAID[mode].success);
    else toast.success(SAID[mode].success, 'Please confirm your email address, then sign in.');
    return outcome;
  }, []);
}
