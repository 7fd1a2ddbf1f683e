// @ts-check
// The token side of the local auth service: the users and sessions it reads, access tokens
// (JWTs) and rotating refresh tokens, as GoTrue issues and checks them.
import { randomBytes, randomUUID } from 'node:crypto';
import { signJwt, verifyJwt } from '../../shared/keys.mjs';
import { fail, userJson } from './replies.mjs';

/**
 * @typedef {import('./replies.mjs').Reply} Reply
 * @typedef {import('./replies.mjs').UserRow} UserRow
 * @typedef {import('./replies.mjs').RefreshTokenRow} RefreshTokenRow
 */

/**
 * What the token store's parts share: the pool (a rotation holds one of its clients), its query,
 * and how tokens are signed and how long they live.
 * @typedef {{ pool: import('pg').Pool, q: (sql: string, params?: unknown[]) => Promise<unknown[]>,
 *   jwtSecret: string, issuer: string, accessTokenTtl: number, refreshTokenReuseInterval: number }} TokenContext
 */

/** @param {TokenContext['q']} q @param {string} id */
const userById = async (q, id) =>
  /** @type {UserRow | undefined} */ ((await q('select * from auth.users where id = $1', [id]))[0]);

/** @param {TokenContext['q']} q @param {string} userId @param {string} sessionId @param {string | null} parent */
async function issueRefreshToken(q, userId, sessionId, parent) {
  const token = randomBytes(24).toString('base64url');
  await q(
    `insert into auth.refresh_tokens (instance_id, token, user_id, session_id, parent, revoked, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4, false, now(), now())`,
    [token, userId, sessionId, parent],
  );
  return token;
}

/**
 * How the session was signed in (auth.mfa_amr_claims), newest first, as its tokens carry it.
 * @param {TokenContext['q']} q @param {string} sessionId
 */
const amrOf = async (q, sessionId) =>
  /** @type {{ method: string, timestamp: number }[]} */ (
    await q(
      `select authentication_method as method, extract(epoch from created_at)::bigint::int as timestamp
         from auth.mfa_amr_claims where session_id = $1 order by created_at desc`,
      [sessionId],
    )
  );

