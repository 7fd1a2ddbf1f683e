// How much a client may send: the bounds the database enforces as named checks (migration
// 20261123000011_limits_and_signing_facts.sql), mirrored here for the forms' maxLength and
// messages. An integration test (tests/integration/constraints/limits.test.ts) reads the checks
// back from Postgres and compares.

/** Characters, per kind of text. */
export const MAX_CHARS = {
  name: 200,
  email: 320,
  phone: 40,
  address: 500,
  url: 2048,
  handle: 200,
  /** A greeting or sign-off: a sentence or two. */
  phrase: 1000,
  freeText: 5000,
} as const;

/** A drawn signature as a data URL (a 500x200 canvas at 3x pixel density is well under this). */
export const MAX_SIGNATURE_CHARS = 500_000;

/** Rows per sync_push call (the client sends as many as it may). */
export const MAX_PUSH_ROWS = 200;

/** Rows per sync_pull call: the server's cap (sync_pull's least(p_limit, 1000)). A new device pulls
 * 5,000 saved properties in 5 calls, not 25 (each call costs a round trip and a horizon read). */
export const MAX_PULL_ROWS = 1000;

/** Rows one account may hold. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;
export const MAX_SAVED_PROPERTIES_PER_USER = 5000;
export const MAX_ASSESSMENTS_PER_CREATOR = 1000;
/** Rows one account may store, removed ones included. */
export const MAX_SAVED_PROPERTIES_STORED = 10_000;
export const MAX_SUBSCRIPTIONS_STORED = 100;

/** The same test as Postgres' public.is_email(): something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
export const isEmail = (value: string) => EMAIL_PATTERN.test(value);

/** The same test as the database's http(s) URL checks. */
export const HTTP_URL_PATTERN = /^https?:\/\/[^\s]+$/i;
export const isHttpUrl = (value: string) => HTTP_URL_PATTERN.test(value);

/**
 * The same test as Postgres' public.is_phone(): a UK or international number as people write it —
 * digits, spaces, brackets, dashes and dots, a '+' only in front — with 10 to 15 digits
 * ('020 7946 0018', '+44 (0)20 7946 0018'). Letters, a lone '1' or '-----------' are not phones.
 */
export const PHONE_PATTERN = /^\+?[0-9(][0-9 ().-]*$/;
export const PHONE_DIGITS = { min: 10, max: 15 } as const;
export function isPhone(value: string): boolean {
  const text = value.trim();
  const digits = text.replace(/\D/g, '').length;
  return PHONE_PATTERN.test(text) && digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}

export const EMAIL_MESSAGE = 'Enter an email address like name@example.co.uk';
export const PHONE_MESSAGE = 'Enter a phone number like 020 7946 0018 or +44 20 7946 0018';
export const URL_MESSAGE = 'Enter a web address starting with http:// or https://';

/** 'At most 200 characters' once a field is full, so a cut-off paste is explained. */
export function atMostMessage(max: number): string {
  return `At most ${max.toLocaleString('en-GB')} characters`;
}
