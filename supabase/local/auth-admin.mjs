// @ts-check
// GoTrue's admin API (/auth/v1/admin/users...), for the service role only: what staff tools and
// test fixtures use instead of writing to auth.users. Routed from auth.mjs. Status codes, error
// codes and messages follow supabase/auth's internal/api/admin.go, auth.go (requireAdmin),
// middleware.go (requireAdminCredentials), pagination.go and password.go.
import { randomBytes, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { verifyJwt } from './keys.mjs';
import { fail, userJson } from './auth-tokens.mjs';

/**
 * @typedef {import('./auth-tokens.mjs').Reply} Reply
 * @typedef {import('./auth-tokens.mjs').UserRow} UserRow
 * @typedef {Reply & { headers?: Record<string, string> }} AdminReply
 */

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const MIN_PASSWORD_LENGTH = 6;
const MAX_PASSWORD_BYTES = 72;
const DEFAULT_PER_PAGE = 50;
// GoTrue's default GOTRUE_JWT_ADMIN_ROLES.
const ADMIN_ROLES = ['service_role', 'supabase_admin'];
const AUD = 'authenticated';
const DUPLICATE_EMAIL = 'A user with this email address has already been registered';

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * GoTrue's metadata update: keys set to null are removed, the others set.
 * @param {unknown} current @param {Record<string, unknown>} updates
 */
function mergeMeta(current, updates) {
  /** @type {Record<string, unknown>} */
  const out = isObject(current) ? { ...current } : {};
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out;
}

/**
 * GoTrue's validateEmail: lower-cased when valid.
 * @param {string} email @returns {string | Reply}
 */
function validateEmail(email) {
  if (email.length > 255) return fail(400, 'validation_failed', 'An email address is too long');
  if (!EMAIL_RE.test(email)) return fail(400, 'validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/**
 * GoTrue's checkPasswordStrength (used by admin update).
 * @param {string} password @returns {Reply | null}
 */
function checkPasswordStrength(password) {
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    return fail(400, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    return fail(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  return null;
}

/**
 * The request body's admin user params, typed as GoTrue's AdminUserParams decodes them.
 * @param {unknown} body
 */
function adminParams(body) {
  const b = isObject(body) ? body : {};
  /** @param {string} key */
  const str = (key) => (typeof b[key] === 'string' ? /** @type {string} */ (b[key]) : '');
  return {
    id: str('id'),
    aud: str('aud'),
    role: str('role'),
    email: str('email').trim(),
    phone: str('phone'),
    password: typeof b.password === 'string' ? b.password : null,
    passwordHash: str('password_hash'),
    emailConfirm: b.email_confirm === true,
    userMetadata: isObject(b.user_metadata) ? b.user_metadata : null,
    appMetadata: isObject(b.app_metadata) ? b.app_metadata : null,
    banDuration: str('ban_duration'),
  };
}

/** @param {unknown} error */
const isUniqueViolation = (error) => /** @type {{ code?: string }} */ (error).code === '23505';

/**
 * @param {{ q: (sql: string, params?: unknown[]) => Promise<unknown[]>, jwtSecret: string,
 *   generateLink: (body: unknown) => Promise<Reply> }} opts `generateLink`: POST /admin/generate_link
 *   (auth.mjs makes the tokens its /verify takes).
 */
export function createAdminService({ q, jwtSecret, generateLink }) {
  /** @param {string} id */
  const userById = async (id) =>
    /** @type {UserRow | undefined} */ ((await q('select * from auth.users where id = $1', [id]))[0]);

  /** @param {string} email @param {string} aud @param {string | null} exceptId */
  const emailTaken = async (email, aud, exceptId) =>
    (
      await q('select 1 from auth.users where lower(email) = lower($1) and aud = $2 and id is distinct from $3', [
        email,
        aud,
        exceptId,
      ])
    ).length > 0;

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
   * GET /admin/users: offset paging as GoTrue does it, newest first, with its Link and
   * X-Total-Count headers (auth-js reads both).
   * @param {URLSearchParams} search @returns {Promise<AdminReply>}
   */
  async function listUsers(search) {
    /** @param {string} key @param {number} fallback */
    const uint = (key, fallback) => {
      const raw = search.get(key) ?? '';
      if (raw === '') return fallback;
      if (!/^\d+$/.test(raw)) return null;
      return Number(raw);
    };
    const page = uint('page', 1);
    const perPageRaw = uint('per_page', DEFAULT_PER_PAGE);
    if (page === null || perPageRaw === null) {
      return fail(400, 'validation_failed', 'Bad Pagination Parameters: invalid syntax');
    }
    const pageNo = Math.max(page, 1);
    const perPage = perPageRaw < 1 ? DEFAULT_PER_PAGE : perPageRaw;
    const filter = search.get('filter') ?? '';
    const where = `aud = $1 and ($2 = '' or email like '%' || $2 || '%' or raw_user_meta_data->>'full_name' ilike '%' || $2 || '%')`;
    const [{ n }] = /** @type {[{ n: number }]} */ (
      await q(`select count(*)::int as n from auth.users where ${where}`, [AUD, filter])
    );
    const rows = /** @type {UserRow[]} */ (
      await q(`select * from auth.users where ${where} order by created_at desc, id limit $3 offset $4`, [
        AUD,
        filter,
        perPage,
        (pageNo - 1) * perPage,
      ])
    );
    // pagination.go's addPaginationHeaders: the request URL with page replaced (Go sorts the keys).
    const totalPages = Math.ceil(n / perPage);
    /** @param {number} p */
    const link = (p) => {
      const params = new URLSearchParams(search);
      params.set('page', String(p));
      params.sort();
      return `</admin/users?${params.toString()}>`;
    };
    let header = '';
    if (totalPages > pageNo) header += `${link(pageNo + 1)}; rel="next", `;
    header += `${link(totalPages)}; rel="last"`;
    return {
      status: 200,
      body: { users: rows.map(userJson), aud: AUD },
      headers: { link: header, 'x-total-count': String(n) },
    };
  }

  /** POST /admin/users @param {unknown} body @returns {Promise<Reply>} */
  async function createUser(body) {
    const params = adminParams(body);
    const aud = params.aud || AUD;
    if (!params.email && !params.phone) {
      return fail(400, 'validation_failed', 'Cannot create a user without either an email or phone');
    }
    if (params.phone) return fail(400, 'validation_failed', 'Phone users are not supported by the local auth service');
    const email = validateEmail(params.email);
    if (typeof email !== 'string') return email;
    if (await emailTaken(email, aud, null)) return fail(422, 'email_exists', DUPLICATE_EMAIL);
    if (params.password !== null && params.passwordHash) {
      return fail(400, 'validation_failed', 'Only a password or a password hash should be provided');
    }
    let hash;
    if (params.passwordHash) {
      if (!/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/.test(params.passwordHash)) {
        return fail(400, 'validation_failed', 'Invalid password hash format');
      }
      hash = params.passwordHash;
    } else {
      // As GoTrue: no strength check on create; without a password the user gets a random one.
      const password = params.password || randomBytes(48).toString('base64url');
      if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
        return fail(400, 'validation_failed', 'bcrypt: password length exceeds 72 bytes');
      }
      hash = await bcrypt.hash(password, 10);
    }
    /** @type {string} */
    let id = randomUUID();
    if (params.id) {
      if (!UUID_RE.test(params.id)) return fail(400, 'validation_failed', 'ID must conform to the uuid v4 format');
      if (params.id === NIL_UUID) return fail(400, 'validation_failed', 'ID cannot be a nil uuid');
      id = params.id.toLowerCase();
    }
    if (params.banDuration && params.banDuration !== 'none') {
      return fail(400, 'validation_failed', 'ban_duration is not supported by the local auth service');
    }
    const appMeta = mergeMeta({ provider: 'email', providers: ['email'] }, params.appMetadata ?? {});
    const userMeta = params.emailConfirm
      ? mergeMeta(params.userMetadata ?? {}, { email_verified: true })
      : (params.userMetadata ?? {});
    try {
      await q(
        `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
           raw_app_meta_data, raw_user_meta_data)
         values ($1, $2, $3, $4, $5, case when $6 then now() end, $7, $8)`,
        [id, aud, params.role || 'authenticated', email, hash, params.emailConfirm, appMeta, userMeta],
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The email's unique index (a racing create): as the check above. A taken id: GoTrue's 500.
      if (await emailTaken(email, aud, null)) return fail(422, 'email_exists', DUPLICATE_EMAIL);
      return fail(500, 'unexpected_failure', 'Database error creating new user');
    }
    return { status: 200, body: userJson(/** @type {UserRow} */ (await userById(id))) };
  }

  /** PUT /admin/users/:id @param {UserRow} user @param {unknown} body @returns {Promise<Reply>} */
  async function updateUser(user, body) {
    const params = adminParams(body);
    let email = null;
    if (params.email) {
      const valid = validateEmail(params.email);
      if (typeof valid !== 'string') return valid;
      email = valid;
    }
    if (params.phone) return fail(400, 'validation_failed', 'Phone users are not supported by the local auth service');
    if (params.banDuration && params.banDuration !== 'none') {
      return fail(400, 'validation_failed', 'ban_duration is not supported by the local auth service');
    }
    let hash = null;
    if (params.password !== null) {
      const weak = checkPasswordStrength(params.password);
      if (weak) return weak;
      hash = await bcrypt.hash(params.password, 10);
    }
    // GoTrue lets the unique index refuse a taken address (a 500); the code its create uses says more.
    if (email && (await emailTaken(email, user.aud, user.id))) return fail(422, 'email_exists', DUPLICATE_EMAIL);
    let userMeta = user.raw_user_meta_data;
    if (params.emailConfirm) userMeta = mergeMeta(userMeta, { email_verified: true });
    if (params.userMetadata) userMeta = mergeMeta(userMeta, params.userMetadata);
    const appMeta = params.appMetadata ? mergeMeta(user.raw_app_meta_data, params.appMetadata) : user.raw_app_meta_data;
    try {
      await q(
        `update auth.users set
           role = coalesce(nullif($2, ''), role),
           email = coalesce($3, email),
           encrypted_password = coalesce($4, encrypted_password),
           email_confirmed_at = case when $5 then now() else email_confirmed_at end,
           raw_user_meta_data = $6,
           raw_app_meta_data = $7,
           updated_at = now()
         where id = $1`,
        [user.id, params.role, email, hash, params.emailConfirm, userMeta, appMeta],
      );
    } catch (error) {
      if (isUniqueViolation(error)) return fail(422, 'email_exists', DUPLICATE_EMAIL);
      throw error;
    }
    // As GoTrue's UpdatePassword without a session: the user signs in again everywhere.
    if (hash) await q('delete from auth.sessions where user_id = $1', [user.id]);
    return { status: 200, body: userJson(/** @type {UserRow} */ (await userById(user.id))) };
  }

  /**
   * DELETE /admin/users/:id. Sessions and refresh tokens go with the user (on delete cascade), as
   * do the user's rows in public tables (their user_id foreign keys cascade too).
   * @param {UserRow} user @param {unknown} body @returns {Promise<Reply>}
   */
  async function deleteUser(user, body) {
    if (isObject(body) && body.should_soft_delete === true) {
      return fail(400, 'validation_failed', 'Soft deletion is not supported by the local auth service');
    }
    await q('delete from auth.users where id = $1', [user.id]);
    return { status: 200, body: {} };
  }

  /**
   * One request below /auth/v1/admin.
   * @param {{ method: string, path: string, search: URLSearchParams, authorization: string | undefined, body: unknown }} req
   * @returns {Promise<AdminReply>}
   */
  async function handle({ method, path, search, authorization, body }) {
    const refused = await requireAdmin(authorization);
    if (refused) return refused;
    const notSupported = () => fail(404, 'not_found', `${method} ${path} is not supported by the local auth service`);
    if (path === '/admin/generate_link') return method === 'POST' ? generateLink(body) : notSupported();
    if (path === '/admin/users') {
      if (method === 'GET') return listUsers(search);
      if (method === 'POST') return createUser(body);
      return notSupported();
    }
    const match = /^\/admin\/users\/([^/]+)$/.exec(path);
    if (!match) return notSupported();
    // GoTrue's loadUser: a malformed id is a 404 too.
    const id = match[1] ?? '';
    if (!UUID_RE.test(id)) return fail(404, 'validation_failed', 'user_id must be an UUID');
    if (!['GET', 'PUT', 'DELETE'].includes(method)) return notSupported();
    const user = await userById(id);
    if (!user) return fail(404, 'user_not_found', 'User not found');
    if (method === 'GET') return { status: 200, body: userJson(user) };
    if (method === 'PUT') return updateUser(user, body);
    return deleteUser(user, body);
  }
  return { handle };
}
