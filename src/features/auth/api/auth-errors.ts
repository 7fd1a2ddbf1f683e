import { isAuthError, isAuthRetryableFetchError } from '@supabase/supabase-js';
import { errorMessage } from '../../../lib/errors';

export const TOO_MANY_REQUESTS = 'Too many requests: try again in a few minutes';

// Supabase Auth's error codes for "slow down" (429): per IP, and per address for emails sent.
const RATE_LIMITED = new Set(['over_request_rate_limit', 'over_email_send_rate_limit']);

/**
 * An auth service error in words: `offline` when it could not be reached at all (supabase-js marks
 * that as a retryable fetch error with status 0, which would otherwise read "Failed to fetch"), a
 * rate limit as such, and otherwise the provider's own message (spec §8).
 */
export function describeAuthError(error: unknown, offline: string): string {
  if (!navigator.onLine || (isAuthRetryableFetchError(error) && error.status === 0)) return offline;
  if (isAuthError(error) && ((error.code && RATE_LIMITED.has(error.code)) || error.status === 429)) {
    return TOO_MANY_REQUESTS;
  }
  return errorMessage(error);
}
