// gmail-oauth: connects a Gmail account to the signed-in user (ADR 010).
//   POST { action: 'initiate' } → 200 { authUrl }: Google's consent URL, with a signed state bound
//     to the caller (_shared/oauth-state.ts) and a PKCE challenge; the verifier stays in Postgres.
//   POST { action: 'complete', code, state } → 200 { account: { id, email_address } }: Google's
//     answer, relayed by the app's callback page (public/gmail-oauth-callback.html) from the popup.
//     The state must be genuine, unexpired, unused and the caller's own: a tampered state, a replay,
//     or a consent link started by someone else and finished by this user are refused. Then the code
//     is exchanged (with the verifier), the address read, the tokens stored where no client role
//     can read them, and gmail_accounts upserted.
// The callback is the app's page, not this function: hosted Supabase serves a function's HTML as
// text, and only the app knows who is signed in on this browser.
import { requireUser } from '../_shared/auth.ts';
import { googleConfig, redirectUriFor } from '../_shared/google/config.ts';
import { gmail } from '../_shared/google/gmail.ts';
import { accountEmail, canAutoReply, consentUrl, exchangeCode } from '../_shared/google/oauth.ts';
import { GoogleApiError } from '../_shared/google/request.ts';
import { failure, json, readJson, unlessPost } from '../_shared/http.ts';
import { logError, logInfo } from '../_shared/log.ts';
import { checkState, newState } from '../_shared/oauth-state.ts';
import { serviceClient } from '../_shared/service.ts';
import { appOrigins, returnOrigin } from './origins.ts';
import { SIGNING_SECRET_NAMES, signingSecret } from '../_shared/keys.ts';

const MAX_BODY = 8 * 1024;
const MAX_CODE = 2048;

const unavailable = () =>
  failure(503, 'gmail_unavailable', 'Connecting Gmail is not set up on this server yet. Please try again later.');
const databaseDown = () =>
  failure(503, 'database_unavailable', 'Your Gmail connection could not be saved. Please try again in a moment.');

async function initiate(req: Request, userId: string): Promise<Response> {
  const google = googleConfig();
  const key = signingSecret();
  if (!google.ok || !key) {
    logError(`[gmail-oauth] ${google.ok ? SIGNING_SECRET_NAMES : google.missing} is not set`);
    return unavailable();
  }
  const allowed = appOrigins();
  if (!allowed.length) {
    logError('[gmail-oauth] APP_ORIGINS is not set: there is no callback page to send Google back to');
    return unavailable();
  }
  const origin = returnOrigin(req.headers.get('origin'), allowed);
  if (!origin) {
    return failure(403, 'origin_not_allowed', 'Gmail cannot be connected from this address of the app.');
  }
  const state = await newState(key, userId);
  const { error } = await serviceClient().rpc('gmail_oauth_start', {
    p_user_id: userId,
    p_nonce: state.nonce,
    p_code_verifier: state.codeVerifier,
    p_return_origin: origin,
    p_expires_at: new Date(state.expiresAt).toISOString(),
  });
  if (error) {
    logError(`[gmail-oauth] the consent could not be recorded (${error.code ?? 'no code'})`);
    return databaseDown();
  }
  logInfo(`[gmail-oauth] user ${userId} started a Gmail consent`);
  return json({
    authUrl: consentUrl(google.config, {
      state: state.state,
      codeChallenge: state.codeChallenge,
      redirectUri: redirectUriFor(origin),
    }),
  });
}

async function complete(userId: string, code: unknown, stateText: unknown): Promise<Response> {
  const google = googleConfig();
  const key = signingSecret();
  if (!google.ok || !key) return unavailable();
  if (typeof code !== 'string' || !code || code.length > MAX_CODE || typeof stateText !== 'string') {
    return failure(400, 'bad_request', 'The answer from Google is incomplete. Please try again.');
  }
  // The signature first: a tampered state is refused before anything is looked up.
  const checked = await checkState(key, stateText);
  if (!checked.ok) {
    return checked.reason === 'expired'
      ? failure(400, 'state_expired', 'This Gmail sign-in took too long. Please start again.')
      : failure(400, 'state_invalid', 'This Gmail sign-in could not be verified. Please start again.');
  }
  // Someone else's consent finished in this user's browser is not this user's mailbox.
  if (checked.userId !== userId) {
    logInfo(`[gmail-oauth] user ${userId} sent a consent started by another user: refused`);
    return failure(403, 'state_not_yours', 'This Gmail sign-in was started from another account. Please start again.');
  }
  const db = serviceClient();
  const taken = await db.rpc('gmail_oauth_take_state', { p_nonce: checked.nonce, p_user_id: userId });
  if (taken.error) {
    logError(`[gmail-oauth] the consent could not be read (${taken.error.code ?? 'no code'})`);
    return databaseDown();
  }
  const row = (taken.data as { code_verifier: string; return_origin: string }[] | null)?.[0];
  if (!row)
    return failure(409, 'state_used', 'This Gmail sign-in has already been used or has expired. Please start again.');

  const tokens = await exchangeCode(google.config, {
    code,
    codeVerifier: row.code_verifier,
    redirectUri: redirectUriFor(row.return_origin),
  });
  if (!tokens.ok) return failure(502, 'google_refused', tokens.error);
  if (!canAutoReply(tokens.tokens.scope)) {
    return failure(
      403,
      'gmail_permission_missing',
      'Chloe needs permission to read and send your email. Connect again and allow both.',
    );
  }
  if (!tokens.tokens.refreshToken) {
    return failure(502, 'no_refresh_token', 'Google did not allow Chloe to stay connected. Please try again.');
  }
  let email: string;
  let historyId: string;
  try {
    email = await accountEmail(google.config, tokens.tokens.accessToken);
    // Mail already in the inbox is not answered: new mail is what arrives after this point.
    historyId = (await gmail(google.config, tokens.tokens.accessToken).profile()).historyId;
  } catch (error) {
    const status = error instanceof GoogleApiError ? error.status : 0;
    logError(`[gmail-oauth] Google could not tell the account (status ${status})`);
    return failure(502, 'google_unavailable', 'Google could not be reached to finish connecting. Please try again.');
  }
  const connected = await db.rpc('gmail_connect_account', {
    p_user_id: userId,
    p_email_address: email,
    p_refresh_token: tokens.tokens.refreshToken,
    p_access_token: tokens.tokens.accessToken,
    p_access_token_expires_at: tokens.tokens.expiresAt.toISOString(),
    p_scope: tokens.tokens.scope,
    p_history_id: /^\d{1,20}$/.test(historyId) ? historyId : null,
  });
  if (connected.error) {
    logError(`[gmail-oauth] the account could not be saved (${connected.error.code ?? 'no code'})`);
    return databaseDown();
  }
  logInfo(`[gmail-oauth] user ${userId} connected a Gmail account`);
  return json({ account: { id: connected.data as string, email_address: email } });
}

Deno.serve(async (req) => {
  const notPost = unlessPost(req);
  if (notPost) return notPost;
  const caller = await requireUser(req);
  if (!caller.ok) return caller.response;
  const read = await readJson(req, MAX_BODY);
  if (!read.ok) return failure(read.status, read.code, read.error);
  const body = (typeof read.body === 'object' && read.body !== null ? read.body : {}) as Record<string, unknown>;
  if (body.action === 'initiate') return initiate(req, caller.user.id);
  if (body.action === 'complete') return complete(caller.user.id, body.code, body.state);
  const named = typeof body.action === 'string' ? body.action.slice(0, 100) : '(none)';
  return failure(400, 'unknown_action', `Unknown action: ${named}`);
});
