import * as v from 'valibot';
import { MAX_AUTH_EMAIL, newPasswordRules } from '../../lib/auth-rules';
import { EMAIL_MESSAGE, EMAIL_PATTERN, atMostMessage } from '../../lib/limits';

// The account screen's rules, as the auth service checks them: an address of the shape the server
// accepts (invalid format is its 400 validation_failed), a new password of 6 characters to
// 72 bytes (its 422 weak_password and bcrypt's limit, 400 validation_failed above it).

export const newEmailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Enter the new email address'),
  v.maxLength(MAX_AUTH_EMAIL, atMostMessage(MAX_AUTH_EMAIL)),
  v.regex(EMAIL_PATTERN, EMAIL_MESSAGE),
);

export const SAME_EMAIL = 'This is already your email address';

export { MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH, PASSWORDS_DIFFER } from '../../lib/auth-rules';

export const newPasswordSchema = newPasswordRules('Enter the new password');

export const CONFIRM_PASSWORD = 'Enter the new password again';

export const currentPasswordSchema = v.pipe(v.string(), v.nonEmpty('Enter your current password'));
