import * as v from 'valibot';

export const emailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Email is required'),
  v.email('Please enter a valid email address.'),
);

// No length rule here: the auth service owns its password policy and its message is shown as is.
export const passwordSchema = v.pipe(v.string(), v.nonEmpty('Password is required'));

export const authSchema = v.object({ email: emailSchema, password: passwordSchema });

export type AuthCredentials = v.InferOutput<typeof authSchema>;

/** Asking for a reset link: the address only, checked as sign-in checks it. */
export const recoverSchema = v.object({ email: emailSchema });

/** The auth service's bounds on a new password: at least 6 characters, at most 72 bytes (bcrypt's limit). */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_BYTES = 72;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

export const newPasswordSchema = v.pipe(
  v.string(),
  v.nonEmpty('Password is required'),
  v.minLength(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
  v.check(
    (password) => utf8Bytes(password) <= MAX_PASSWORD_BYTES,
    `Password is too long: at most ${MAX_PASSWORD_BYTES} bytes (accented letters and emoji take 2 to 4 each)`,
  ),
);

export const PASSWORDS_DIFFER = 'Passwords do not match';
