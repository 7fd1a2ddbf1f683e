// @ts-check
// A signed-in user's changes to their own account (PUT /user: a new password, a new address,
// metadata) and the reauthentication code a new password may need (GET /reauthenticate).
import { randomBytes, randomInt } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { emailProblem, field, LINK_TTL_MS, notStrings, passwordProblem, sha256, text, tooSoon } from './checks.mjs';
import { confirmEmailChangeEmail, confirmEmailChangeFromEmail, reauthenticationEmail } from './emails.mjs';
import { DUMMY_HASH } from './sessions.mjs';
import { fail, userJson } from './replies.mjs';

/**
 * @typedef {import('./replies.mjs').UserRow} UserRow
 * @typedef {import('./account.mjs').AccountContext} AccountContext
 */

/**
 * PUT /user. A new password must differ and ends the user's other sessions; a new address
 * applies once its link is followed; `data` is merged into the user's metadata.
 * @param {AccountContext} ctx @param {string | undefined} authorization @param {unknown} body
 * @param {string | null} redirectTo
 */
export async function updateUser(ctx, authorization, body, redirectTo) {
  const { q, tokens } = ctx;
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
    const refused = await passwordChangeRefused(ctx, who, body, password);
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
  if (changesEmail) await sendEmailChange(ctx, who.user, newEmail.toLowerCase(), redirectTo);
  return { status: 200, body: userJson(/** @type {UserRow} */ (await tokens.userById(who.user.id))) };
}

/**
 * GoTrue's checks before a new password (UserUpdate): a reauthentication nonce when
 * secure_password_change is on and the session is older than a day; the current password when
 * required, unless the session came from an emailed link (a reset); never the same password.
 * @param {AccountContext} ctx @param {{ claims: import('jose').JWTPayload, user: UserRow }} who
 * @param {unknown} body @param {string} password
 */
async function passwordChangeRefused({ q, securePasswordChange, requireCurrentPassword }, who, body, password) {
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
 * An email change's links. Applied only when confirmed: by the new address, and with
 * double_confirm_changes by the current one too (each gets its own link); meanwhile the user
 * shows new_email.
 * @param {AccountContext} ctx @param {UserRow} user @param {string} newEmail @param {string | null} redirectTo
 */
export async function sendEmailChange({ q, mailbox, secureEmailChange, verifyUrl }, user, newEmail, redirectTo) {
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
 * GET /reauthenticate: a six-digit code mailed to the user's confirmed address, the nonce
 * PUT /user takes with a new password; once a minute at most.
 * @param {AccountContext} ctx @param {string | undefined} authorization
 */
export async function reauthenticate({ q, tokens, mailbox }, authorization) {
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
