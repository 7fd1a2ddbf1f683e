// @ts-check
// A small GoTrue-compatible auth service: the calls @supabase/supabase-js makes for email and
// password accounts. Users live in auth.users (bcrypt), sessions in auth.sessions and rotating
// refresh tokens in auth.refresh_tokens, exactly where hosted Supabase keeps them.
import { randomBytes, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { signJwt, verifyJwt } from './keys.mjs';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD_LENGTH = 6;

/**
 * @typedef {{ status: number, body?: unknown }} Reply
 * @typedef {{ id: string, aud: string, role: string, email: string, encrypted_password: string,
 *   email_confirmed_at: Date | null, last_sign_in_at: Date | null, raw_app_meta_data: object,
 *   raw_user_meta_data: object, created_at: Date, updated_at: Date }} UserRow
 */

/**
 * GoTrue's error shape; auth-js reads `error_code` and shows `msg`.
 * @param {number} status @param {string} code @param {string} msg @param {object} [extra]
 * @returns {Reply}
 */
const fail = (status, code, msg, extra = {}) => ({
  status,
  body: { code: status, error_code: code, msg, ...extra },
});

/** @param {UserRow} u */
function userJson(u) {
  return {
    id: u.id,
    aud: u.aud,
    role: u.role,
    email: u.email,
    email_confirmed_at: u.email_confirmed_at,
    phone: '',
    confirmed_at: u.email_confirmed_at,
    last_sign_in_at: u.last_sign_in_at,
    app_metadata: u.raw_app_meta_data,
    user_metadata: u.raw_user_meta_data,
    identities: [],
    created_at: u.created_at,
    updated_at: u.updated_at,
    is_anonymous: false,
  };
}

/**
 * @param {{ pool: import('pg').Pool, jwtSecret: string, issuer: string, accessTokenTtl?: number }} opts
 */
export function createAuthService({ pool, jwtSecret, issuer, accessTokenTtl = 3600 }) {
  /** @param {string} sql @param {unknown[]} [params] */
  const q = async (sql, params) => (await pool.query(sql, params)).rows;

  /** @param {string} email @returns {Promise<UserRow | undefined>} */
  const userByEmail = async (email) => (await q('select * from auth.users where lower(email) = lower($1)', [email]))[0];
  /** @param {string} id @returns {Promise<UserRow | undefined>} */
  const userById = async (id) => (await q('select * from auth.users where id = $1', [id]))[0];

  /** @param {string} userId @param {string} sessionId @param {string | null} parent */
  async function issueRefreshToken(userId, sessionId, parent) {
    const token = randomBytes(24).toString('base64url');
    await q('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
      token,
      userId,
      sessionId,
      parent,
    ]);
    return token;
  }

  /** @param {UserRow} user @param {string} sessionId @param {string} refreshToken @param {string} method */
  async function sessionJson(user, sessionId, refreshToken, method) {
    const now = Math.floor(Date.now() / 1000);
    const accessToken = await signJwt(
      {
        aud: 'authenticated',
        exp: now + accessTokenTtl,
        iat: now,
        iss: issuer,
        sub: user.id,
        email: user.email,
        phone: '',
        app_metadata: user.raw_app_meta_data,
        user_metadata: user.raw_user_meta_data,
        role: 'authenticated',
        aal: 'aal1',
        amr: [{ method, timestamp: now }],
        session_id: sessionId,
        is_anonymous: false,
      },
      jwtSecret,
    );
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: accessTokenTtl,
      expires_at: now + accessTokenTtl,
      refresh_token: refreshToken,
      user: userJson(user),
    };
  }

  /** @param {UserRow} user @param {string} method */
  async function newSession(user, method) {
    const sessionId = randomUUID();
    await q('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, user.id]);
    await q('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
    const fresh = /** @type {UserRow} */ (await userById(user.id));
    return sessionJson(fresh, sessionId, await issueRefreshToken(user.id, sessionId, null), method);
  }

  /**
   * The bearer token of a request, verified, with its session still alive.
   * @param {string | undefined} authorization
   * @returns {Promise<{ claims: import('jose').JWTPayload, user: UserRow } | Reply>}
   */
  async function authenticate(authorization) {
    const token = authorization?.replace(/^Bearer\s+/i, '');
    if (!token) return fail(401, 'no_authorization', 'This endpoint requires a Bearer token');
    let claims;
    try {
      claims = await verifyJwt(token, jwtSecret);
    } catch (error) {
      const expired = error instanceof Error && /exp/.test(error.message);
      return fail(
        403,
        'bad_jwt',
        expired ? 'invalid JWT: token is expired' : 'invalid JWT: unable to parse or verify signature',
      );
    }
    if (claims.role !== 'authenticated' || typeof claims.sub !== 'string') {
      return fail(403, 'bad_jwt', 'invalid claim: missing sub claim');
    }
    const sessions = await q('select 1 from auth.sessions where id = $1', [claims.session_id]);
    if (!sessions.length) {
      return fail(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    const user = await userById(claims.sub);
    if (!user) return fail(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { claims, user };
  }

  /** @param {any} body */
  async function signUp(body) {
    const email = String(body?.email ?? '').trim();
    const password = String(body?.password ?? '');
    if (!email) return fail(400, 'validation_failed', 'To signup, please provide your email');
    if (!EMAIL_RE.test(email)) {
      return fail(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      return fail(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
        weak_password: { reasons: ['length'] },
      });
    }
    if (await userByEmail(email)) return fail(422, 'user_already_exists', 'User already registered');
    const hash = await bcrypt.hash(password, 10);
    const meta = body?.data && typeof body.data === 'object' ? body.data : {};
    try {
      await q(
        `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
           raw_app_meta_data, raw_user_meta_data)
         values ($1, 'authenticated', 'authenticated', $2, $3, now(), $4, $5)`,
        [randomUUID(), email.toLowerCase(), hash, { provider: 'email', providers: ['email'] }, meta],
      );
    } catch (error) {
      // Two sign-ups racing for one address: the unique index decides.
      if (/** @type {{ code?: string }} */ (error).code === '23505') {
        return fail(422, 'user_already_exists', 'User already registered');
      }
      throw error;
    }
    const user = /** @type {UserRow} */ (await userByEmail(email));
    return { status: 200, body: await newSession(user, 'password') };
  }

  /** @param {any} body */
  async function passwordGrant(body) {
    const email = String(body?.email ?? '').trim();
    const password = String(body?.password ?? '');
    if (!email || !password) {
      return fail(400, 'validation_failed', 'missing email or phone');
    }
    const user = await userByEmail(email);
    const ok = user ? await bcrypt.compare(password, user.encrypted_password ?? '') : false;
    if (!user || !ok) return fail(400, 'invalid_credentials', 'Invalid login credentials');
    return { status: 200, body: await newSession(user, 'password') };
  }

  /** @param {any} body */
  async function refreshGrant(body) {
    const token = String(body?.refresh_token ?? '');
    if (!token) return fail(400, 'validation_failed', 'refresh_token required');
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query('select * from auth.refresh_tokens where token = $1 for update', [token]);
      const row = rows[0];
      if (!row) {
        await client.query('rollback');
        return fail(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      }
      if (row.revoked) {
        // Reuse of a rotated token: treat the session as stolen and end it.
        await client.query('delete from auth.sessions where id = $1', [row.session_id]);
        await client.query('commit');
        return fail(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
      await client.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [row.id]);
      const next = randomBytes(24).toString('base64url');
      await client.query(
        'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
        [next, row.user_id, row.session_id, token],
      );
      await client.query('update auth.sessions set updated_at = now() where id = $1', [row.session_id]);
      await client.query('commit');
      const user = /** @type {UserRow} */ (await userById(row.user_id));
      return { status: 200, body: await sessionJson(user, row.session_id, next, 'token_refresh') };
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /** @param {string | undefined} authorization @param {string | null} scope */
  async function logout(authorization, scope) {
    const who = await authenticate(authorization);
    if ('status' in who) return who;
    const sessionId = who.claims.session_id;
    if (scope === 'others') {
      await q('delete from auth.sessions where user_id = $1 and id <> $2', [who.user.id, sessionId]);
    } else if (scope === 'local') {
      await q('delete from auth.sessions where id = $1', [sessionId]);
    } else {
      await q('delete from auth.sessions where user_id = $1', [who.user.id]);
    }
    return { status: 204 };
  }

  /** @param {string | undefined} authorization @param {any} body */
  async function updateUser(authorization, body) {
    const who = await authenticate(authorization);
    if ('status' in who) return who;
    if (typeof body?.password === 'string') {
      if (body.password.length < MIN_PASSWORD_LENGTH) {
        return fail(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
          weak_password: { reasons: ['length'] },
        });
      }
      await q('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
        who.user.id,
        await bcrypt.hash(body.password, 10),
      ]);
    }
    if (body?.data && typeof body.data === 'object') {
      await q('update auth.users set raw_user_meta_data = raw_user_meta_data || $2, updated_at = now() where id = $1', [
        who.user.id,
        body.data,
      ]);
    }
    return { status: 200, body: userJson(/** @type {UserRow} */ (await userById(who.user.id))) };
  }

  /**
   * Route one request below /auth/v1.
   * @param {{ method: string, path: string, search: URLSearchParams, headers: Record<string, string | string[] | undefined>, body: any }} req
   * @returns {Promise<Reply>}
   */
  async function handle({ method, path, search, headers, body }) {
    const authorization = typeof headers.authorization === 'string' ? headers.authorization : undefined;
    if (method === 'GET' && path === '/health') {
      return { status: 200, body: { version: 'local', name: 'GoTrue', description: 'Chloe local auth' } };
    }
    if (method === 'GET' && path === '/settings') {
      return {
        status: 200,
        body: {
          external: { email: true, phone: false, anonymous_users: false },
          disable_signup: false,
          mailer_autoconfirm: true,
          phone_autoconfirm: false,
          sms_provider: '',
          saml_enabled: false,
        },
      };
    }
    if (method === 'POST' && path === '/signup') return signUp(body);
    if (method === 'POST' && path === '/token') {
      const grant = search.get('grant_type');
      if (grant === 'password') return passwordGrant(body);
      if (grant === 'refresh_token') return refreshGrant(body);
      return fail(400, 'validation_failed', `unsupported_grant_type: ${grant ?? ''}`);
    }
    if (method === 'POST' && path === '/logout') return logout(authorization, search.get('scope'));
    if (method === 'GET' && path === '/user') {
      const who = await authenticate(authorization);
      return 'status' in who ? who : { status: 200, body: userJson(who.user) };
    }
    if (method === 'PUT' && path === '/user') return updateUser(authorization, body);
    return fail(404, 'not_found', `${method} ${path} is not supported by the local auth service`);
  }

  return { handle };
}
