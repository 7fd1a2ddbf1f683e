// @ts-check
// A user's own account: signing up (with a confirmation email when [auth.email]
// enable_confirmations is on) and PUT /user (a new password, a new address, metadata).
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { emailProblem, field, LINK_TTL_MS, notStrings, passwordProblem, sha256, text, tooSoon } from './checks.mjs';
import {
  confirmEmailChangeEmail,
  confirmEmailChangeFromEmail,
  confirmSignupEmail,
  reauthenticationEmail,
} from './emails.mjs';
import { DUMMY_HASH } from './sessions.mjs';
import { fail, obfuscatedUser, userJson } from './replies.mjs';
import { insertUser } from './user-rows.mjs';

/** @typedef {import('./replies.mjs').UserRow} UserRow */

/**
 * @param {import('./index.mjs').AuthContext} ctx
 * @param {{ verifyUrl: (token: string, type: string, redirectTo: string | null) => string }} links
 */
export function createAccount(
  { q, tokens, mailbox, confirmSignups, secureEmailChange, securePasswordChange, requireCurrentPassword },
  { verifyUrl },
) {
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
    // Hashed whatever the answer: a known address must not answer faster than a new one.
    const hash = await bcrypt.hash(password, 10);
    const data = field(body, 'data');
    const meta = data && typeof data === 'object' ? data : {};
    const existing = await tokens.userByEmail(email);
    if (existing) return repeatedSignUp(existing, meta, redirectTo);
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
        return repeatedSignUp(/** @type {UserRow} */ (await tokens.userByEmail(email)), meta, redirectTo);
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
   * @param {UserRow} user @param {object} meta @param {string | null} redirectTo
   */
  async function repeatedSignUp(user, meta, redirectTo) {
    if (!confirmSignups) return fail(422, 'user_already_exists', 'User already registered');
    if (user.email_confirmed_at) return { status: 200, body: obfuscatedUser(user.email, meta) };
    const soon = await sendSignupLink(user, redirectTo);
    if (soon) return soon;
    return { status: 200, body: userJson(/** @type {UserRow} */ (await tokens.userById(user.id))) };
  }

  /**
   * A new confirmation link for an unconfirmed user (the old one stops working), at most one a
   * minute as GoTrue's max_frequency allows: the 429 otherwise.
   * @param {UserRow} user @param {string | null} redirectTo
   */
  async function sendSignupLink(user, redirectTo) {
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
      const refused = await passwordChangeRefused(who, body, password);
      if (refused) return refused;
      await q('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
        who.user.id,
        await bcrypt.hash(password, 10),
      ]);
      // As GoTrue: a new password ends every other session of the user (a stolen one included).
      await q('delete from auth.sessions where user_id = $1 and id <> $2', [who.user.id, who.claims.session_id]);
    }
    const data = field(body, 'data');
    if (data && typeof data === 'object') {
      await q(
        `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || $2, updated_at = now()
          where id = $1`,
        [who.user.id, data],
      );
    }
    if (changesEmail) await sendEmailChange(who.user, newEmail.toLowerCase(), redirectTo);
    return { status: 200, body: userJson(/** @type {UserRow} */ (await tokens.userById(who.user.id))) };
  }

  /**
   * An email change's links. Applied only when confirmed: by the new address, and with
   * double_confirm_changes by the current one too (each gets its own link); meanwhile the user
   * shows new_email.
   * @param {UserRow} user @param {string} newEmail @param {string | null} redirectTo
   */
  async function sendEmailChange(user, newEmail, redirectTo) {
    const token = randomBytes(32).toString('hex');
    const current = secureEmailChange ? randomBytes(32).toString('hex') : null;
    await q(
      `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
         email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now() where id = $1`,
      [user.id, newEmail, sha256(token), current ? sha256(current) : ''],
    );
    mailbox?.send({ to: newEmail, ...confirmEmailChangeEmail(verifyUrl(token, 'email_change', redirectTo)) });
    if (current) {
      mailbox?.send({
        to: user.email,
        ...confirmEmailChangeFromEmail(verifyUrl(current, 'email_change', redirectTo), newEmail),
      });
    }
  }

  /**
   * POST /resend (supabase-js auth.resend), as Supabase Auth's resend.go answers: the link of a
   * sign-up or an email change sent again; {} whether or not the address has an account or
   * anything waiting (nothing is told), the 429 within a minute of the last mail.
   * @param {unknown} body @param {string | null} redirectTo
   */
  async function resend(body, redirectTo) {
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
    const user = await tokens.userByEmail(email);
    const nothing = { status: 200, body: {} };
    if (!user) return nothing;
    if (type === 'signup')
      return user.email_confirmed_at ? nothing : ((await sendSignupLink(user, redirectTo)) ?? nothing);
    if (!user.email_change) return nothing;
    const soon = tooSoon(user.email_change_sent_at ?? null);
    return soon ?? (await sendEmailChange(user, user.email_change, redirectTo), nothing);
  }

  /**
   * GoTrue's checks before a new password (UserUpdate): a reauthentication nonce when
   * secure_password_change is on and the session is older than a day; the current password when
   * required, unless the session came from an emailed link (a reset); never the same password.
   * @param {{ claims: import('jose').JWTPayload, user: UserRow }} who @param {unknown} body @param {string} password
   */
  async function passwordChangeRefused(who, body, password) {
    const weak = passwordProblem(password);
    if (weak) return weak;
    const typed = notStrings(body, ['current_password', 'nonce']);
    if (typed) return typed;
    const sessionId = String(who.claims.session_id);
    if (securePasswordChange) {
      const [session] = /** @type {{ old: boolean }[]} */ (
        await q(`select created_at < now() - interval '24 hours' as old from auth.sessions where id = $1`, [sessionId])
      );
      if (!session || session.old) {
        const nonce = text(body, 'nonce');
        if (!nonce) return fail(400, 'reauthentication_needed', 'Password update requires reauthentication');
        const used = await q(
          `update auth.users set reauthentication_token = '', reauthentication_sent_at = null
            where id = $1 and reauthentication_token = $2
              and reauthentication_sent_at > now() - $3 * interval '1 millisecond' returning id`,
          [who.user.id, sha256(`${who.user.email}${nonce}`), LINK_TTL_MS],
        );
        if (!used.length) return fail(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
      }
    }
    if (requireCurrentPassword && who.user.encrypted_password) {
      const recovery = await q(
        `select 1 from auth.mfa_amr_claims
          where session_id = $1 and authentication_method in ('otp', 'magiclink', 'recovery')`,
        [sessionId],
      );
      if (!recovery.length) {
        const current = text(body, 'current_password');
        if (!current) {
          return fail(400, 'current_password_required', 'Current password required when setting new password.');
        }
        if (!(await bcrypt.compare(current, who.user.encrypted_password))) {
          return fail(400, 'current_password_mismatch', 'Current password required when setting new password.');
        }
      }
    }
    if (await bcrypt.compare(password, who.user.encrypted_password ?? DUMMY_HASH)) {
      return fail(422, 'same_password', 'New password should be different from the old password.');
    }
    return null;
  }

  /**
   * GET /reauthenticate: a six-digit code mailed to the user's confirmed address, the nonce
   * PUT /user takes with a new password; once a minute at most.
   * @param {string | undefined} authorization
   */
  async function reauthenticate(authorization) {
    const who = await tokens.authenticate(authorization);
    if ('status' in who) return who;
    if (!who.user.email) {
      return fail(400, 'validation_failed', 'Reauthentication requires the user to have an email or a phone number');
    }
    if (!who.user.email_confirmed_at) return fail(422, 'email_not_confirmed', 'Please verify your email first.');
    const soon = tooSoon(who.user.reauthentication_sent_at);
    if (soon) return soon;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await q('update auth.users set reauthentication_token = $2, reauthentication_sent_at = now() where id = $1', [
      who.user.id,
      sha256(`${who.user.email}${code}`),
    ]);
    mailbox?.send({ to: who.user.email, ...reauthenticationEmail(code) });
    return { status: 200, body: {} };
  }

  return { signUp, updateUser, reauthenticate, resend };
}
