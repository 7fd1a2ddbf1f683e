// @ts-check
// How Google answers: JSON that is never cached, its REST APIs' error shape, and who a bearer
// token is (with what scopes).
import { sendJson } from '../../shared/http/reply.mjs';

/** @typedef {import('node:http').ServerResponse} ServerResponse */

const GOOGLE_JSON = Object.freeze({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });

/** @param {ServerResponse} res @param {number} status @param {unknown} body @param {Record<string, string>} [headers] */
export const send = (res, status, body, headers = {}) => sendJson(res, status, body, { ...GOOGLE_JSON, ...headers });

/** Google's error shape for its REST APIs. @param {ServerResponse} res @param {number} code @param {string} message @param {string} status */
export const apiError = (res, code, message, status) => send(res, code, { error: { code, message, status } });

/**
 * The access token a request's bearer names, or null with the 401 sent.
 * @param {import('./store.mjs').Store} store @param {import('node:http').IncomingMessage} req @param {ServerResponse} res
 */
export function authorised(store, req, res) {
  const bearer = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
  const found = store.access(bearer);
  if (!found) {
    apiError(
      res,
      401,
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      'UNAUTHENTICATED',
    );
  }
  return found;
}

/**
 * Whether `access` has one of the scopes `needed`; if not, the 403 is sent.
 * @param {import('./store.mjs').AccessToken} access @param {string[]} needed @param {ServerResponse} res
 */
export function hasScope(access, needed, res) {
  const granted = access.scope.split(/\s+/);
  if (needed.some((s) => granted.includes(s))) return true;
  apiError(res, 403, 'Request had insufficient authentication scopes.', 'PERMISSION_DENIED');
  return false;
}
