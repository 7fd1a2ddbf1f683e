// Google's OAuth 2.0 as the Gmail connection uses it: the consent URL (with PKCE), the code
// exchange and the refresh of an access token, what the granted scope allows, and the account's
// address from OpenID Connect's userinfo. Tokens and secrets are never logged.
import { logError } from '../log.ts';
import type { GoogleConfig } from './config.ts';
import { getJson, GoogleApiError, TIMEOUT_MS } from './request.ts';

/** Read and send mail, and the address of the account. */
export const SCOPES = [
  'openid',
  'email',
  'https://www.googleapis.com/auth/gmail.readonly',
  'https://www.googleapis.com/auth/gmail.send',
] as const;
const READ = [
  'https://www.googleapis.com/auth/gmail.readonly',
  'https://www.googleapis.com/auth/gmail.modify',
  'https://mail.google.com/',
];
const SEND = [
  'https://www.googleapis.com/auth/gmail.send',
  'https://www.googleapis.com/auth/gmail.modify',
  'https://mail.google.com/',
];

/** Google's consent page for this client, with the state and the PKCE challenge. */
export function consentUrl(
  config: GoogleConfig,
  opts: { state: string; codeChallenge: string; redirectUri: string },
): string {
  const url = new URL(config.authUrl);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', opts.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', SCOPES.join(' '));
  // A refresh token, every time (a reconnection must replace a revoked one).
  url.searchParams.set('access_type', 'offline');
  url.searchParams.set('prompt', 'consent select_account');
  url.searchParams.set('include_granted_scopes', 'true');
  url.searchParams.set('state', opts.state);
  url.searchParams.set('code_challenge', opts.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.href;
}

export type Tokens = {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
  scope: string;
};

/** Why Google would not give a token: `revoked` when the grant is gone (the account must reconnect). */
export type TokenFailure = { ok: false; revoked: boolean; error: string };

function mayRead(scope: string) {
  const granted = scope.split(/\s+/);
  return READ.some((s) => granted.includes(s));
}
function maySend(scope: string) {
  const granted = scope.split(/\s+/);
  return SEND.some((s) => granted.includes(s));
}

/** Whether the granted scope lets the assistant read new mail and reply. */
export const canAutoReply = (scope: string) => mayRead(scope) && maySend(scope);

async function tokenRequest(
  config: GoogleConfig,
  form: Record<string, string>,
): Promise<{ ok: true; tokens: Tokens } | TokenFailure> {
  let response: Response;
  try {
    response = await fetch(config.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...form }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    logError(`[google] the token endpoint could not be reached (${error instanceof Error ? error.name : 'Error'})`);
    return { ok: false, revoked: false, error: 'Google could not be reached. Please try again.' };
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const code = typeof body.error === 'string' ? body.error : `status ${response.status}`;
    logError(`[google] the token endpoint answered ${response.status} (${code})`);
    // invalid_grant: the grant was revoked, expired, or the code was already used.
    return {
      ok: false,
      revoked: code === 'invalid_grant',
      error:
        code === 'invalid_client'
          ? 'The Google client is not set up correctly on the server.'
          : `Google refused the sign-in (${code}).`,
    };
  }
  const accessToken = body.access_token;
  const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 3599;
  if (typeof accessToken !== 'string' || !accessToken) {
    return { ok: false, revoked: false, error: 'Google sent no access token.' };
  }
  return {
    ok: true,
    tokens: {
      accessToken,
      refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
      // A minute early: a token is never used in its last seconds.
      expiresAt: new Date(Date.now() + Math.max(0, expiresIn - 60) * 1000),
      scope: typeof body.scope === 'string' ? body.scope : '',
    },
  };
}

/** Exchanges the consent's code (with the PKCE verifier) for tokens. */
export const exchangeCode = (config: GoogleConfig, opts: { code: string; codeVerifier: string; redirectUri: string }) =>
  tokenRequest(config, {
    grant_type: 'authorization_code',
    code: opts.code,
    code_verifier: opts.codeVerifier,
    redirect_uri: opts.redirectUri,
  });

/** A new access token for a refresh token. */
export const refreshAccessToken = (config: GoogleConfig, refreshToken: string) =>
  tokenRequest(config, { grant_type: 'refresh_token', refresh_token: refreshToken });

/** The account's address (OpenID Connect userinfo), lower-cased. */
export async function accountEmail(config: GoogleConfig, accessToken: string): Promise<string> {
  const info = await getJson(config.userinfoUrl, accessToken);
  if (typeof info.email !== 'string' || !info.email.includes('@'))
    throw new GoogleApiError(502, 'Google sent no email address');
  if (info.email_verified === false) throw new GoogleApiError(403, 'This Google account’s address is not verified');
  return info.email.toLowerCase();
}
