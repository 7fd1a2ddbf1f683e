import * as v from 'valibot';
import { EMAIL_MESSAGE, EMAIL_PATTERN, MAX_CHARS, atMostMessage } from '../../lib/limits';

// The account screen's rules, as the auth service checks them: an address of the shape the server
// accepts (invalid format is its 400 validation_failed), a new password of 6 characters to
// 72 bytes (its 422 weak_password and bcrypt's limit, 400 validation_failed above it).

export const newEmailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Enter the new email address'),
  v.maxLength(MAX_CHARS.email, atMostMessage(MAX_CHARS.email)),
  v.regex(EMAIL_PATTERN, EMAIL_MESSAGE),
);

export const SAME_EMAIL = 'This is already your email address';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_BYTES = 72;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

export const newPasswordSchema = v.pipe(
  v.string(),
  v.nonEmpty('Enter the new password'),
  v.minLength(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
  v.check(
    (password) => utf8Bytes(password) <= MAX_PASSWORD_BYTES,
    `Password is too long: at most ${MAX_PASSWORD_BYTES} bytes (accented letters and emoji take 2 to 4 each)`,
  ),
);

export const PASSWORDS_DIFFER = 'Passwords do not match';
export const CONFIRM_PASSWORD = 'Enter the new password again';
