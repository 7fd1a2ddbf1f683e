// @ts-check
// GoTrue's admin API (/auth/v1/admin/users...), for the service role only: what staff tools and
// test fixtures use instead of writing to auth.users. Routed from auth.mjs.
import { fail } from './auth-tokens.mjs';

/**
 * @typedef {import('./auth-tokens.mjs').Reply} Reply
 */

/**
 * @param {{ q: (sql: string, params?: unknown[]) => Promise<unknown[]>, jwtSecret: string }} _opts
 */
export function createAdminService(_opts) {
  /**
   * One request below /auth/v1/admin.
   * @param {{ method: string, path: string, search: URLSearchParams, authorization: string | undefined, body: unknown }} req
   * @returns {Promise<Reply>}
   */
  function handle(req) {
    return Promise.resolve(
      fail(404, 'not_found', `${req.method} ${req.path} is not supported by the local auth service`),
    );
  }
  return { handle };
}
