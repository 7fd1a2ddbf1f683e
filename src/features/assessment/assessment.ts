// The agent assessment's rules (docs/product/assessment.md), as pure functions.
import * as v from 'valibot';
import { TOOL_CATEGORIES } from '../../lib/assessment-options';
import { EMAIL_MESSAGE, isEmail, isHttpUrl, isPhone, PHONE_MESSAGE, URL_MESSAGE } from '../../lib/limits';

export const ASSESSMENT_STEPS = [
  'Business Details',
  'Chloe Preferences',
  'Technology Stack',
  'Workflow & Admin',
  'AI Goals',
  'Integrations',
  'Custom Scenarios',
] as const;

export const TOKEN_LENGTH = 32;

/** The assistant's name until the agency gives another (the server stores it for a blank one too). */
export const DEFAULT_ASSISTANT_NAME = 'Chloe';

/** A link's token as the database accepts it: 22–128 letters and digits (new ones have 32). */
export const assessmentTokenSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{22,128}$/));
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The mobile-device questions show only when the agency uses mobile devices. */
export const showsMobileQuestions = (usesMobileDevices: string | null | undefined) => usesMobileDevices === 'yes';

/** Exactly one text slot per tool category, padded with empty strings. */
export function padTools(tools: readonly (string | null | undefined)[] | null | undefined): string[] {
  return TOOL_CATEGORIES.map((_, i) => tools?.[i] ?? '');
}

/** The most offices an agency may give (the database refuses more too). */
export const MAX_OFFICES = 10_000;
export const OFFICES_NOT_WHOLE = 'The number of offices must be a whole number, like 3';
export const OFFICES_TOO_LARGE = 'The number of offices is too large';

/** What is wrong with a typed number of offices, or null (empty is fine: no answer). */
export function officesProblem(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return OFFICES_NOT_WHOLE;
  return Number(trimmed) > MAX_OFFICES ? OFFICES_TOO_LARGE : null;
}

/**
 * What is wrong with an answer as typed, or null. Such an answer is said next to the question and
 * not saved: the database would refuse it (a web address that is not http(s), an email or a phone
 * number that is not one; migrations 20261123000011, 20261127000031).
 */
export function answerProblem(kind: string, value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (kind === 'offices') return officesProblem(typeof value === 'number' ? String(value) : text);
  if (kind === 'url' && text !== '' && !isHttpUrl(text)) return URL_MESSAGE;
  if (kind === 'email' && text !== '' && !isEmail(text)) return EMAIL_MESSAGE;
  if (kind === 'tel' && text !== '' && !isPhone(text)) return PHONE_MESSAGE;
  return null;
}

/** The number of offices as a whole number, or null when empty or not a number. */
export function parseOffices(input: string): number | null {
  const trimmed = input.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  return Number.parseInt(trimmed, 10);
}

/**
 * A link token: 32 characters from A–Z, a–z, 0–9 chosen with crypto.getRandomValues, without
 * modulo bias: 32 × log2(62) ≈ 190 bits.
 */
export function newToken(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => {
    crypto.getRandomValues(bytes);
    return bytes;
  },
): string {
  let token = '';
  while (token.length < TOKEN_LENGTH) {
    for (const byte of random(new Uint8Array(64))) {
      if (byte < 248 && token.length < TOKEN_LENGTH) token += ALPHANUMERIC[byte % 62];
    }
  }
  return token;
}

export const assessmentUrl = (origin: string, token: string) => `${origin}/agent-assessment/${token}`;
