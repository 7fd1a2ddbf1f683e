-- The auth tables the local auth service uses, in Supabase Auth's shape: its columns, types,
-- nullability, defaults, generated columns and unique indexes, as its own migrations leave them
-- (auth-shape.json describes that shape; tests/integration/database/hosted-parity.test.ts
-- compares). Written here from those migrations, not copied. Applied after bootstrap.sql on every
-- start: the ALTERs bring a local database made before this file to the same shape.
--
-- What Supabase Auth leaves nullable stays nullable here (raw_app_meta_data, created_at, ...), so
-- the local service and the seed must write every value GoTrue would: a NULL where GoTrue reads a
-- Go string (confirmation_token, recovery_token, email_change, ...) breaks its sign-in with a 500.

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  created_at timestamptz,
  updated_at timestamptz
);
alter table auth.users
  add column if not exists invited_at timestamptz,
  add column if not exists confirmation_token varchar(255),
  add column if not exists confirmation_sent_at timestamptz,
  add column if not exists recovery_token varchar(255),
  add column if not exists recovery_sent_at timestamptz,
  add column if not exists email_change_token_new varchar(255),
  add column if not exists email_change varchar(255),
  add column if not exists email_change_sent_at timestamptz,
  add column if not exists is_super_admin boolean,
  -- Both were varchar once: their defaults keep that cast, as in Supabase Auth.
  add column if not exists phone text default null::character varying,
  add column if not exists phone_confirmed_at timestamptz,
  add column if not exists phone_change text default ''::character varying,
  add column if not exists phone_change_token varchar(255) default '',
  add column if not exists phone_change_sent_at timestamptz,
  add column if not exists confirmed_at timestamptz
    generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  add column if not exists email_change_token_current varchar(255) default '',
  add column if not exists email_change_confirm_status smallint default 0
    check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  add column if not exists banned_until timestamptz,
  add column if not exists reauthentication_token varchar(255) default '',
  add column if not exists reauthentication_sent_at timestamptz,
  add column if not exists is_sso_user boolean not null default false,
  add column if not exists deleted_at timestamptz,
  add column if not exists is_anonymous boolean not null default false;
-- A database made by the earlier bootstrap had NOT NULL defaults Supabase Auth does not have.
alter table auth.users
  alter column raw_app_meta_data drop not null, alter column raw_app_meta_data drop default,
  alter column raw_user_meta_data drop not null, alter column raw_user_meta_data drop default,
  alter column created_at drop not null, alter column created_at drop default,
  alter column updated_at drop not null, alter column updated_at drop default;
-- Users the earlier local service wrote with NULL where GoTrue reads a Go string.
update auth.users
   set instance_id = coalesce(instance_id, '00000000-0000-0000-0000-000000000000'),
       confirmation_token = coalesce(confirmation_token, ''), recovery_token = coalesce(recovery_token, ''),
       email_change_token_new = coalesce(email_change_token_new, ''), email_change = coalesce(email_change, ''),
       email_change_token_current = coalesce(email_change_token_current, ''),
       email_change_confirm_status = coalesce(email_change_confirm_status, 0),
       reauthentication_token = coalesce(reauthentication_token, ''),
       phone_change = coalesce(phone_change, ''), phone_change_token = coalesce(phone_change_token, '')
 where instance_id is null or confirmation_token is null or recovery_token is null
    or email_change_token_new is null or email_change is null or email_change_token_current is null
    or email_change_confirm_status is null or reauthentication_token is null or phone_change is null
    or phone_change_token is null;
-- GoTrue keeps emails lower-case itself; its index is on the column, for non-SSO users.
drop index if exists auth.users_email_key;
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create unique index if not exists users_phone_key on auth.users (phone);
-- Token columns hold '' when unused; a token of digits and spaces is a short OTP, not unique.
create unique index if not exists confirmation_token_idx on auth.users (confirmation_token)
  where confirmation_token::text !~ '^[0-9 ]*$';
create unique index if not exists recovery_token_idx on auth.users (recovery_token)
  where recovery_token::text !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_current_idx on auth.users (email_change_token_current)
  where email_change_token_current::text !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_new_idx on auth.users (email_change_token_new)
  where email_change_token_new::text !~ '^[0-9 ]*$';
create unique index if not exists reauthentication_token_idx on auth.users (reauthentication_token)
  where reauthentication_token::text !~ '^[0-9 ]*$';

-- One row per way a user signs in (GoTrue writes the 'email' one at sign-up).
create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
-- The earlier bootstrap signed users up with no identity: each gets its email identity.
insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', u.email_confirmed_at is not null,
                          'phone_verified', false),
       'email', u.last_sign_in_at, u.created_at, u.updated_at
  from auth.users as u
 where u.email is not null
   and not exists (select from auth.identities as i where i.user_id = u.id and i.provider = 'email');

do $$
begin
  if not exists (select from pg_type where typname = 'aal_level' and typnamespace = 'auth'::regnamespace) then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
end
$$;

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz
);
alter table auth.sessions
  alter column created_at drop not null, alter column created_at drop default,
  alter column updated_at drop not null, alter column updated_at drop default,
  add column if not exists factor_id uuid,
  add column if not exists aal auth.aal_level,
  add column if not exists not_after timestamptz,
  add column if not exists refreshed_at timestamp,
  add column if not exists user_agent text,
  add column if not exists ip inet,
  add column if not exists tag text,
  add column if not exists oauth_client_id uuid,
  add column if not exists refresh_token_hmac_key text,
  add column if not exists refresh_token_counter bigint,
  add column if not exists scopes text;

-- How each session was signed in (AMR claims): a session from an emailed link ('otp') may set a
-- new password without the current one.
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null,
  constraint amr_id_pk primary key (id),
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);
alter table auth.mfa_amr_claims
  alter column id drop default,
  alter column created_at drop default,
  alter column updated_at drop default;
do $$
begin
  -- The earlier bootstrap named its primary key mfa_amr_claims_pkey.
  if exists (select from pg_constraint where conname = 'mfa_amr_claims_pkey' and conrelid = 'auth.mfa_amr_claims'::regclass) then
    alter table auth.mfa_amr_claims rename constraint mfa_amr_claims_pkey to amr_id_pk;
  end if;
end
$$;

-- user_id is text in Supabase Auth (it predates the uuid columns), with no foreign key; a token
-- goes with its session.
create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255),
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade,
  constraint refresh_tokens_token_unique unique (token)
);
alter table auth.refresh_tokens drop constraint if exists refresh_tokens_user_id_fkey;
alter table auth.refresh_tokens
  add column if not exists instance_id uuid,
  alter column token drop not null,
  alter column user_id type varchar(255) using user_id::text,
  alter column user_id drop not null,
  alter column revoked drop not null, alter column revoked drop default,
  alter column created_at drop not null, alter column created_at drop default,
  alter column updated_at drop not null, alter column updated_at drop default,
  alter column session_id drop not null;
do $$
begin
  -- The earlier bootstrap's unique constraint on token was refresh_tokens_token_key.
  if exists (select from pg_constraint where conname = 'refresh_tokens_token_key' and conrelid = 'auth.refresh_tokens'::regclass) then
    alter table auth.refresh_tokens rename constraint refresh_tokens_token_key to refresh_tokens_token_unique;
  end if;
end
$$;
