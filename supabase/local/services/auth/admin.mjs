// @ts-check
// GoTrue's admin API (/auth/v1/admin/...), for the service role only: what staff tools and test
// fixtures use instead of writing to auth.users. Who may call it follows supabase/auth's
// auth.go (requireAdmin) and middleware.go (requireAdminCredentials).
import { routeTable } from '../../shared/http/router.mjs';
import { verifyJwt } from '../../shared/keys.mjs';
import { createAdminUsers, UUID_RE } from './admin-users.mjs';
import { fail, userJson } from './replies.mjs';

/**
 * @typedef {import('./replies.mjs').Reply} Reply
 * @typedef {import('./replies.mjs').UserRow} UserRow
 * @typedef {{ method: string, path: string, search: URLSearchParams, authorization: string | undefined, body: unknown }} AdminRequest
 * @typedef {(req: AdminRequest, params: Record<string, string | undefined>) => Promise<Reply>} AdminHandler
 */

// GoTrue's default GOTRUE_JWT_ADMIN_ROLES.
const ADMIN_ROLES = ['service_role', 'supabase_admin'];

/**
 * @param {{ q: (sql: string, params?: unknown[]) => Promise<unknown[]>, jwtSecret: string,
 *   generateLink: (body: unknown) => Promise<Reply> }} opts `generateLink`: POST /admin/generate_link
 *   (links.mjs makes the tokens /verify takes).
 */
export function createAdminService({ q, jwtSecret, generateLink }) {
  const users = createAdminUsers({ q });

  /**
   * GoTrue's requireAdminCredentials + requireAdmin: a Bearer JWT signed with the stack's secret
   * whose role is an admin role. Anon keys and user tokens get 403 not_admin.
   * @param {string | undefined} authorization @returns {Promise<Reply | null>}
   */
  async function requireAdmin(authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match) return fail(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let claims;
    try {
      claims = await verifyJwt(match[1] ?? '', jwtSecret);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return fail(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
    }
    if (typeof claims.role !== 'string' || !ADMIN_ROLES.includes(claims.role)) {
      return fail(403, 'not_admin', 'User not allowed');
    }
    return null;
  }

  /**
   * /admin/users/:id, as GoTrue's loadUser: a malformed id is a 404 too.
   * @param {(user: UserRow, req: AdminRequest) => Promise<Reply>} handler @returns {AdminHandler}
   */
  const withUser = (handler) => async (req, params) => {
    const id = params.id ?? '';
    if (!UUID_RE.test(id)) return fail(404, 'validation_failed', 'user_id must be an UUID');
    const user = await users.userById(id);
    if (!user) return fail(404, 'user_not_found', 'User not found');
    return handler(user, req);
  };

  const match = routeTable(
    /** @type {[import('find-my-way').HTTPMethod, string, AdminHandler][]} */ ([
      ['POST', '/admin/generate_link', (req) => generateLink(req.body)],
      ['GET', '/admin/users', (req) => users.listUsers(req.search)],
      ['POST', '/admin/users', (req) => users.createUser(req.body)],
      ['GET', '/admin/users/:id', withUser((user) => Promise.resolve({ status: 200, body: userJson(user) }))],
      ['PUT', '/admin/users/:id', withUser((user, req) => users.updateUser(user, req.body))],
      ['DELETE', '/admin/users/:id', withUser((user, req) => users.deleteUser(user, req.body))],
    ]),
  );

  /**
   * One request below /auth/v1/admin: the caller is checked before anything else.
   * @param {AdminRequest} req @returns {Promise<Reply>}
   */
  async function handle(req) {
    const refused = await requireAdmin(req.authorization);
    if (refused) return refused;
    const found = match(req.method, req.path);
    if (!found) return fail(404, 'not_found', `${req.method} ${req.path} is not supported by the local auth service`);
    return found.value(req, found.params);
  }
  return { handle };
}
