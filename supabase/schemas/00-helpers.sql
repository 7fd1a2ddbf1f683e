-- Helpers the tables' checks, policies and triggers share: who is asking, the assessment token a
-- request carries, the updated_at trigger of tables that are not synced, and the value checks.

-- True when the statement comes from an end user through the API (anon key or a user's JWT),
-- false for the service role (staff tools, edge functions) and for direct database sessions
-- (migrations, seed). Both the SQL role and the JWT role are consulted, so a SECURITY DEFINER
-- function called by a user still counts as that user.
create or replace function public.is_api_client()
returns boolean
language sql
stable
set search_path = ''
as $$
  select current_user in ('anon', 'authenticated')
    or coalesce(auth.role(), '') in ('anon', 'authenticated')
$$;

comment on function public.is_api_client() is
  'True for requests made with the anon key or a user JWT; false for the service role and direct database sessions.';

-- The assessment token travels as a request header, never in the URL query, so it does not end
-- up in logs or a Referer. PostgREST exposes the headers (lower-cased) as JSON in
-- request.headers; outside a request the setting is missing and this returns null.
create or replace function public.request_assessment_token()
returns text
language sql
stable
as $$
  select nullif(current_setting('request.headers', true), '')::json ->> 'x-assessment-token'
$$;

comment on function public.request_assessment_token() is
  'The x-assessment-token header of the current PostgREST request, or null.';

-- Tables that are not synced but have an updated_at column. Trigger functions cannot be called as
-- RPCs anyway; revoking keeps the API surface explicit.
create or replace function public.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.created_at := now();
  else
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  return new;
end
$$;

comment on function public.touch_updated_at() is
  'BEFORE INSERT/UPDATE: server-owned created_at and updated_at.';

revoke execute on function public.touch_updated_at() from public, anon, authenticated;

-- Value checks used by the tables' named constraints (and the forms test the same:
-- src/lib/limits.ts).
create or replace function public.is_email(p text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select p ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
$$;

comment on function public.is_email(text) is
  'something@something.something without spaces; the forms test the same (src/lib/limits.ts EMAIL_PATTERN).';

create or replace function public.is_phone(p text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select pg_catalog.btrim(p) ~ '^\+?[0-9(][0-9 ().-]*$'
     and pg_catalog.length(pg_catalog.regexp_replace(p, '[^0-9]', '', 'g')) between 10 and 15
$$;

comment on function public.is_phone(text) is
  'a UK or international number as written: digits, spaces, brackets, dashes, dots, a leading +; 10 to 15 digits. The forms test the same (src/lib/limits.ts isPhone).';

create or replace function public.is_http_url(p text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select p ~* '^https?://[^[:space:]]+$'
$$;

create or replace function public.has_no_duplicates(p anyarray)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- DISTINCT keeps one null (count(distinct x) would skip it and call ['a', null] a duplicate).
  select coalesce(cardinality(p) = (select count(*) from (select distinct x from unnest(p) as x) as d), true)
$$;

create or replace function public.longest_text(p text[])
returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce((select max(char_length(x)) from unnest(p) as x), 0)
$$;

-- BEFORE INSERT on the synced tables a client writes: a row is not created already removed through
-- the table API. Removed rows count for no limit, so inserting them (then restoring them) was a way
-- past the limits and a way to store megabytes that no screen shows. sync_push (an RPC) may still
-- create one: a device that made and removed a row offline sends it so, and restoring it is
-- limited (limit_restored_saved_properties, limit_share_subscriptions).
create or replace function public.refuse_removed_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new._deleted and public.is_api_client()
     and coalesce(pg_catalog.current_setting('request.path', true), '') not like '/rpc/%' then
    raise exception 'sync_removed_row_insert: a row cannot be created already removed'
      using errcode = '23514', constraint = 'sync_removed_row_insert';
  end if;
  -- A row that arrives removed (made and removed on a device offline) was never seen by another
  -- device: its largest contents are not kept, so stored bytes stay bounded whatever the flags.
  if new._deleted and public.is_api_client() then
    if tg_table_name = 'saved_properties' then
      new.key_features := '{}';
    elsif tg_table_name = 'share_subscriptions' and new.status = 'draft' then
      new.signature_data := null;
    end if;
  end if;
  return new;
end
$$;

revoke execute on function public.refuse_removed_insert() from public, anon, authenticated;
