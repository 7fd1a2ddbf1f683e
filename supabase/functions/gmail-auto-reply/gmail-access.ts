// An account's Gmail, with an access token that works: refreshed when it is (about to be) expired,
// the new one stored, and a revoked grant turned into an AccountStop.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import type { GoogleConfig } from '../_shared/google/config.ts';
import { type Gmail, gmail } from '../_shared/google/gmail.ts';
import { refreshAccessToken } from '../_shared/google/oauth.ts';
import { GoogleApiError } from '../_shared/google/request.ts';
import { logError } from '../_shared/log.ts';
import { type Account, AccountStop, type Credentials } from './accounts.ts';

export const REVOKED = 'Gmail access was revoked or has expired. Connect this account again.';

/** An access token for the account, refreshed when it is (about to be) expired. */
async function accessTokenFor(
  db: SupabaseClient,
  config: GoogleConfig,
  account: Account,
  cred: Credentials,
  force = false,
) {
  const expires = cred.access_token_expires_at ? Date.parse(cred.access_token_expires_at) : 0;
  if (!force && cred.access_token && expires > Date.now() + 30_000) return cred.access_token;
  const refreshed = await refreshAccessToken(config, cred.refresh_token);
  if (!refreshed.ok)
    throw new AccountStop(refreshed.revoked ? 'revoked' : 'error', refreshed.revoked ? REVOKED : refreshed.error);
  const { error } = await db
    .from('gmail_credentials')
    .update({
      access_token: refreshed.tokens.accessToken,
      access_token_expires_at: refreshed.tokens.expiresAt.toISOString(),
      ...(refreshed.tokens.scope ? { scope: refreshed.tokens.scope } : {}),
      // Google may rotate the refresh token.
      ...(refreshed.tokens.refreshToken ? { refresh_token: refreshed.tokens.refreshToken } : {}),
    })
    .eq('gmail_account_id', account.id);
  if (error) logError(`[gmail-auto-reply] a refreshed token could not be stored (${error.code ?? 'no code'})`);
  cred.access_token = refreshed.tokens.accessToken;
  cred.access_token_expires_at = refreshed.tokens.expiresAt.toISOString();
  return refreshed.tokens.accessToken;
}

/** The account's Gmail for one run. */
export function gmailAccess(db: SupabaseClient, config: GoogleConfig, account: Account, cred: Credentials) {
  return {
    /**
     * Runs `fn` with the account's Gmail; a 401 (a token revoked since it was refreshed) gets one
     * fresh token and one more try.
     */
    call: async <T>(fn: (api: Gmail) => Promise<T>): Promise<T> => {
      try {
        return await fn(gmail(config, await accessTokenFor(db, config, account, cred)));
      } catch (error) {
        if (!(error instanceof GoogleApiError) || error.status !== 401) throw error;
        return fn(gmail(config, await accessTokenFor(db, config, account, cred, true)));
      }
    },
    /** Makes sure a working token is at hand (refreshing it now if need be). */
    ensureToken: async (): Promise<void> => {
      await accessTokenFor(db, config, account, cred);
    },
  };
}

export type GmailAccess = ReturnType<typeof gmailAccess>;
