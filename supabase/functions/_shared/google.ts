// Google, as the Gmail functions use it: OAuth 2.0 (consent URL, code exchange with PKCE, refresh),
// OpenID Connect's userinfo, and the Gmail API calls that read new mail and send a reply. Every
// address comes from the function's env, so the local stack points them at its stand-in
// (supabase/local/google.mjs) and production at Google. Tokens and secrets are never logged.
import { logError } from './log.ts';

export type GoogleConfig = {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  gmailUrl: string;
};

/**
 * Where Google sends the popup back: a static page of the app (public/gmail-oauth-callback.html)
 * that hands the code to the dashboard. Register `<app origin>` + this path as a redirect URI of
 * the OAuth client, for every origin in APP_ORIGINS.
 */
export const CALLBACK_PATH = '/gmail-oauth-callback.html';

export const redirectUriFor = (appOrigin: string) => `${appOrigin}${CALLBACK_PATH}`;

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

const TIMEOUT_MS = 10_000;

const trimSlash = (s: string) => s.replace(/\/+$/, '');

/** The Google settings of the function's env; null (and what is missing) without a client. */
export function googleConfig(): { ok: true; config: GoogleConfig } | { ok: false; missing: string } {
  const clientId = Deno.env.get('GOOGLE_CLIENT_ID')?.trim();
  const clientSecret = Deno.env.get('GOOGLE_CLIENT_SECRET')?.trim();
  if (!clientId) return { ok: false, missing: 'GOOGLE_CLIENT_ID' };
  if (!clientSecret) return { ok: false, missing: 'GOOGLE_CLIENT_SECRET' };
  const env = (name: string, fallback: string) => Deno.env.get(name)?.trim() || fallback;
  return {
    ok: true,
    config: {
      clientId,
      clientSecret,
      authUrl: env('GOOGLE_AUTH_URL', 'https://accounts.google.com/o/oauth2/v2/auth'),
      tokenUrl: env('GOOGLE_TOKEN_URL', 'https://oauth2.googleapis.com/token'),
      userinfoUrl: env('GOOGLE_USERINFO_URL', 'https://openidconnect.googleapis.com/v1/userinfo'),
      gmailUrl: trimSlash(env('GMAIL_API_URL', 'https://gmail.googleapis.com')),
    },
  };
}

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

/** A failed Gmail or userinfo call: `status` 0 when Google could not be reached. */
export class GoogleApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'GoogleApiError';
  }
}

async function getJson(url: string, accessToken: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { ...(init.headers ?? {}), authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new GoogleApiError(0, `Google could not be reached (${error instanceof Error ? error.name : 'Error'})`);
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const detail = (body.error as { message?: unknown } | undefined)?.message;
    throw new GoogleApiError(
      response.status,
      typeof detail === 'string' ? detail.slice(0, 200) : `status ${response.status}`,
    );
  }
  return body;
}

/** The account's address (OpenID Connect userinfo), lower-cased. */
export async function accountEmail(config: GoogleConfig, accessToken: string): Promise<string> {
  const info = await getJson(config.userinfoUrl, accessToken);
  if (typeof info.email !== 'string' || !info.email.includes('@'))
    throw new GoogleApiError(502, 'Google sent no email address');
  if (info.email_verified === false) throw new GoogleApiError(403, 'This Google account’s address is not verified');
  return info.email.toLowerCase();
}

export type GmailRef = { id: string; threadId: string };
export type GmailHeader = { name: string; value: string };
export type GmailMessage = GmailRef & { labelIds: string[]; internalDate: string; headers: GmailHeader[] };

/** The headers the assistant reads: who wrote, about what, and whether it is bulk or automatic. */
export const METADATA_HEADERS = [
  'From',
  'To',
  'Subject',
  'Message-ID',
  'References',
  'In-Reply-To',
  'Reply-To',
  'Auto-Submitted',
  'Precedence',
  'List-Id',
  'List-Unsubscribe',
  'X-Auto-Response-Suppress',
  'Return-Path',
] as const;

