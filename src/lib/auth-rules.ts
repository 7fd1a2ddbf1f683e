// What the sign-in, password-reset and account screens share about the auth service: its errors
// in words and its rules for a new password (the local service and Supabase Auth check the same).
import { isAuthError, isAuthRetryableFetchError } from '@supabase/supabase-js';
import * as v from 'valibot';
import { errorMessage } from './errors';

export const TOO_MANY_REQUESTS = 'Too many requests: try again in a few minutes';

/**
 * An auth service error in words: `offline` when it could not be reached at all (supabase-js marks
 * that as a retryable fetch error with status 0, which would otherwise read "Failed to fetch"), a
 * rate limit as such, and otherwise the service's own message. One email a minute per account keeps
 * its own message: it says how many seconds to wait.
 */
export function describeAuthError(error: unknown, offline: string): string {
  if (!navigator.onLine || (isAuthRetryableFetchError(error) && error.status === 0)) return offline;
  if (isAuthError(error) && error.status === 429 && error.code !== 'over_email_send_rate_limit') {
    return TOO_MANY_REQUESTS;
  }
  return errorMessage(error);
}

/** The longest address the auth service takes ('An email address is too long' above it). */
export const MAX_AUTH_EMAIL = 255;

/** A new password: at least 6 characters (weak_password), at most 72 bytes (bcrypt's limit). */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_BYTES = 72;
export const PASSWORDS_DIFFER = 'Passwords do not match';

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** The new-password rules, with what an empty field says on this screen. */
export const newPasswordRules = (emptyMessage: string) =>
  v.pipe(
    v.string(),
    v.nonEmpty(emptyMessage),
    v.minLength(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
    v.check(
      (password) => utf8Bytes(password) <= MAX_PASSWORD_BYTES,
      `Password is too long: at most ${MAX_PASSWORD_BYTES} bytes (accented letters and emoji take 2 to 4 each)`,
    ),
  );

/** The confirmation of a new password: what is wrong with it, if anything (empty says `emptyMessage`). */
export const confirmPasswordProblem = (confirm: string, password: string, emptyMessage: string) =>
  !confirm ? emptyMessage : confirm !== password ? PASSWORDS_DIFFER : undefined;
