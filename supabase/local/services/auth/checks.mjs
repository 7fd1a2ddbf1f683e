// @ts-check
// GoTrue's checks of what a request sends: its fields' types, an address, a new password, where a
// link may send the browser, how soon another email may go out.
import { createHash } from 'node:crypto';
import { fail } from './replies.mjs';

/** @typedef {import('./replies.mjs').Reply} Reply */

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// GoTrue's bound on an address (validateEmail).
const MAX_EMAIL_LENGTH = 255;
const MIN_PASSWORD_LENGTH = 6;
// bcrypt reads 72 bytes and ignores the rest: GoTrue refuses longer passwords (MaxPasswordLength),
// so two passwords that share their first 72 bytes never both sign in.
export const MAX_PASSWORD_BYTES = 72;
// A recovery or confirmation link works once, for an hour (GoTrue's mailer OTP expiry), and one
// email is sent at most once a minute per address (its max frequency).
export const LINK_TTL_MS = 60 * 60 * 1000;
const EMAIL_EVERY_MS = 60 * 1000;

/**
 * One field of a request body, which may be any JSON value or none: `body?.[key]`, typed.
 * @param {unknown} body @param {string} key @returns {unknown}
 */
export const field = (body, key) => /** @type {Record<string, unknown> | null | undefined} */ (body)?.[key];

/**
 * A text field of a request body: '' when absent, any other JSON value as String() writes it.
 * @param {unknown} body @param {string} key
 */
export const text = (body, key) => {
  // Any JSON value: a number, array or object sent by mistake is stringified, not refused.
  /** @type {unknown} */
  const value = field(body, key) ?? '';
  return String(value);
};

/**
 * A field GoTrue reads as a string, sent as another JSON type (a number, a list): GoTrue refuses the
 * body rather than reading `12345678` as the password '12345678'. Null when the fields are fine.
 * @param {unknown} body @param {string[]} keys @returns {Reply | null}
 */
export function notStrings(body, keys) {
  const wrong = keys.find((key) => {
    const value = field(body, key);
    return value !== undefined && value !== null && typeof value !== 'string';
  });
  return wrong ? fail(400, 'bad_json', `Could not parse request body as JSON: ${wrong} must be a string`) : null;
}

/**
 * GoTrue's checks of a given address (sign-up, recovery, email change, the admin API), or null
 * when it passes.
 * @param {string} email @returns {Reply | null}
 */
export function emailProblem(email) {
  if (email.length > MAX_EMAIL_LENGTH) return fail(400, 'validation_failed', 'An email address is too long');
  if (!EMAIL_RE.test(email)) return fail(400, 'validation_failed', 'Unable to validate email address: invalid format');
  return null;
}

/**
 * GoTrue's password rules for a new password (checkPasswordStrength), or null when it passes.
 * @param {string} password @returns {Reply | null}
 */
export function passwordProblem(password) {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    return fail(400, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    return fail(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  return null;
}

/**
 * GoTrue's refusal of a second auth email to one address within a minute, or null.
 * @param {Date | null | undefined} sentAt @returns {Reply | null}
 */
export function tooSoon(sentAt) {
  const since = sentAt ? Date.now() - sentAt.getTime() : Infinity;
  if (since >= EMAIL_EVERY_MS) return null;
  const wait = Math.ceil((EMAIL_EVERY_MS - since) / 1000);
  return fail(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${wait} seconds.`,
  );
}

/** How a one-use token is stored: never as itself. @param {string} token */
export const sha256 = (token) => createHash('sha256').update(token).digest('hex');
