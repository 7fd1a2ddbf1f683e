// @ts-check
// A small GoTrue-compatible auth service: the calls @supabase/supabase-js makes for email and
// password accounts, answered as Supabase Auth answers them (status, `error_code`, `msg`). Users
// live in auth.users (bcrypt), sessions in auth.sessions and rotating refresh tokens in
// auth.refresh_tokens, exactly where hosted Supabase keeps them. The gateway hands it each request
// below /auth/v1, already read; the route table below is its whole API.
import { routeTable } from '../../shared/http/router.mjs';
import { createAccount } from './account.mjs';
import { createAdminService } from './admin.mjs';
import { createLinks } from './links.mjs';
import { rateLimiter } from './rate-limit.mjs';
import { fail } from './replies.mjs';
import { createSessions } from './sessions.mjs';
import { createTokenStore } from './tokens.mjs';
import * as off from './disabled-features.mjs';

/**
 * @typedef {import('./replies.mjs').Reply} Reply
 * @typedef {{ method: string, path: string, search: URLSearchParams,
 *   headers: Record<string, string | string[] | undefined>, body: unknown, ip?: string }} AuthRequest
 * @typedef {{ handle: (req: AuthRequest, authorization: string | undefined) => Promise<Reply> | Reply,
 *   limit?: string | ((req: AuthRequest) => string) }} AuthRoute `limit`: the rate limit it counts against
 * @typedef {{ send: (mail: { to: string, subject: string, text: string, html: string }) => void }} Mailer
 * @typedef {{ q: ReturnType<typeof createTokenStore>['q'], tokens: ReturnType<typeof createTokenStore>,
 *   mailbox: Mailer | null, siteUrl: string, redirectUrls: string[], issuer: string,
 *   confirmSignups: boolean, secureEmailChange: boolean, securePasswordChange: boolean,
 *   requireCurrentPassword: boolean }} AuthContext what every part of the service works with
 */

/**
 * What GET /settings answers: email sign-up on, everything else off; `mailer_autoconfirm` is
 * GoTrue's name for confirmations being off. @param {boolean} confirmSignups
 */
const settingsOf = (confirmSignups) => ({
  external: { email: true, phone: false, anonymous_users: false },
  disable_signup: false,
  mailer_autoconfirm: !confirmSignups,
  phone_autoconfirm: false,
  sms_provider: '',
  saml_enabled: false,
});

