// @ts-check
// The one-use links of auth emails and what they do when used: password recovery, a sign-up's
// confirmation, an email change, and magic links (made by the admin API). A link opens GET /verify
// in a browser, or its token is sent to POST /verify (verifyOtp).
import { randomBytes, randomInt } from 'node:crypto';
import { emailProblem, LINK_TTL_MS, sha256, text, tooSoon } from './checks.mjs';
import { redirectTarget } from './redirects.mjs';
import { resetPasswordEmail } from './emails.mjs';
import { fail, userJson } from './replies.mjs';
import { syncEmailIdentity } from './user-rows.mjs';

/**
 * @typedef {import('./replies.mjs').Reply} Reply
 * @typedef {import('./replies.mjs').UserRow} UserRow
 * @typedef {import('./index.mjs').AuthContext} AuthContext
 */

/** What GoTrue says when the first of an email change's two links is followed. */
export const ONE_OF_TWO = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** `to` with `fields` in its hash, as GoTrue hands a session (or an error) to the browser. @param {string} to @param {Record<string, string | number>} fields */
const withHash = (to, fields) =>
  `${to.split('#')[0]}#${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString()}`;

/**
 * The link in an auth email.
 * @param {AuthContext} ctx @param {string} token @param {string} type @param {string | null} redirectTo
 */
const verifyUrl = ({ issuer, siteUrl, redirectUrls }, token, type, redirectTo) =>
  `${issuer}/verify?${new URLSearchParams({
    token,
    type,
    redirect_to: redirectTarget(redirectTo, siteUrl, redirectUrls),
  }).toString()}`;

/**
 * `sql` (an update returning the user's id) run for a token: the user, or null when no row matched.
 * @param {AuthContext} ctx @param {string} sql @param {string} token
 */
const userFor = async ({ q, tokens }, sql, token) => {
  const row = /** @type {{ id: string } | undefined} */ ((await q(sql, [sha256(token), LINK_TTL_MS]))[0]);
  return row ? /** @type {UserRow} */ (await tokens.userById(row.id)) : null;
};

/**
 * A recovery (or magic link) token, used up: the user it signs in, or null (unknown, used or expired).
 * @param {AuthContext} ctx @param {string} token
 */
const useRecoveryToken = async (ctx, token) =>
  token
    ? userFor(
        ctx,
        `update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, now())
          where recovery_token = $1 and recovery_sent_at > now() - $2 * interval '1 millisecond'
          returning id`,
        token,
      )
    : null;

/**
 * A sign-up's confirmation token, used up: the address is confirmed and the user returned.
 * @param {AuthContext} ctx @param {string} token
 */
const useSignupToken = async (ctx, token) =>
  token
    ? userFor(
        ctx,
        `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = ''
          where confirmation_token = $1 and confirmation_sent_at > now() - $2 * interval '1 millisecond'
          returning id`,
        token,
      )
    : null;

/**
 * An email change's token, used up. With both addresses asked to confirm (double_confirm_changes),
 * the first link followed is only noted: 'one of two'. The last one changes the address to the
 * new one and returns the user; null when the token is unknown, used or expired, or the address
 * was taken meanwhile.
 * @param {AuthContext} ctx @param {string} token @returns {Promise<UserRow | 'one of two' | null>}
 */
async function useEmailChangeToken(ctx, token) {
  if (!token) return null;
  const { q } = ctx;
  const first = await q(
    `update auth.users set email_change_confirm_status = 1,
       email_change_token_new = case when email_change_token_new = $1 then '' else email_change_token_new end,
       email_change_token_current = case when email_change_token_current = $1 then '' else email_change_token_current end
      where $1 in (email_change_token_new, email_change_token_current)
        and email_change_token_new <> '' and email_change_token_current <> ''
        and email_change_confirm_status = 0 and email_change_sent_at > now() - $2 * interval '1 millisecond'
      returning id`,
    [sha256(token), LINK_TTL_MS],
  );
  if (first.length) return 'one of two';
  try {
    const changed = await userFor(
      ctx,
      `update auth.users set email = email_change, email_change = '', email_change_token_new = '',
         email_change_token_current = '', email_change_confirm_status = 0,
         email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
        where $1 in (email_change_token_new, email_change_token_current)
          and email_change_sent_at > now() - $2 * interval '1 millisecond'
        returning id`,
      token,
    );
    if (changed) await syncEmailIdentity(q, changed.id);
    return changed;
  } catch (error) {
    if (/** @type {{ code?: string }} */ (error).code === '23505') return null;
    throw error;
  }
}

/** @param {AuthContext} ctx @param {string | null} type @param {string} token */
const useToken = (ctx, type, token) =>
  // A magic link is a recovery token signing in without a new password, as in GoTrue.
  type === 'recovery' || type === 'magiclink'
    ? useRecoveryToken(ctx, token)
    : type === 'email_change'
      ? useEmailChangeToken(ctx, token)
      : type === 'signup'
        ? useSignupToken(ctx, token)
        : null;

/**
 * A new recovery token for `userId` (a reset or a magic link): the token, stored hashed.
 * @param {AuthContext['q']} q @param {string} userId
 */