/** One mailbox's Gmail API, as the access token's account ('me'). */
export function gmail(config: GoogleConfig, accessToken: string) {
  const base = `${config.gmailUrl}/gmail/v1/users/me`;
  return {
    profile: async () => {
      const p = await getJson(`${base}/profile`, accessToken);
      return { emailAddress: String(p.emailAddress ?? ''), historyId: String(p.historyId ?? '') };
    },
    /**
     * Messages added to the inbox after `startHistoryId`, oldest first, at most `limit`; the
     * cursor to continue from. `expired` when Gmail no longer has history that old (404).
     */
    history: async (
      startHistoryId: string,
      limit: number,
    ): Promise<{ expired: true } | { expired: false; messages: GmailRef[]; cursor: string }> => {
      const messages: GmailRef[] = [];
      const seen = new Set<string>();
      let pageToken: string | null = null;
      let cursor = startHistoryId;
      for (;;) {
        const url = new URL(`${base}/history`);
        url.searchParams.set('startHistoryId', startHistoryId);
        url.searchParams.set('historyTypes', 'messageAdded');
        url.searchParams.set('labelId', 'INBOX');
        url.searchParams.set('maxResults', '100');
        if (pageToken) url.searchParams.set('pageToken', pageToken);
        let page: Record<string, unknown>;
        try {
          page = await getJson(url.href, accessToken);
        } catch (error) {
          if (error instanceof GoogleApiError && error.status === 404) return { expired: true };
          throw error;
        }
        const records = Array.isArray(page.history) ? (page.history as Record<string, unknown>[]) : [];
        for (const record of records) {
          const added = Array.isArray(record.messagesAdded) ? (record.messagesAdded as { message?: GmailRef }[]) : [];
          const fresh = added.map((a) => a.message).filter((m): m is GmailRef => Boolean(m?.id) && !seen.has(m!.id));
          if (messages.length && messages.length + fresh.length > limit) {
            // The rest waits for the next run: the cursor stops before this record.
            return { expired: false, messages, cursor };
          }
          for (const m of fresh) {
            seen.add(m.id);
            messages.push({ id: m.id, threadId: m.threadId });
          }
          if (typeof record.id === 'string') cursor = record.id;
        }
        pageToken = typeof page.nextPageToken === 'string' ? page.nextPageToken : null;
        if (!pageToken) {
          if (typeof page.historyId === 'string') cursor = page.historyId;
          return { expired: false, messages, cursor };
        }
      }
    },
    /**
     * Inbox messages received after `afterSeconds` (the fallback when history has expired), oldest
     * first: every page, up to `limit` (the newest, when there are more).
     */
    inboxSince: async (afterSeconds: number, limit: number): Promise<GmailRef[]> => {
      const refs: GmailRef[] = [];
      let pageToken: string | null = null;
      do {
        const url = new URL(`${base}/messages`);
        url.searchParams.set('q', `in:inbox after:${Math.floor(afterSeconds)}`);
        url.searchParams.set('maxResults', '500');
        if (pageToken) url.searchParams.set('pageToken', pageToken);
        const page = await getJson(url.href, accessToken);
        for (const m of Array.isArray(page.messages) ? (page.messages as GmailRef[]) : []) {
          refs.push({ id: m.id, threadId: m.threadId });
        }
        pageToken = typeof page.nextPageToken === 'string' ? page.nextPageToken : null;
      } while (pageToken && refs.length < limit);
      // Gmail lists newest first.
      return refs.slice(0, limit).reverse();
    },
    message: async (id: string): Promise<GmailMessage> => {
      const url = new URL(`${base}/messages/${encodeURIComponent(id)}`);
      url.searchParams.set('format', 'metadata');
      for (const h of METADATA_HEADERS) url.searchParams.append('metadataHeaders', h);
      const m = await getJson(url.href, accessToken);
      const payload = (m.payload ?? {}) as { headers?: GmailHeader[] };
      return {
        id: String(m.id ?? id),
        threadId: String(m.threadId ?? ''),
        labelIds: Array.isArray(m.labelIds) ? (m.labelIds as string[]) : [],
        internalDate: String(m.internalDate ?? ''),
        headers: Array.isArray(payload.headers) ? payload.headers : [],
      };
    },
    send: async (raw: string, threadId: string): Promise<GmailRef> => {
      const sent = await getJson(`${base}/messages/send`, accessToken, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ raw, threadId }),
      });
      return { id: String(sent.id ?? ''), threadId: String(sent.threadId ?? threadId) };
    },
  };
}

export type Gmail = ReturnType<typeof gmail>;
