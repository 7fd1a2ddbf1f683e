// @ts-check
// A small GoTrue-compatible auth service: the calls @supabase/supabase-js makes for email and
// password accounts. Users live in auth.users (bcrypt), sessions in auth.sessions and rotating
// refresh tokens in auth.refresh_tokens, exactly where hosted Supabase keeps them. The tokens
// themselves are auth-tokens.mjs's; this module answers the HTTP endpoints.
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { createAdminService } from './auth-admin.mjs';
import { createTokenStore, fail, userJson } from './auth-tokens.mjs';

/**
 * @typedef {import('./auth-tokens.mjs').Reply} Reply
 * @typedef {import('./auth-tokens.mjs').UserRow} UserRow
 */

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// GoTrue's bound on an address (validateEmail).
const MAX_EMAIL_LENGTH = 255;

/**
 * GoTrue's checks of a given address (sign-up, recovery, email change), or null when it passes.
 * @param {string} email @returns {Reply | null}
 */
function emailProblem(email) {
  if (email.length > MAX_EMAIL_LENGTH) return fail(400, 'validation_failed', 'An email address is too long');
  if (!EMAIL_RE.test(email)) return fail(400, 'validation_failed', 'Unable to validate email address: invalid format');
  return null;
}
const MIN_PASSWORD_LENGTH = 6;
// bcrypt reads 72 bytes and ignores the rest: GoTrue refuses longer passwords (MaxPasswordLength),
// so two passwords that share their first 72 bytes never both sign in.
const MAX_PASSWORD_BYTES = 72;
// Compared against when the address is unknown, so a wrong password and an unknown address take
// the same time (bcrypt cost 10 either way).
const DUMMY_HASH = bcrypt.hashSync('not-a-password-anyone-has', 10);

/**
 * A field GoTrue reads as a string, sent as another JSON type (a number, a list): GoTrue refuses the
 * body rather than reading `12345678` as the password '12345678'. Null when the field is fine.
 * @param {unknown} body @param {string[]} keys @returns {Reply | null}
 */
function notStrings(body, keys) {
  const wrong = keys.find((key) => {
    const value = field(body, key);
    return value !== undefined && value !== null && typeof value !== 'string';
  });
  return wrong ? fail(400, 'bad_json', `Could not parse request body as JSON: ${wrong} must be a string`) : null;
}

/**
 * GoTrue's password rules for a new password, or null when it passes.
 * @param {string} password
 * @returns {Reply | null}
 */
