// @ts-check
// GoTrue's admin API on users (/auth/v1/admin/users...): list, create, read, update, delete.
// Status codes, error codes and messages follow supabase/auth's internal/api/admin.go,
// pagination.go and password.go.
import { randomBytes, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { emailProblem, MAX_PASSWORD_BYTES, passwordProblem } from './checks.mjs';
import { fail, userJson } from './replies.mjs';
import { insertUser, syncEmailIdentity } from './user-rows.mjs';

/**
 * @typedef {import('./replies.mjs').Reply} Reply
 * @typedef {import('./replies.mjs').UserRow} UserRow
 * @typedef {(sql: string, params?: unknown[]) => Promise<unknown[]>} Query
 */

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const DEFAULT_PER_PAGE = 50;
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
 * GoTrue's validateEmail: the address lower-cased when valid.
 * @param {string} email @returns {string | Reply}
 */
const validateEmail = (email) => emailProblem(email) ?? email.toLowerCase();

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

/** @param {Query} q @param {string} id */
const userById = async (q, id) =>
  /** @type {UserRow | undefined} */ ((await q('select * from auth.users where id = $1', [id]))[0]);

/** @param {Query} q @param {string} email @param {string} aud @param {string | null} exceptId */
const emailTaken = async (q, email, aud, exceptId) =>
  (
    await q('select 1 from auth.users where lower(email) = lower($1) and aud = $2 and id is distinct from $3', [
      email,
      aud,
      exceptId,
    ])
  ).length > 0;

/**
 * GET /admin/users: offset paging as GoTrue does it, newest first, with its Link and
 * X-Total-Count headers (auth-js reads both).
 * @param {Query} q @param {URLSearchParams} search @returns {Promise<Reply>}
 */
async function listUsers(q, search) {
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

/** POST /admin/users @param {Query} q @param {unknown} body @returns {Promise<Reply>} */
async function createUser(q, body) {
  const params = adminParams(body);
  const aud = params.aud || AUD;
  if (!params.email && !params.phone) {
    return fail(400, 'validation_failed', 'Cannot create a user without either an email or phone');
  }
  if (params.phone) return fail(400, 'validation_failed', 'Phone users are not supported by the local auth service');
  const email = validateEmail(params.email);
  if (typeof email !== 'string') return email;
  if (await emailTaken(q, email, aud, null)) return fail(422, 'email_exists', DUPLICATE_EMAIL);
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
    await insertUser(q, {
      id,
      aud,
      role: params.role || 'authenticated',
      email,
      hash,
      confirmed: params.emailConfirm,
      appMeta,
      userMeta,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The email's unique index (a racing create): as the check above. A taken id: GoTrue's 500.
    if (await emailTaken(q, email, aud, null)) return fail(422, 'email_exists', DUPLICATE_EMAIL);
    return fail(500, 'unexpected_failure', 'Database error creating new user');
  }
  return { status: 200, body: userJson(/** @type {UserRow} */ (await userById(q, id))) };
}

/** PUT /admin/users/:id @param {Query} q @param {UserRow} user @param {unknown} body @returns {Promise<Reply>} */
async function updateUser(q, user, body) {
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
    const weak = passwordProblem(params.password);
    if (weak) return weak;
    hash = await bcrypt.hash(params.password, 10);
  }
  // GoTrue lets the unique index refuse a taken address (a 500); the code its create uses says more.
  if (email && (await emailTaken(q, email, user.aud, user.id))) return fail(422, 'email_exists', DUPLICATE_EMAIL);
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
  if (email || params.emailConfirm) await syncEmailIdentity(q, user.id);
  // As GoTrue's UpdatePassword without a session: the user signs in again everywhere.
  if (hash) await q('delete from auth.sessions where user_id = $1', [user.id]);
  return { status: 200, body: userJson(/** @type {UserRow} */ (await userById(q, user.id))) };
}

/**
 * DELETE /admin/users/:id. Sessions and refresh tokens go with the user (on delete cascade), as
 * do the user's rows in public tables (their user_id foreign keys cascade too).
 * @param {Query} q @param {UserRow} user @param {unknown} body @returns {Promise<Reply>}
 */
async function deleteUser(q, user, body) {
  if (isObject(body) && body.should_soft_delete === true) {
    return fail(400, 'validation_failed', 'Soft deletion is not supported by the local auth service');
  }
  await q('delete from auth.users where id = $1', [user.id]);
  return { status: 200, body: {} };
}

/**
 * The handlers, each given the service's query.
 * @param {{ q: Query }} ctx
 */
export function createAdminUsers({ q }) {
  return {
    /** @param {string} id */
    userById: (id) => userById(q, id),
    /** @param {URLSearchParams} search */
    listUsers: (search) => listUsers(q, search),
    /** @param {unknown} body */
    createUser: (body) => createUser(q, body),
    /** @param {UserRow} user @param {unknown} body */
    updateUser: (user, body) => updateUser(q, user, body),
    /** @param {UserRow} user @param {unknown} body */
    deleteUser: (user, body) => deleteUser(q, user, body),
  };
}
