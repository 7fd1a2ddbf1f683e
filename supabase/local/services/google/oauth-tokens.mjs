// @ts-check
// OAuth 2.0's token side: POST /token (authorization_code with PKCE, refresh_token), POST /revoke,
// and OpenID Connect's GET /v1/userinfo.
import { createHash, timingSafeEqual } from 'node:crypto';
import { readForm } from '../../shared/http/body.mjs';
import { authorised, send } from './api.mjs';

/**
 * @typedef {import('../../shared/http/router.mjs').Handler} Handler
 * @typedef {import('./oauth-consent.mjs').Code} Code
 * @typedef {import('./oauth-consent.mjs').OAuthClient} OAuthClient
 */

const CODE_TTL_MS = 10 * 60 * 1000;

/** @param {string} a @param {string} b */
function sameSecret(a, b) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * @param {{ clients: OAuthClient[], store: import('./store.mjs').Store, codes: Map<string, Code>,
 *   accessTokenTtl: number, log: (line: string) => void }} ctx
 * @returns {import('../../shared/http/router.mjs').Route[]}
 */
export function tokenRoutes({ clients, store, codes, accessTokenTtl, log }) {
  /** POST /token. @type {Handler} */
  const token = async (req, res) => {
    const form = await readForm(req);
    const oauthError = (/** @type {number} */ status, /** @type {string} */ error, /** @type {string} */ description) =>
      send(res, status, { error, error_description: description });
    const client = clients.find((c) => c.clientId === form.get('client_id'));
    if (!client || !sameSecret(form.get('client_secret') ?? '', client.clientSecret)) {
      return oauthError(401, 'invalid_client', 'Unauthorized');
    }
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? '';
      const found = codes.get(code);
      // One use: a second exchange of the same code fails like an unknown one.
      codes.delete(code);
      if (!found || found.clientId !== client.clientId || Date.now() - found.at > CODE_TTL_MS) {
        return oauthError(400, 'invalid_grant', 'Malformed auth code.');
      }
      if (form.get('redirect_uri') !== found.redirectUri)
        return oauthError(400, 'redirect_uri_mismatch', 'Bad Request');
      if (found.challenge) {
        const verifier = form.get('code_verifier') ?? '';
        const computed =
          found.method === 'S256' ? createHash('sha256').update(verifier).digest().toString('base64url') : verifier;
        if (!verifier || !sameSecret(computed, found.challenge))
          return oauthError(400, 'invalid_grant', 'Invalid code verifier.');
      }
      const refreshToken = store.grant(found.email, found.scope, client.clientId);
      const accessToken = store.issueAccessToken(found.email, found.scope, refreshToken);
      log(`[google] ${found.email} granted ${client.clientId}`);
      return send(res, 200, {
        access_token: accessToken,
        expires_in: accessTokenTtl,
        refresh_token: refreshToken,
        scope: found.scope,
        token_type: 'Bearer',
      });
    }
    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token') ?? '';
      const grant = store.state.grants[refreshToken];
      if (!grant || grant.revoked || (grant.clientId !== '*' && grant.clientId !== client.clientId)) {
        return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
      }
      return send(res, 200, {
        access_token: store.issueAccessToken(grant.email, grant.scope, refreshToken),
        expires_in: accessTokenTtl,
        scope: grant.scope,
        token_type: 'Bearer',
      });
    }
    return oauthError(400, 'unsupported_grant_type', 'Invalid grant_type: ' + String(grantType).slice(0, 40));
  };

  /** POST /revoke: the token in the query or the form. @type {Handler} */
  const revoke = async (req, res, { url }) => {
    const form = await readForm(req);
    const tokenValue = url.searchParams.get('token') ?? form.get('token') ?? '';
    return store.revoke(tokenValue)
      ? send(res, 200, {})
      : send(res, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
  };

  /** GET /v1/userinfo: who the bearer is. @type {Handler} */
  const userinfo = (req, res) => {
    const access = authorised(store, req, res);
    if (!access) return;
    const box = store.mailbox(access.email);
    return send(res, 200, {
      sub: box.sub,
      email: box.email,
      email_verified: true,
      name: box.name,
      given_name: box.name.split(' ')[0],
    });
  };

  return [
    ['POST', '/token', token],
    ['POST', '/revoke', revoke],
    ['GET', '/v1/userinfo', userinfo],
  ];
}