const newRecoveryToken = async (q, userId) => {
  const token = randomBytes(32).toString('hex');
  await q('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [userId, sha256(token)]);
  return token;
};

/**
 * resetPasswordForEmail: a one-use link to /verify, mailed to the address. The answer is the same
 * whether or not the address has an account.
 * @param {AuthContext} ctx @param {unknown} body @param {string | null} redirectTo @returns {Promise<Reply>}
 */
async function recover(ctx, body, redirectTo) {
  const { q, tokens, mailbox } = ctx;
  const email = text(body, 'email').trim();
  if (!email) return fail(400, 'validation_failed', 'Password recovery requires an email');
  const badEmail = emailProblem(email);
  if (badEmail) return badEmail;
  const user = await tokens.userByEmail(email);
  if (!user) return { status: 200, body: {} };
  const sentAt = /** @type {{ recovery_sent_at: Date | null }} */ (
    (await q('select recovery_sent_at from auth.users where id = $1', [user.id]))[0]
  )?.recovery_sent_at;
  const soon = tooSoon(sentAt);
  if (soon) return soon;
  const link = verifyUrl(ctx, await newRecoveryToken(q, user.id), 'recovery', redirectTo);
  mailbox?.send({ to: user.email, ...resetPasswordEmail(link) });
  return { status: 200, body: {} };
}

/**
 * The link in the email (GET /verify): signed in and back to the app with the session in the
 * URL's hash, `type=recovery` (supabase-js then emits PASSWORD_RECOVERY); or the error GoTrue
 * puts there for a used or expired link.
 * @param {AuthContext} ctx @param {URLSearchParams} search @returns {Promise<Reply>}
 */
async function verifyLink(ctx, search) {
  const to = redirectTarget(search.get('redirect_to'), ctx.siteUrl, ctx.redirectUrls);
  const type = search.get('type');
  const user = await useToken(ctx, type, search.get('token') ?? '');
  if (user === 'one of two') {
    return { status: 303, headers: { location: withHash(to, { message: ONE_OF_TWO, sb: '' }) } };
  }
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
      await ctx.tokens.newSession(user, 'otp')
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

/**
 * verifyOtp({ type, token_hash }): the same tokens, answered with the session.
 * @param {AuthContext} ctx @param {unknown} body @returns {Promise<Reply>}
 */
async function verifyOtp(ctx, body) {
  const type = text(body, 'type');
  if (type !== 'recovery' && type !== 'email_change' && type !== 'magiclink') {
    return fail(
      400,
      'validation_failed',
      'Only recovery, magiclink and email_change links are supported by the local auth service',
    );
  }
  const user = await useToken(ctx, type, text(body, 'token_hash'));
  if (user === 'one of two') return { status: 200, body: { msg: ONE_OF_TWO, code: '200' } };
  if (!user) return fail(403, 'otp_expired', 'Token has expired or is invalid');
  return { status: 200, body: await ctx.tokens.newSession(user, 'otp') };
}

/**
 * POST /admin/generate_link (the admin API, GoTrue's adminGenerateLink) for `magiclink`: a one-use
 * sign-in for an existing user, nothing mailed. Answered as GoTrue answers it: the user's fields
 * with action_link, email_otp, hashed_token, redirect_to and verification_type (auth-js moves those
 * five into `properties`); verifyOtp({ token_hash: hashed_token, type: 'magiclink' }) then gives a
 * session of its own.
 * @param {AuthContext} ctx @param {unknown} body @returns {Promise<Reply>}
 */
async function generateLink(ctx, body) {
  const { q, tokens } = ctx;
  const type = text(body, 'type');
  if (type !== 'magiclink') {
    return fail(400, 'validation_failed', 'Only magiclink links are generated by the local auth service');
  }
  const email = text(body, 'email').trim();
  const badEmail = email ? emailProblem(email) : fail(400, 'validation_failed', 'An email address is required');
  if (badEmail) return badEmail;
  const user = await tokens.userByEmail(email);
  if (!user) return fail(404, 'user_not_found', 'User with this email not found');
  const token = await newRecoveryToken(q, user.id);
  const redirectTo = redirectTarget(text(body, 'redirect_to') || null, ctx.siteUrl, ctx.redirectUrls);
  return {
    status: 200,
    body: {
      ...userJson(/** @type {UserRow} */ (await tokens.userById(user.id))),
      action_link: verifyUrl(ctx, token, 'magiclink', redirectTo),
      email_otp: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      hashed_token: token,
      redirect_to: redirectTo,
      verification_type: 'magiclink',
    },
  };
}

/**
 * The links' handlers, each given the service's context.
 * @param {AuthContext} ctx
 */
export function createLinks(ctx) {
  return {
    /** @param {string} token @param {string} type @param {string | null} redirectTo */
    verifyUrl: (token, type, redirectTo) => verifyUrl(ctx, token, type, redirectTo),
    /** @param {unknown} body @param {string | null} redirectTo */
    recover: (body, redirectTo) => recover(ctx, body, redirectTo),
    /** @param {URLSearchParams} search */
    verifyLink: (search) => verifyLink(ctx, search),
    /** @param {unknown} body */
    verifyOtp: (body) => verifyOtp(ctx, body),
    /** @param {unknown} body */
    generateLink: (body) => generateLink(ctx, body),
  };
}
