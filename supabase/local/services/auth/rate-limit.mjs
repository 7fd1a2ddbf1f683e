// @ts-check
// Supabase Auth's per-IP rate limits, by the Supabase CLI's names in [auth.rate_limit]
// (token_refresh, sign_in_sign_ups, token_verifications): requests per 5-minute window.
import { fail } from './replies.mjs';

const RATE_WINDOW_MS = 5 * 60 * 1000;

/**
 * A check per request: the 429 once an IP has used up a limit in the current window, else null.
 * `null` limits: none at all (the test stack).
 * @param {Record<string, number> | null} limits
 */
export function rateLimiter(limits) {
  /** @type {Map<string, { start: number, count: number }>} */
  const windows = new Map();
  /** @param {string} name @param {string} ip @returns {import('./replies.mjs').Reply | null} */
  return (name, ip) => {
    const limit = limits?.[name];
    if (limit === undefined) return null;
    const key = `${name}:${ip}`;
    const now = Date.now();
    const window = windows.get(key);
    if (!window || now - window.start >= RATE_WINDOW_MS) {
      windows.set(key, { start: now, count: 1 });
      return null;
    }
    window.count += 1;
    return window.count > limit ? fail(429, 'over_request_rate_limit', 'Request rate limit reached') : null;
  };
}