function passwordProblem(password) {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
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
 * One field of a request body, which may be any JSON value or none: `body?.[key]`, typed.
 * @param {unknown} body @param {string} key @returns {unknown}
 */
const field = (body, key) => /** @type {Record<string, unknown> | null | undefined} */ (body)?.[key];

/**
 * A text field of a request body: '' when absent, any other JSON value as String() writes it.
 * @param {unknown} body @param {string} key
 */
const text = (body, key) => {
  // Any JSON value: a number, array or object sent by mistake is stringified, not refused.
  /** @type {unknown} */
  const value = field(body, key) ?? '';
  return String(value);
};

// GoTrue's rate-limit window for these limits (the Supabase CLI's [auth.rate_limit] counts).
const RATE_WINDOW_MS = 5 * 60 * 1000;

/**
 * Per-IP request counts in fixed 5-minute windows, by the Supabase CLI's limit names
 * (token_refresh, sign_in_sign_ups, token_verifications). `null`: no limits (the test stack).
 * @param {Record<string, number> | null} limits
 */
function rateLimiter(limits) {
  /** @type {Map<string, { start: number, count: number }>} */
  const windows = new Map();
  /** @param {string} name @param {string} ip @returns {Reply | null} */
  return (name, ip) => {
    const limit = limits?.[name];
    if (limit === undefined) return null;
    const key = `${name}:${ip}`;
    const now = Date.now();
    const window = windows.get(key);
    if (!window || now - window.start >= RATE_WINDOW_MS) {
      windows.set(key, { start: now, count: 1 });
      return null;
    }
    window.count += 1;
    return window.count > limit ? fail(429, 'over_request_rate_limit', 'Request rate limit reached') : null;
  };
}

// A recovery link works once, for an hour (GoTrue's mailer OTP expiry), and one is sent at most
// once a minute per address (its max frequency).
const RECOVERY_TTL_MS = 60 * 60 * 1000;
const EMAIL_EVERY_MS = 60 * 1000;

/**
 * GoTrue's refusal of a second auth email to one address within a minute, or null.
 * @param {Date | null | undefined} sentAt @returns {Reply | null}
 */
function tooSoon(sentAt) {
  const since = sentAt ? Date.now() - sentAt.getTime() : Infinity;
  if (since >= EMAIL_EVERY_MS) return null;
  const wait = Math.ceil((EMAIL_EVERY_MS - since) / 1000);
  return fail(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${wait} seconds.`,
  );
}

/** @param {string} token */
const sha256 = (token) => createHash('sha256').update(token).digest('hex');

/**
 * Where a link may send the browser: the site URL or an allowed redirect URL (as GoTrue checks),
 * and any localhost origin (the local stack serves apps on many ports); otherwise the site URL.
 * @param {string | null} wanted @param {string} siteUrl @param {string[]} allowed
 */
function redirectTarget(wanted, siteUrl, allowed) {
  if (!wanted) return siteUrl;
  try {
    const url = new URL(wanted);
    const local = url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname);
    const listed = [siteUrl, ...allowed].some((base) => url.href.startsWith(new URL(base).origin));
    return local || listed ? url.href : siteUrl;
  } catch {
    return siteUrl;
  }
}

/** @param {string} to @param {Record<string, string | number>} fields */
const withHash = (to, fields) =>
  `${to.split('#')[0]}#${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString()}`;

/**
 * @param {{ pool: import('pg').Pool, jwtSecret: string, issuer: string, accessTokenTtl?: number,
 *   refreshTokenReuseInterval?: number, rateLimits?: Record<string, number> | null,
 *   mailbox?: import('./mail.mjs').Mailbox | null, siteUrl?: string, redirectUrls?: string[],
 *   confirmSignups?: boolean }} opts `confirmSignups`: [auth.email] enable_confirmations.
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
}) {
  const limited = rateLimiter(rateLimits);
  const { q, userByEmail, userById, newSession, authenticate, rotateRefreshToken } = createTokenStore({
    pool,
    jwtSecret,
    issuer,
    accessTokenTtl,
    refreshTokenReuseInterval,
  });

  const admin = createAdminService({ q, jwtSecret, generateLink: (body) => generateLink(body) });

  /** @param {unknown} body @param {string | null} redirectTo */
  async function signUp(body, redirectTo) {
    const typed = notStrings(body, ['email', 'password', 'phone']);
    if (typed) return typed;
    const email = text(body, 'email').trim();
    const password = text(body, 'password');
    // No email, phone or password: supabase-js' signInAnonymously, which this project keeps off
    // (config.toml has no enable_anonymous_sign_ins), answered as GoTrue answers it then.
    if (!email && !password && !text(body, 'phone')) {
      return fail(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    if (!email) return fail(400, 'validation_failed', 'To signup, please provide your email');
    const badEmail = emailProblem(email);
    if (badEmail) return badEmail;
    const weak = passwordProblem(password);
    if (weak) return weak;
    if (await userByEmail(email)) return fail(422, 'user_already_exists', 'User already registered');
    const hash = await bcrypt.hash(password, 10);
    const data = field(body, 'data');
    const meta = data && typeof data === 'object' ? data : {};
    // With confirmations on, the address is proven by a link before any session (as GoTrue).
    const token = confirmSignups ? randomBytes(32).toString('hex') : null;
    try {
      await q(
        `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
           raw_app_meta_data, raw_user_meta_data, confirmation_token, confirmation_sent_at)
         values ($1, 'authenticated', 'authenticated', $2, $3, case when $6::text is null then now() end, $4, $5,
                 $6, case when $6::text is null then null else now() end)`,
        [
          randomUUID(),
          email.toLowerCase(),
          hash,
          { provider: 'email', providers: ['email'] },
          meta,
          token ? sha256(token) : null,
        ],
      );
    } catch (error) {
      // Two sign-ups racing for one address: the unique index decides.
      if (/** @type {{ code?: string }} */ (error).code === '23505') {
        return fail(422, 'user_already_exists', 'User already registered');
      }
      throw error;
    }
    const user = /** @type {UserRow} */ (await userByEmail(email));
    if (token) {
      const link = verifyUrl(token, 'signup', redirectTo);
      mailbox?.send({
        to: user.email,
        subject: 'Confirm your signup',
        text: `Follow this link to confirm the email address of your new Chloe account:\n\n${link}\n\nThe link works once, for an hour.`,
        html: `<p>Follow this link to confirm the email address of your new Chloe account:</p><p><a href="${link.replace(/&/g, '&amp;')}">Confirm your email address</a></p><p>The link works once, for an hour.</p>`,
      });
      // GoTrue answers a sign-up waiting for confirmation with the user and no session.
      return { status: 200, body: userJson(user) };
    }
    return { status: 200, body: await newSession(user, 'password') };
  }

  /** @param {unknown} body */
  async function passwordGrant(body) {
    const typed = notStrings(body, ['email', 'password']);
    if (typed) return typed;
    const email = text(body, 'email').trim();
    const password = text(body, 'password');
    if (!email || !password) {
      return fail(400, 'validation_failed', 'missing email or phone');
    }
    const user = await userByEmail(email);
    const ok = await bcrypt.compare(password, user?.encrypted_password ?? DUMMY_HASH);
    if (!user || !ok) return fail(400, 'invalid_credentials', 'Invalid login credentials');
    // A user made through the admin API without email_confirm has not proven the address yet.
    if (!user.email_confirmed_at) return fail(400, 'email_not_confirmed', 'Email not confirmed');
    return { status: 200, body: await newSession(user, 'password') };
  }

  /** The link in an auth email. @param {string} token @param {string} type @param {string | null} redirectTo */
  const verifyUrl = (token, type, redirectTo) =>
    `${issuer}/verify?${new URLSearchParams({
      token,
      type,
      redirect_to: redirectTarget(redirectTo, siteUrl, redirectUrls),
    }).toString()}`;

  /**
   * An email change's token, used up: the address changes to the confirmed one, and the user is
   * returned; null when the token is unknown, used or expired, or the address was taken meanwhile.
   * @param {string} token
   */
  async function useEmailChangeToken(token) {
    if (!token) return null;
    try {
      const row = /** @type {{ id: string } | undefined} */ (
        (
          await q(
            `update auth.users set email = email_change, email_change = null, email_change_token_new = null,
               email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
              where email_change_token_new = $1 and email_change_sent_at > now() - $2 * interval '1 millisecond'
              returning id`,
            [sha256(token), RECOVERY_TTL_MS],
          )
        )[0]
      );
      return row ? /** @type {UserRow} */ (await userById(row.id)) : null;
    } catch (error) {
      if (/** @type {{ code?: string }} */ (error).code === '23505') return null;
      throw error;
    }
  }

  /**
   * A sign-up's confirmation token, used up: the address is confirmed and the user returned.
   * @param {string} token
   */
  async function useSignupToken(token) {
    if (!token) return null;
    const row = /** @type {{ id: string } | undefined} */ (
      (
        await q(
          `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = null
            where confirmation_token = $1 and confirmation_sent_at > now() - $2 * interval '1 millisecond'
            returning id`,
          [sha256(token), RECOVERY_TTL_MS],
        )
      )[0]
    );
    return row ? /** @type {UserRow} */ (await userById(row.id)) : null;
  }

  /** @param {string | null} type @param {string} token */
  const useToken = (type, token) =>
    // A magic link is a recovery token signing in without a new password, as in GoTrue.
    type === 'recovery' || type === 'magiclink'
      ? useRecoveryToken(token)
      : type === 'email_change'
        ? useEmailChangeToken(token)
        : type === 'signup'
          ? useSignupToken(token)
          : null;

  /**
   * resetPasswordForEmail: a one-use link to /verify, mailed to the address. The answer is the same
   * whether or not the address has an account.
   * @param {unknown} body @param {string | null} redirectTo
   */
  async function recover(body, redirectTo) {
    const email = text(body, 'email').trim();
    if (!email) return fail(400, 'validation_failed', 'Password recovery requires an email');
    const badEmail = emailProblem(email);
    if (badEmail) return badEmail;
    const user = await userByEmail(email);
    if (!user) return { status: 200, body: {} };
    const sentAt = /** @type {{ recovery_sent_at: Date | null }} */ (
      (await q('select recovery_sent_at from auth.users where id = $1', [user.id]))[0]
    )?.recovery_sent_at;
    const soon = tooSoon(sentAt);
    if (soon) return soon;
    const token = randomBytes(32).toString('hex');
    await q('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [
      user.id,
      sha256(token),
    ]);
    const link = verifyUrl(token, 'recovery', redirectTo);
    mailbox?.send({
      to: user.email,
      subject: 'Reset your password',
      text: `Follow this link to reset the password for your Chloe account:\n\n${link}\n\nThe link works once, for an hour. If you did not ask for it, ignore this email.`,
      html: `<p>Follow this link to reset the password for your Chloe account:</p><p><a href="${link.replace(/&/g, '&amp;')}">Reset password</a></p><p>The link works once, for an hour. If you did not ask for it, ignore this email.</p>`,
    });
    return { status: 200, body: {} };
  }

  /**
   * A recovery token from a link, used up: the user it signs in, or null (unknown, used or expired).
   * @param {string} token
   */
  async function useRecoveryToken(token) {
    if (!token) return null;
    const row = /** @type {{ id: string } | undefined} */ (
      (
        await q(
          `update auth.users set recovery_token = null, email_confirmed_at = coalesce(email_confirmed_at, now())
            where recovery_token = $1 and recovery_sent_at > now() - $2 * interval '1 millisecond'
            returning id`,
          [sha256(token), RECOVERY_TTL_MS],
        )
      )[0]
    );
    return row ? /** @type {UserRow} */ (await userById(row.id)) : null;
  }

  /**
   * The link in the email (GET /verify): signed in and back to the app with the session in the
   * URL's hash, `type=recovery` (supabase-js then emits PASSWORD_RECOVERY); or the error GoTrue
   * puts there for a used or expired link.
   * @param {URLSearchParams} search @returns {Promise<Reply>}
   */
  async function verifyLink(search) {
    const to = redirectTarget(search.get('redirect_to'), siteUrl, redirectUrls);
    const type = search.get('type');
    const user = await useToken(type, search.get('token') ?? '');
    if (!user) {
      const location = withHash(to, {
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
      });
      return { status: 303, headers: { location } };
    }
    const session =
      /** @type {{ access_token: string, refresh_token: string, expires_in: number, expires_at: number, token_type: string }} */ (
        await newSession(user, 'otp')
      );
    const location = withHash(to, {
      access_token: session.access_token,
      expires_at: session.expires_at,
      expires_in: session.expires_in,
      refresh_token: session.refresh_token,
      token_type: session.token_type,
      type: type ?? 'recovery',
    });
    return { status: 303, headers: { location } };
  }

  /** verifyOtp({ type, token_hash }): the same tokens, answered with the session. @param {unknown} body */
  async function verifyOtp(body) {
    const type = text(body, 'type');
    if (type !== 'recovery' && type !== 'email_change' && type !== 'magiclink') {
      return fail(
        400,
        'validation_failed',
        'Only recovery, magiclink and email_change links are supported by the local auth service',
      );
    }
    const user = await useToken(type, text(body, 'token_hash'));
    if (!user) return fail(403, 'otp_expired', 'Token has expired or is invalid');
    return { status: 200, body: await newSession(user, 'otp') };
  }

  /**
   * POST /admin/generate_link (the admin API, GoTrue's adminGenerateLink) for `magiclink`: a one-use
   * sign-in for an existing user, nothing mailed. Answered as GoTrue answers it: the user's fields
   * with action_link, email_otp, hashed_token, redirect_to and verification_type (auth-js moves those
   * five into `properties`); verifyOtp({ token_hash: hashed_token, type: 'magiclink' }) then gives a
   * session of its own.
   * @param {unknown} body @returns {Promise<Reply>}
   */
  async function generateLink(body) {
    const type = text(body, 'type');
    if (type !== 'magiclink') {
      return fail(400, 'validation_failed', 'Only magiclink links are generated by the local auth service');
    }
    const email = text(body, 'email').trim();
    const badEmail = email ? emailProblem(email) : fail(400, 'validation_failed', 'An email address is required');
    if (badEmail) return badEmail;
    const user = await userByEmail(email);
    if (!user) return fail(404, 'user_not_found', 'User with this email not found');
    const token = randomBytes(32).toString('hex');
    await q('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [
      user.id,
      sha256(token),
    ]);
    const redirectTo = redirectTarget(text(body, 'redirect_to') || null, siteUrl, redirectUrls);
    return {
      status: 200,
      body: {
        ...userJson(/** @type {UserRow} */ (await userById(user.id))),
        action_link: verifyUrl(token, 'magiclink', redirectTo),
        email_otp: String(randomInt(0, 1_000_000)).padStart(6, '0'),
        hashed_token: token,
        redirect_to: redirectTo,
        verification_type: 'magiclink',
      },
    };
  }

  /** @param {unknown} body */
  async function refreshGrant(body) {
    const token = text(body, 'refresh_token');
    if (!token) return fail(400, 'validation_failed', 'refresh_token required');
    return rotateRefreshToken(token);
  }

  /** @param {string | undefined} authorization @param {string | null} scope */
  async function logout(authorization, scope) {
    if (scope !== null && !['', 'global', 'local', 'others'].includes(scope)) {
      return fail(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
    }
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

  /**
   * @param {string | undefined} authorization @param {unknown} body @param {string | null} redirectTo
   */
  async function updateUser(authorization, body, redirectTo) {
    const who = await authenticate(authorization);
    if ('status' in who) return who;
    const typed = notStrings(body, ['email', 'password']);
    if (typed) return typed;
    // A new address is checked before anything changes, so a refused one changes nothing.
    const emailField = field(body, 'email');
    const newEmail = typeof emailField === 'string' ? emailField.trim() : null;
    const changesEmail = newEmail !== null && newEmail.toLowerCase() !== who.user.email.toLowerCase();
    if (changesEmail) {
      const badEmail = emailProblem(newEmail);
      if (badEmail) return badEmail;
      if (await userByEmail(newEmail)) {
        return fail(422, 'email_exists', 'A user with this email address has already been registered');
      }
      const soon = tooSoon(who.user.email_change_sent_at);
      if (soon) return soon;
    }
    const password = field(body, 'password');
    if (typeof password === 'string') {
      const weak = passwordProblem(password);
      if (weak) return weak;
      if (await bcrypt.compare(password, who.user.encrypted_password ?? DUMMY_HASH)) {
        return fail(422, 'same_password', 'New password should be different from the old password.');
      }
      await q('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
        who.user.id,
        await bcrypt.hash(password, 10),
      ]);
      // As GoTrue: a new password ends every other session of the user (a stolen one included).
      await q('delete from auth.sessions where user_id = $1 and id <> $2', [who.user.id, who.claims.session_id]);
    }
    const data = field(body, 'data');
    if (data && typeof data === 'object') {
      await q('update auth.users set raw_user_meta_data = raw_user_meta_data || $2, updated_at = now() where id = $1', [
        who.user.id,
        data,
      ]);
    }
    if (changesEmail) {
      // Applied only when the new address confirms it (the link); meanwhile the user shows new_email.
      const token = randomBytes(32).toString('hex');
      await q(
        `update auth.users set email_change = $2, email_change_token_new = $3, email_change_sent_at = now(),
           updated_at = now() where id = $1`,
        [who.user.id, newEmail.toLowerCase(), sha256(token)],
      );
      const link = verifyUrl(token, 'email_change', redirectTo);
      mailbox?.send({
        to: newEmail.toLowerCase(),
        subject: 'Confirm your new email address',
        text: `Follow this link to use this address for your Chloe account:\n\n${link}\n\nThe link works once, for an hour. If you did not ask for it, ignore this email.`,
        html: `<p>Follow this link to use this address for your Chloe account:</p><p><a href="${link.replace(/&/g, '&amp;')}">Confirm email address</a></p><p>The link works once, for an hour. If you did not ask for it, ignore this email.</p>`,
      });
    }
    return { status: 200, body: userJson(/** @type {UserRow} */ (await userById(who.user.id))) };
  }

  /**
   * Route one request below /auth/v1.
   * @param {{ method: string, path: string, search: URLSearchParams, headers: Record<string, string | string[] | undefined>, body: unknown, ip?: string }} req
   * @returns {Promise<Reply>}
   */
  async function handle({ method, path, search, headers, body, ip = 'unknown' }) {
    const authorization = typeof headers.authorization === 'string' ? headers.authorization : undefined;
    // Which of Supabase's limits this request counts against, as GoTrue counts them.
    const bucket =
      method === 'POST' && path === '/token'
        ? search.get('grant_type') === 'refresh_token'
          ? 'token_refresh'
          : 'sign_in_sign_ups'
        : method === 'POST' && path === '/signup'
          ? 'sign_in_sign_ups'
          : (method === 'POST' && (path === '/verify' || path === '/recover')) || (method === 'PUT' && path === '/user')
            ? 'token_verifications'
            : null;
    const over = bucket ? limited(bucket, ip) : null;
    if (over) return over;
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
    if (path === '/admin' || path.startsWith('/admin/')) {
      return admin.handle({ method, path, search, authorization, body });
    }
    if (method === 'POST' && path === '/signup') return signUp(body, search.get('redirect_to'));
    if (method === 'POST' && path === '/recover') return recover(body, search.get('redirect_to'));
    if (method === 'GET' && path === '/verify') return verifyLink(search);
    if (method === 'POST' && path === '/verify') return verifyOtp(body);
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
    if (method === 'PUT' && path === '/user') return updateUser(authorization, body, search.get('redirect_to'));
    return fail(404, 'not_found', `${method} ${path} is not supported by the local auth service`);
  }

  return { handle };
}