/** @param {TokenContext} ctx @param {UserRow} user @param {string} sessionId @param {string} refreshToken */
async function sessionJson({ q, jwtSecret, issuer, accessTokenTtl }, user, sessionId, refreshToken) {
  const now = Math.floor(Date.now() / 1000);
  const amr = await amrOf(q, sessionId);
  const accessToken = await signJwt(
    {
      aud: 'authenticated',
      exp: now + accessTokenTtl,
      iat: now,
      iss: issuer,
      sub: user.id,
      email: user.email,
      phone: '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: 'authenticated',
      aal: 'aal1',
      amr,
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

/** @param {TokenContext} ctx @param {UserRow} user @param {string} method */
async function newSession(ctx, user, method) {
  const { q } = ctx;
  const sessionId = randomUUID();
  // Every column GoTrue sets (its tables keep few defaults: auth-shape.json).
  await q(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`,
    [sessionId, user.id],
  );
  await q(
    `insert into auth.mfa_amr_claims (id, session_id, authentication_method, created_at, updated_at)
     values (gen_random_uuid(), $1, $2, now(), now())`,
    [sessionId, method],
  );
  await q('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
  await q(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [user.id]);
  const fresh = /** @type {UserRow} */ (await userById(q, user.id));
  return sessionJson(ctx, fresh, sessionId, await issueRefreshToken(q, user.id, sessionId, null));
}

/**
 * The bearer token of a request, verified, with its session still alive.
 * @param {TokenContext} ctx @param {string | undefined} authorization
 * @returns {Promise<{ claims: import('jose').JWTPayload, user: UserRow } | Reply>}
 */
async function authenticate({ q, jwtSecret }, authorization) {
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
  const user = await userById(q, claims.sub);
  if (!user) return fail(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  return { claims, user };
}

/**
 * Trade a refresh token for a new session token and its successor, once. The transaction holds
 * one pool client and decides; the session is built after it is released, because a request
 * that holds a client and asks the pool for another deadlocks once every client is held so
 * (five parallel refreshes of one token did, and every later auth request waited forever).
 * @param {TokenContext} ctx @param {string} token
 * @returns {Promise<Reply>}
 */
async function rotateRefreshToken(ctx, token) {
  const client = await ctx.pool.connect();
  /** @type {{ userId: string, sessionId: string, refreshToken: string } | Reply} */
  let decided;
  try {
    await client.query('begin');
    decided = await rotateIn(client, token, ctx.refreshTokenReuseInterval);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  if ('status' in decided) return decided;
  const user = await userById(ctx.q, decided.userId);
  if (!user) return fail(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  return { status: 200, body: await sessionJson(ctx, user, decided.sessionId, decided.refreshToken) };
}

/**
 * Inside the rotation's transaction: the refresh token to answer with, or the refusal.
 * @param {import('pg').PoolClient} client
 * @param {string} token
 * @param {number} refreshTokenReuseInterval
 * @returns {Promise<{ userId: string, sessionId: string, refreshToken: string } | Reply>}
 */
async function rotateIn(client, token, refreshTokenReuseInterval) {
  const row = /** @type {{ rows: RefreshTokenRow[] }} */ (
    await client.query('select * from auth.refresh_tokens where token = $1 for update', [token])
  ).rows[0];
  if (!row) return fail(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const answer = (/** @type {string} */ refreshToken) => ({
    userId: row.user_id,
    sessionId: row.session_id,
    refreshToken,
  });
  if (row.revoked) {
    // As GoTrue: the token rotated away just now, sent again within the reuse interval, is a
    // client whose answer was lost (patchy mobile data) or a parallel refresh. It gets the
    // session's current token, and nothing rotates. An older token, or after the interval, is a
    // stolen one: the session ends.
    const current = /** @type {{ rows: RefreshTokenRow[] }} */ (
      await client.query(
        'select * from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
        [row.session_id],
      )
    ).rows[0];
    const revokedFor = Date.now() - new Date(row.updated_at).getTime();
    if (current && current.parent === row.token && revokedFor < refreshTokenReuseInterval * 1000) {
      return answer(current.token);
    }
    await client.query('delete from auth.sessions where id = $1', [row.session_id]);
    return fail(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  await client.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [row.id]);
  const next = randomBytes(24).toString('base64url');
  await client.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, session_id, parent, revoked, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4, false, now(), now())`,
    [next, row.user_id, row.session_id, token],
  );
  await client.query('update auth.sessions set updated_at = now(), refreshed_at = now() where id = $1', [
    row.session_id,
  ]);
  return answer(next);
}

/**
 * `refreshTokenReuseInterval` (seconds, GoTrue's `security.refresh_token_reuse_interval`): how long
 * the token just rotated away may be sent again, for a client whose refresh answer was lost.
 * @param {{ pool: import('pg').Pool, jwtSecret: string, issuer: string, accessTokenTtl: number,
 *   refreshTokenReuseInterval?: number }} opts
 */
export function createTokenStore({ pool, jwtSecret, issuer, accessTokenTtl, refreshTokenReuseInterval = 10 }) {
  // node-pg types rows as any: callers name the row shape they selected.
  /** @param {string} sql @param {unknown[]} [params] @returns {Promise<unknown[]>} */
  const q = async (sql, params) => /** @type {{ rows: unknown[] }} */ (await pool.query(sql, params)).rows;
  /** @type {TokenContext} */
  const ctx = { pool, q, jwtSecret, issuer, accessTokenTtl, refreshTokenReuseInterval };
  return {
    q,
    /** @param {string} email */
    userByEmail: async (email) =>
      /** @type {UserRow | undefined} */ (
        (await q('select * from auth.users where lower(email) = lower($1)', [email]))[0]
      ),
    /** @param {string} id */
    userById: (id) => userById(q, id),
    /** @param {UserRow} user @param {string} method */
    newSession: (user, method) => newSession(ctx, user, method),
    /** @param {string | undefined} authorization */
    authenticate: (authorization) => authenticate(ctx, authorization),
    /** @param {string} token */
    rotateRefreshToken: (token) => rotateRefreshToken(ctx, token),
  };
}
