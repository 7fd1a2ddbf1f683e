-- Helpers shared by the later migrations: who is asking (an API client or the server), the
-- assessment token a request carries, and the triggers that own the sync and audit columns.
-- Applies unchanged to hosted Supabase: roles anon/authenticated/service_role and auth.* exist there.

-- True when the statement comes from an end user through the API (anon key or a user's JWT),
-- false for the service role (staff tools, edge functions) and for direct database sessions
-- (migrations, seed). Both the SQL role and the JWT role are consulted, so a SECURITY DEFINER
-- function called by a user still counts as that user.
create function public.is_api_client()
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
create function public.request_assessment_token()
returns text
language sql
stable
as $$
  select nullif(current_setting('request.headers', true), '')::json ->> 'x-assessment-token'
$$;

comment on function public.request_assessment_token() is
  'The x-assessment-token header of the current PostgREST request, or null.';

-- Synced tables (pulled by (_modified, id) checkpoints): the server owns created_at, updated_at
-- and _modified, whatever the client sends. _modified uses clock_timestamp() rather than now()
-- so that two writes in one transaction still get distinct, increasing values.
create function public.stamp_sync_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.created_at := now();
  else
    -- The id is the row's identity on every device; changing it would orphan local copies.
    if new.id is distinct from old.id then
      raise exception 'sync_id_is_immutable: the id of a synced row cannot change'
        using errcode = '23514',
              detail = format('Table %s, id %s.', tg_table_name, old.id);
    end if;
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  new._modified := clock_timestamp();
  return new;
end
$$;

comment on function public.stamp_sync_columns() is
  'BEFORE INSERT/UPDATE on synced tables: server-owned created_at, updated_at, _modified; ids never change.';

-- Non-synced tables with an updated_at column.
create function public.touch_updated_at()
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

-- Trigger functions cannot be called as RPCs anyway; revoking keeps the API surface explicit.
revoke execute on function public.stamp_sync_columns() from public, anon, authenticated;
revoke execute on function public.touch_updated_at() from public, anon, authenticated;
