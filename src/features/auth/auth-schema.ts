import * as v from 'valibot';
import { MAX_AUTH_EMAIL, newPasswordRules } from '../../lib/auth-rules';
import { atMostMessage } from '../../lib/limits';

export const emailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Email is required'),
  v.maxLength(MAX_AUTH_EMAIL, atMostMessage(MAX_AUTH_EMAIL)),
  v.email('Please enter a valid email address.'),
);

// No length rule here: the auth service owns its password policy and its message is shown as is.
export const passwordSchema = v.pipe(v.string(), v.nonEmpty('Password is required'));

export const authSchema = v.object({ email: emailSchema, password: passwordSchema });

export type AuthCredentials = v.InferOutput<typeof authSchema>;

/** Asking for a reset link: the address only, checked as sign-in checks it. */
export const recoverSchema = v.object({ email: emailSchema });

export { MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH, PASSWORDS_DIFFER } from '../../lib/auth-rules';

/** A new password set from a reset link (src/lib/auth-rules.ts). */
export const newPasswordSchema = newPasswordRules('Password is required');
