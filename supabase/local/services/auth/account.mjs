// @ts-check
// A user's own account: signing up (with a confirmation email when [auth.email]
// enable_confirmations is on) and sending its links again (POST /resend). PUT /user and
// GET /reauthenticate are in account-update.mjs.
import { randomBytes, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { reauthenticate, sendEmailChange, updateUser } from './account-update.mjs';
import { emailProblem, field, notStrings, passwordProblem, sha256, text, tooSoon } from './checks.mjs';
import { confirmSignupEmail } from './emails.mjs';
import { fail, obfuscatedUser, userJson } from './replies.mjs';
import { insertUser } from './user-rows.mjs';

/**
 * @typedef {import('./replies.mjs').UserRow} UserRow
 * @typedef {import('./index.mjs').AuthContext & {
 *   verifyUrl: (token: string, type: string, redirectTo: string | null) => string }} AccountContext
 *   the service's context with the link maker of links.mjs
 */

/** POST /signup @param {AccountContext} ctx @param {unknown} body @param {string | null} redirectTo */
async function signUp(ctx, body, redirectTo) {
  const { q, tokens, mailbox, confirmSignups, verifyUrl } = ctx;
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
  // Hashed whatever the answer: a known address must not answer faster than a new one.
  const hash = await bcrypt.hash(password, 10);
  const data = field(body, 'data');
  const meta = data && typeof data === 'object' ? data : {};
  const existing = await tokens.userByEmail(email);
  if (existing) return repeatedSignUp(ctx, existing, meta, redirectTo);
  // With confirmations on, the address is proven by a link before any session (as GoTrue).
  const token = confirmSignups ? randomBytes(32).toString('hex') : null;
  try {
    await insertUser(q, {
      id: randomUUID(),
      aud: 'authenticated',
      role: 'authenticated',
      email: email.toLowerCase(),
      hash,
      confirmed: !token,
      appMeta: { provider: 'email', providers: ['email'] },
      userMeta: meta,
      confirmationToken: token ? sha256(token) : '',
    });
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides.
    if (/** @type {{ code?: string }} */ (error).code === '23505') {
      return repeatedSignUp(ctx, /** @type {UserRow} */ (await tokens.userByEmail(email)), meta, redirectTo);
    }
    throw error;
  }
  const user = /** @type {UserRow} */ (await tokens.userByEmail(email));
  if (token) {
    mailbox?.send({ to: user.email, ...confirmSignupEmail(verifyUrl(token, 'signup', redirectTo)) });
    // GoTrue answers a sign-up waiting for confirmation with the user and no session.
    return { status: 200, body: userJson(user) };
  }
  return { status: 200, body: await tokens.newSession(user, 'password') };
}

/**
 * A sign-up for an address that has an account, as GoTrue answers it. With confirmations off,
 * 422 user_already_exists (the app signs straight in, so it is no secret). With them on, the
 * answer must not tell an address that has an account from one that has none: a confirmed
 * account gets what a new sign-up gets, for a user that does not exist (a new id, no
 * identities) and no mail; one still waiting for its confirmation gets the link again.
 * @param {AccountContext} ctx @param {UserRow} user @param {object} meta @param {string | null} redirectTo
 */
async function repeatedSignUp(ctx, user, meta, redirectTo) {
  if (!ctx.confirmSignups) return fail(422, 'user_already_exists', 'User already registered');
  if (user.email_confirmed_at) return { status: 200, body: obfuscatedUser(user.email, meta) };
  const soon = await sendSignupLink(ctx, user, redirectTo);
  if (soon) return soon;
  return { status: 200, body: userJson(/** @type {UserRow} */ (await ctx.tokens.userById(user.id))) };
}

/**
 * A new confirmation link for an unconfirmed user (the old one stops working), at most one a
 * minute as GoTrue's max_frequency allows: the 429 otherwise.
 * @param {AccountContext} ctx @param {UserRow} user @param {string | null} redirectTo
 */
async function sendSignupLink({ q, mailbox, verifyUrl }, user, redirectTo) {
  const soon = tooSoon(user.confirmation_sent_at ?? null);
  if (soon) return soon;
  const token = randomBytes(32).toString('hex');
  await q('update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1', [
    user.id,
    sha256(token),
  ]);
  mailbox?.send({ to: user.email, ...confirmSignupEmail(verifyUrl(token, 'signup', redirectTo)) });
  return null;
}

/**
 * POST /resend (supabase-js auth.resend), as Supabase Auth's resend.go answers: the link of a
 * sign-up or an email change sent again; {} whether or not the address has an account or
 * anything waiting (nothing is told), the 429 within a minute of the last mail.
 * @param {AccountContext} ctx @param {unknown} body @param {string | null} redirectTo
 */
async function resend(ctx, body, redirectTo) {
  const typed = notStrings(body, ['type', 'email', 'phone']);
  if (typed) return typed;
  const type = text(body, 'type');
  const email = text(body, 'email').trim();
  const phone = text(body, 'phone').trim();
  if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
    return fail(400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  }
  if (!email && type === 'signup') return fail(400, 'validation_failed', 'Type provided requires an email address');
  if (!phone && type === 'sms') return fail(400, 'validation_failed', 'Type provided requires a phone number');
  if (email && phone)
    return fail(400, 'validation_failed', 'Only an email address or phone number should be provided.');
  // This project has no phone sign-in (config.toml), as GoTrue answers with it off.
  if (phone) return fail(400, 'phone_provider_disabled', 'Phone logins are disabled');
  if (!email) return fail(400, 'validation_failed', 'Missing email address or phone number');
  const badEmail = emailProblem(email);
  if (badEmail) return badEmail;
  const user = await ctx.tokens.userByEmail(email);
  const nothing = { status: 200, body: {} };
  if (!user) return nothing;
  if (type === 'signup')
    return user.email_confirmed_at ? nothing : ((await sendSignupLink(ctx, user, redirectTo)) ?? nothing);
  if (!user.email_change) return nothing;
  const soon = tooSoon(user.email_change_sent_at ?? null);
  return soon ?? (await sendEmailChange(ctx, user, user.email_change, redirectTo), nothing);
}

/**
 * @param {import('./index.mjs').AuthContext} ctx
 * @param {{ verifyUrl: (token: string, type: string, redirectTo: string | null) => string }} links
 */
export function createAccount(ctx, { verifyUrl }) {
  /** @type {AccountContext} */
  const account = { ...ctx, verifyUrl };
  return {
    /** @param {unknown} body @param {string | null} redirectTo */
    signUp: (body, redirectTo) => signUp(account, body, redirectTo),
    /** @param {string | undefined} authorization @param {unknown} body @param {string | null} redirectTo */
    updateUser: (authorization, body, redirectTo) => updateUser(account, authorization, body, redirectTo),
    /** @param {string | undefined} authorization */
    reauthenticate: (authorization) => reauthenticate(account, authorization),
    /** @param {unknown} body @param {string | null} redirectTo */
    resend: (body, redirectTo) => resend(account, body, redirectTo),
  };
}
