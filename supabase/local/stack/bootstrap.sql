-- What hosted Supabase already provides before any migration runs. The local stack applies this
-- (idempotently) before supabase/migrations/*; the migrations never create any of it.

do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
grant usage on schema extensions to anon, authenticated, service_role;

-- The API roles may use schema public, and nothing in it until a migration grants it: hosted
-- Supabase's default since 30 October 2026 for every project ("Automatically expose new tables
-- and functions" off; before, every new table, sequence and function was granted to all three).
-- A missing grant fails here first. The revokes also turn a local database made before this into
-- one with today's defaults (tables already made keep their grants, as on hosted).
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;
alter default privileges in schema public revoke all on functions from anon, authenticated, service_role;

-- Hosted's statement timeouts for the API roles (supabase/postgres: the image's initial schema and
-- 20221028101028_set_authenticator_timeout): a slow query fails locally as it would there.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

-- Its tables: bootstrap-auth.sql.

-- The same definitions as Supabase's auth schema.
create or replace function auth.jwt() returns jsonb
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email()
  to anon, authenticated, service_role;

-- The Supabase CLI records applied migrations here; the local stack does the same.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[],
  applied_at timestamptz not null default now()
);

-- Realtime's schema, as hosted Supabase has it (Realtime's own migrations make it there): the
-- messages a private broadcast channel is authorised against and fed from, realtime.topic() for
-- the policies, and realtime.send() for triggers. Not partitioned here, and old messages are not
-- cleaned up (hosted: after about three days); the local Realtime service
-- (supabase/local/services/realtime) hears each new message through the NOTIFY below, where
-- hosted Realtime reads the WAL. Both deliver only after commit.
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text
language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- Hosted's body: never fails its caller (a warning instead), private by default.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := gen_random_uuid();
    final_payload := case when payload ? 'id' then payload else jsonb_set(payload, '{id}', to_jsonb(generated_id)) end;
    execute format('set local realtime.topic to %L', topic);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception when others then
    raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;
grant execute on function realtime.send(jsonb, text, text, boolean) to anon, authenticated, service_role;

-- Local only: how the local Realtime service hears of a new message.
create or replace function realtime.notify_local_service() returns trigger
language plpgsql as $$
begin
  perform pg_notify('realtime_messages', json_build_object(
    'id', new.id, 'topic', new.topic, 'event', new.event, 'private', new.private,
    'extension', new.extension, 'payload', case when octet_length(new.payload::text) < 7000 then new.payload end
  )::text);
  return null;
end;
$$;
drop trigger if exists notify_local_service on realtime.messages;
create trigger notify_local_service after insert on realtime.messages
  for each row execute function realtime.notify_local_service();
