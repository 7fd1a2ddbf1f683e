// @ts-check
// The shapes GoTrue answers in: its error body, and a user as auth-js reads one.

/**
 * Rows as node-pg returns them (a refresh token's bigserial id as a string).
 * @typedef {{ status: number, body?: unknown, headers?: Record<string, string> }} Reply
 * @typedef {{ id: string, aud: string, role: string, email: string, encrypted_password: string | null,
 *   email_confirmed_at: Date | null, last_sign_in_at: Date | null, raw_app_meta_data: object | null,
 *   raw_user_meta_data: object | null, created_at: Date, updated_at: Date, email_change?: string | null,
 *   email_change_sent_at?: Date | null, reauthentication_sent_at?: Date | null,
 *   confirmation_sent_at?: Date | null }} UserRow
 * @typedef {{ id: string, token: string, user_id: string, session_id: string, revoked: boolean,
 *   parent: string | null, updated_at: Date }} RefreshTokenRow
 */

/**
 * GoTrue's error shape; auth-js reads `error_code` and shows `msg`.
 * @param {number} status @param {string} code @param {string} msg @param {object} [extra]
 * @returns {Reply}
 */
export const fail = (status, code, msg, extra = {}) => ({
  status,
  body: { code: status, error_code: code, msg, ...extra },
});

/** @param {UserRow} u */
export function userJson(u) {
  return {
    id: u.id,
    aud: u.aud,
    role: u.role,
    email: u.email,
    email_confirmed_at: u.email_confirmed_at,
    phone: '',
    confirmed_at: u.email_confirmed_at,
    last_sign_in_at: u.last_sign_in_at,
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    // An email account has one identity, as GoTrue returns it (its id is the user's).
    identities: [
      {
        identity_id: u.id,
        id: u.id,
        user_id: u.id,
        identity_data: {
          email: u.email,
          email_verified: Boolean(u.email_confirmed_at),
          phone_verified: false,
          sub: u.id,
        },
        provider: 'email',
        last_sign_in_at: u.last_sign_in_at,
        created_at: u.created_at,
        updated_at: u.updated_at,
        email: u.email,
      },
    ],
    created_at: u.created_at,
    updated_at: u.updated_at,
    is_anonymous: false,
    // An email change waiting for the new address's confirmation, as GoTrue shows it.
    ...(u.email_change ? { new_email: u.email_change, email_change_sent_at: u.email_change_sent_at } : {}),
  };
}

/**
 * What GoTrue answers a repeated sign-up with when confirmations are on (its sanitizeUser): a new
 * sign-up's answer (userJson), for no account: a new id, nothing confirmed, no identities.
 * @param {string} email @param {object} meta
 */
export function obfuscatedUser(email, meta) {
  const now = new Date();
  return {
    ...userJson({
      id: crypto.randomUUID(),
      aud: 'authenticated',
      role: 'authenticated',
      email: email.toLowerCase(),
      encrypted_password: null,
      email_confirmed_at: null,
      last_sign_in_at: null,
      raw_app_meta_data: { provider: 'email', providers: ['email'] },
      raw_user_meta_data: meta,
      created_at: now,
      updated_at: now,
    }),
    identities: [],
  };
}
