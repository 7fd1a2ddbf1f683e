// @ts-check
// Sessions: signing in with a password, refreshing (rotation, tokens.mjs), signing out by scope,
// and GET /user.
import bcrypt from 'bcryptjs';
import { notStrings, text } from './checks.mjs';
import { fail, userJson } from './replies.mjs';

/**
 * Compared against when the address is unknown, so a wrong password and an unknown address take
 * the same time (bcrypt cost 10 either way).
 */
export const DUMMY_HASH = bcrypt.hashSync('not-a-password-anyone-has', 10);

/** @param {import('./index.mjs').AuthContext} ctx */
export function createSessions({ q, tokens }) {
  /** POST /token?grant_type=password @param {unknown} body */
  async function passwordGrant(body) {
    const typed = notStrings(body, ['email', 'password']);
    if (typed) return typed;
    const email = text(body, 'email').trim();
    const password = text(body, 'password');
    if (!email || !password) {
      return fail(400, 'validation_failed', 'missing email or phone');
    }
    const user = await tokens.userByEmail(email);
    const ok = await bcrypt.compare(password, user?.encrypted_password ?? DUMMY_HASH);
    if (!user || !ok) return fail(400, 'invalid_credentials', 'Invalid login credentials');
    // A user made through the admin API without email_confirm has not proven the address yet.
    if (!user.email_confirmed_at) return fail(400, 'email_not_confirmed', 'Email not confirmed');
    return { status: 200, body: await tokens.newSession(user, 'password') };
  }

  /** POST /token?grant_type=refresh_token @param {unknown} body */
  async function refreshGrant(body) {
    const token = text(body, 'refresh_token');
    if (!token) return fail(400, 'validation_failed', 'refresh_token required');
    return tokens.rotateRefreshToken(token);
  }

  /** POST /logout?scope=global|local|others @param {string | undefined} authorization @param {string | null} scope */
  async function logout(authorization, scope) {
    if (scope !== null && !['', 'global', 'local', 'others'].includes(scope)) {
      return fail(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
    }
    const who = await tokens.authenticate(authorization);
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

  /** GET /user @param {string | undefined} authorization */
  async function user(authorization) {
    const who = await tokens.authenticate(authorization);
    return 'status' in who ? who : { status: 200, body: userJson(who.user) };
  }

  return { passwordGrant, refreshGrant, logout, user };
}
