import { isAuthError, isAuthRetryableFetchError } from '@supabase/supabase-js';
import { errorMessage } from '../../../lib/errors';

export const TOO_MANY_REQUESTS = 'Too many requests: try again in a few minutes';

/**
 * An auth service error in words: `offline` when it could not be reached (supabase-js reports that
 * as a retryable fetch error with status 0, "Failed to fetch"), too many requests as such, and
 * otherwise the service's own message ('A user with this email address has already been
 * registered', 'New password should be different from the old password.'). A mail sent too soon
 * keeps its message: it says how many seconds to wait.
 */
export function describeAuthError(error: unknown, offline: string): string {
  if (!navigator.onLine || (isAuthRetryableFetchError(error) && error.status === 0)) return offline;
  if (isAuthError(error) && error.code !== 'over_email_send_rate_limit') {
    if (error.code === 'over_request_rate_limit' || error.status === 429) return TOO_MANY_REQUESTS;
  }
  return errorMessage(error);
}
