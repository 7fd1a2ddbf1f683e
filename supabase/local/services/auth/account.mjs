// @ts-check
// A user's own account: signing up (with a confirmation email when [auth.email]
// enable_confirmations is on) and PUT /user (a new password, a new address, metadata).
import { randomBytes, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { emailProblem, field, notStrings, passwordProblem, sha256, text, tooSoon } from './checks.mjs';
import { confirmEmailChangeEmail, confirmSignupEmail } from './emails.mjs';
import { DUMMY_HASH } from './sessions.mjs';
import { fail, userJson } from './replies.mjs';

/** @typedef {import('./replies.mjs').UserRow} UserRow */

/**
 * @param {import('./index.mjs').AuthContext} ctx
 * @param {{ verifyUrl: (token: string, type: string, redirectTo: string | null) => string }} links
 */
export function createAccount({ q, tokens, mailbox, confirmSignups }, { verifyUrl }) {
  /** POST /signup @param {unknown} body @param {string | null} redirectTo */
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
    if (await tokens.userByEmail(email)) return fail(422, 'user_already_exists', 'User already registered');
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
    const user = /** @type {UserRow} */ (await tokens.userByEmail(email));
    if (token) {
      mailbox?.send({ to: user.email, ...confirmSignupEmail(verifyUrl(token, 'signup', redirectTo)) });
      // GoTrue answers a sign-up waiting for confirmation with the user and no session.
      return { status: 200, body: userJson(user) };
    }
    return { status: 200, body: await tokens.newSession(user, 'password') };
  }

  /**
   * PUT /user. A new password must differ and ends the user's other sessions; a new address
   * applies once its link is followed; `data` is merged into the user's metadata.
   * @param {string | undefined} authorization @param {unknown} body @param {string | null} redirectTo
   */
  async function updateUser(authorization, body, redirectTo) {
    const who = await tokens.authenticate(authorization);
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
      if (await tokens.userByEmail(newEmail)) {
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
      mailbox?.send({ to: newEmail.toLowerCase(), ...confirmEmailChangeEmail(link) });
    }
    return { status: 200, body: userJson(/** @type {UserRow} */ (await tokens.userById(who.user.id))) };
  }

  return { signUp, updateUser };
}
