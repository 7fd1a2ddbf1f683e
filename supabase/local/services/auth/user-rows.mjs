// @ts-check
// A new user written as GoTrue writes one. Its tables keep few defaults (auth-shape.json), and
// GoTrue reads the token and email-change columns into Go strings: they hold '' when unused, never
// NULL (a NULL there fails the real service's sign-in, supabase/auth#1940). The email identity is
// written with the user, in one statement.

/** GoTrue's instance id for every user of a project. */
export const NO_INSTANCE = '00000000-0000-0000-0000-000000000000';

/**
 * @param {(sql: string, params?: unknown[]) => Promise<unknown[]>} q
 * @param {{ id: string, aud: string, role: string, email: string, hash: string | null, confirmed: boolean,
 *   appMeta: object, userMeta: object, confirmationToken?: string }} user
 *   confirmationToken: the stored (hashed) sign-up confirmation token, when one was mailed
 */
export async function insertUser(q, user) {
  await q(
    `with made as (
       insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, confirmation_token, confirmation_sent_at, recovery_token,
         email_change_token_new, email_change, email_change_token_current, reauthentication_token,
         phone_change, phone_change_token, is_sso_user, is_anonymous, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, case when $7 then now() end, $8, $9, $10::varchar,
               case when $10::varchar <> '' then now() end, '', '', '', '', '', '', '', false, false, now(), now())
       returning id, email, email_confirmed_at, created_at)
     insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     select m.id::text, m.id,
            jsonb_build_object('sub', m.id::text, 'email', m.email,
                               'email_verified', m.email_confirmed_at is not null, 'phone_verified', false),
            'email', m.created_at, m.created_at
       from made as m`,
    [
      NO_INSTANCE,
      user.id,
      user.aud,
      user.role,
      user.email,
      user.hash,
      user.confirmed,
      user.appMeta,
      user.userMeta,
      user.confirmationToken ?? '',
    ],
  );
}

/**
 * The email identity follows its user's address (an email change, an admin's update).
 * @param {(sql: string, params?: unknown[]) => Promise<unknown[]>} q @param {string} userId
 */
export const syncEmailIdentity = (q, userId) =>
  q(
    `update auth.identities as i
        set identity_data = i.identity_data || jsonb_build_object('email', u.email,
                              'email_verified', u.email_confirmed_at is not null),
            updated_at = now()
       from auth.users as u
      where u.id = $1 and i.user_id = u.id and i.provider = 'email'`,
    [userId],
  );
