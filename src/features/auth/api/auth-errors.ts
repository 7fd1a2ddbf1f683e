import { isAuthError, isAuthRetryableFetchError } from '@supabase/supabase-js';
import { errorMessage } from '../../../lib/errors';

export const TOO_MANY_REQUESTS = 'Too many requests: try again in a few minutes';

/**
 * An auth service error in words: `offline` when it could not be reached at all (supabase-js marks
 * that as a retryable fetch error with status 0, which would otherwise read "Failed to fetch"), a
 * rate limit as such, and otherwise the provider's own message (spec §8).
 */
export function describeAuthError(error: unknown, offline: string): string {
  if (!navigator.onLine || (isAuthRetryableFetchError(error) && error.status === 0)) return offline;
  // Too many requests from this address (per IP). One email a minute per account has its own
  // message, which says how many seconds to wait.
  if (isAuthError(error) && error.status === 429 && error.code !== 'over_email_send_rate_limit') {
    return TOO_MANY_REQUESTS;
  }
  return errorMessage(error);
}