/** Methods the gateway passes on (a preflight never reaches the service). */
const ANY_METHOD = /** @type {const} */ (['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** @param {AuthRequest} req */
const redirectTo = (req) => req.search.get('redirect_to');

/**
 * A handler that answers only a signed-in caller (else the auth check's own refusal).
 * @param {ReturnType<typeof createSessions>} sessions
 * @param {(req: AuthRequest) => Reply} handle
 * @returns {(req: AuthRequest, authorization: string | undefined) => Promise<Reply>}
 */
const signedIn = (sessions, handle) => async (req, authorization) => {
  const who = await sessions.user(authorization);
  return who.status === 200 ? handle(req) : who;
};

/**
 * POST /token, by its grant_type.
 * @param {ReturnType<typeof createSessions>} sessions @returns {AuthRoute}
 */
const tokenRoute = (sessions) => ({
  limit: (req) => (req.search.get('grant_type') === 'refresh_token' ? 'token_refresh' : 'sign_in_sign_ups'),
  handle: (req) => {
    const grant = req.search.get('grant_type');
    if (grant === 'password') return sessions.passwordGrant(req.body);
    if (grant === 'refresh_token') return sessions.refreshGrant(req.body);
    if (grant === 'web3') return off.web3Disabled();
    if (grant === 'id_token') return off.idTokenDisabled(req.body);
    return fail(400, 'validation_failed', `unsupported_grant_type: ${grant ?? ''}`);
  },
});

/**
 * Each route with the rate limit it counts against, as GoTrue counts them.
 * @param {AuthContext} ctx
 * @param {{ links: ReturnType<typeof createLinks>, account: ReturnType<typeof createAccount>,
 *   sessions: ReturnType<typeof createSessions>, admin: ReturnType<typeof createAdminService> }} parts
 * @returns {[import('find-my-way').HTTPMethod | import('find-my-way').HTTPMethod[], string, AuthRoute][]}
 */
function authRoutes(ctx, { links, account, sessions, admin }) {
  /** @type {AuthRoute} */
  const adminRoute = {
    handle: (req, authorization) => admin.handle({ ...req, authorization }),
  };
  return [
    [
      'GET',
      '/health',
      {
        handle: () => ({ status: 200, body: { version: 'local', name: 'GoTrue', description: 'Chloe local auth' } }),
      },
    ],
    ['GET', '/settings', { handle: () => ({ status: 200, body: settingsOf(ctx.confirmSignups) }) }],
    [[...ANY_METHOD], '/admin', adminRoute],
    [[...ANY_METHOD], '/admin/*', adminRoute],
    ['POST', '/signup', { limit: 'sign_in_sign_ups', handle: (req) => account.signUp(req.body, redirectTo(req)) }],
    ['POST', '/recover', { limit: 'token_verifications', handle: (req) => links.recover(req.body, redirectTo(req)) }],
    ['POST', '/resend', { limit: 'token_verifications', handle: (req) => account.resend(req.body, redirectTo(req)) }],
    ['GET', '/verify', { handle: (req) => links.verifyLink(req.search) }],
    ['POST', '/verify', { limit: 'token_verifications', handle: (req) => links.verifyOtp(req.body) }],
    ['POST', '/token', tokenRoute(sessions)],
    ['POST', '/logout', { handle: (req, authorization) => sessions.logout(authorization, req.search.get('scope')) }],
    ['GET', '/user', { handle: (_req, authorization) => sessions.user(authorization) }],
    ['GET', '/reauthenticate', { handle: (_req, authorization) => account.reauthenticate(authorization) }],
    // Features this project keeps off, answered as Supabase Auth answers with them off. Behind
    // authentication where Supabase Auth checks it first.
    [[...ANY_METHOD], '/sso', { handle: off.samlDisabled }],
    [[...ANY_METHOD], '/sso/*', { handle: off.samlDisabled }],
    [[...ANY_METHOD], '/passkeys', { handle: off.passkeysDisabled }],
    [[...ANY_METHOD], '/passkeys/*', { handle: off.passkeysDisabled }],
    ['GET', '/.well-known/oauth-authorization-server', { handle: off.oauthServerDisabled }],
    ['GET', '/.well-known/jwks.json', { handle: () => ({ status: 200, body: { keys: [] } }) }],
    [['GET', 'DELETE'], '/user/oauth/grants', { handle: signedIn(sessions, off.oauthServerDisabled) }],
    ['GET', '/user/identities/authorize', { handle: signedIn(sessions, off.manualLinkingDisabled) }],
    ['DELETE', '/user/identities/:id', { handle: signedIn(sessions, off.manualLinkingDisabled) }],
    ['POST', '/factors', { handle: signedIn(sessions, (req) => off.mfaEnrollDisabled(req.body)) }],
    [
      'PUT',
      '/user',
      {
        limit: 'token_verifications',
        handle: (req, authorization) => account.updateUser(authorization, req.body, redirectTo(req)),
      },
    ],
  ];
}

/**
 * @param {{ pool: import('pg').Pool, jwtSecret: string, issuer: string, accessTokenTtl?: number,
 *   refreshTokenReuseInterval?: number, rateLimits?: Record<string, number> | null,
 *   mailbox?: Mailer | null, siteUrl?: string, redirectUrls?: string[],
 *   confirmSignups?: boolean, secureEmailChange?: boolean, securePasswordChange?: boolean,
 *   requireCurrentPassword?: boolean }} opts `mailbox`: where auth emails go (the local inbox).
 *   `confirmSignups`: [auth.email] enable_confirmations. `secureEmailChange`: [auth.email]
 *   double_confirm_changes (both addresses confirm). `securePasswordChange`: [auth.email]
 *   secure_password_change (a reauthentication nonce for a new password on a session older than a
 *   day). `requireCurrentPassword`: GoTrue's UpdatePasswordRequireCurrentPassword.
 */
export function createAuthService({
  pool,
  jwtSecret,
  issuer,
  accessTokenTtl = 3600,
  refreshTokenReuseInterval,
  rateLimits = null,
  mailbox = null,
  siteUrl = 'http://localhost:4173',
  redirectUrls = [],
  confirmSignups = false,
  secureEmailChange = true,
  securePasswordChange = false,
  requireCurrentPassword = false,
}) {
  const limited = rateLimiter(rateLimits);
  const tokens = createTokenStore({ pool, jwtSecret, issuer, accessTokenTtl, refreshTokenReuseInterval });
  /** @type {AuthContext} */
  const ctx = {
    q: tokens.q,
    tokens,
    mailbox,
    siteUrl,
    redirectUrls,
    issuer,
    confirmSignups,
    secureEmailChange,
    securePasswordChange,
    requireCurrentPassword,
  };
  const links = createLinks(ctx);
  const account = createAccount(ctx, links);
  const sessions = createSessions(ctx);
  const admin = createAdminService({ q: tokens.q, jwtSecret, generateLink: links.generateLink });
  const match = routeTable(authRoutes(ctx, { links, account, sessions, admin }));

  /**
   * One request below /auth/v1 (its path without a trailing slash).
   * @param {AuthRequest} req @returns {Promise<Reply>}
   */
  async function handle(req) {
    const found = match(req.method, req.path);
    if (!found) return fail(404, 'not_found', `${req.method} ${req.path} is not supported by the local auth service`);
    const { limit, handle: answer } = found.value;
    const bucket = typeof limit === 'function' ? limit(req) : limit;
    const over = bucket ? limited(bucket, req.ip ?? 'unknown') : null;
    if (over) return over;
    const authorization = typeof req.headers.authorization === 'string' ? req.headers.authorization : undefined;
    return answer(req, authorization);
  }

  return { handle };
}
