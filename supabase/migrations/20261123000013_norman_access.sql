-- Issue 15: the Norman page's password is checked by the norman-access edge function (ADR 009),
-- and its attempts are limited per client here, in Postgres, so that the limit holds whichever of
-- the function's instances answers.
--
--  1. norman_access_attempts: one row per attempt, under a SHA-256 (hex) of the client's address,
--     never the address itself. Kept for an hour at most.
--  2. norman_access_attempt(p_client): records an attempt and says how many this client made in
--     the last 60 seconds, this one included. The function refuses the sixth.
--  3. Only the service role (the function) may call it; nobody may read or write the table
--     through the API: RLS on, no policies, no privileges for anon or authenticated.

-- ---------------------------------------------------------------------------------------------
-- Attempts
-- ---------------------------------------------------------------------------------------------
create table public.norman_access_attempts (
  id bigint generated always as identity primary key,
  client_key text not null
    constraint norman_access_attempts_client_key_format check (client_key ~ '^[0-9a-f]{64}$'),
  at timestamptz not null default clock_timestamp()
);

-- One client's last minute, and the hourly purge.
create index norman_access_attempts_client_at_idx on public.norman_access_attempts (client_key, at);
create index norman_access_attempts_at_idx on public.norman_access_attempts (at);

comment on table public.norman_access_attempts is
  'Password attempts on the Norman page, per client (SHA-256 of the address), kept an hour. Written only through norman_access_attempt() by the norman-access function.';

alter table public.norman_access_attempts enable row level security;

-- No policies: through the API, only the service role (which bypasses RLS) could see a row.
revoke all on table public.norman_access_attempts from anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- norman_access_attempt: record one, count the last minute's
-- ---------------------------------------------------------------------------------------------
create function public.norman_access_attempt(p_client text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  -- One client's attempts one after another: two at the same moment must not both count four.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('norman_access_attempt:' || p_client, 0));
  delete from public.norman_access_attempts where at < clock_timestamp() - interval '1 hour';
  insert into public.norman_access_attempts (client_key) values (p_client);
  select count(*)::integer
    into v_count
    from public.norman_access_attempts
   where client_key = p_client
     and at > clock_timestamp() - interval '60 seconds';
  return v_count;
end
$$;

comment on function public.norman_access_attempt(text) is
  'Records a Norman password attempt by p_client (SHA-256 hex of its address); returns its attempts in the last 60 seconds, this one included. Service role only.';

revoke execute on function public.norman_access_attempt(text) from public, anon, authenticated;
grant execute on function public.norman_access_attempt(text) to service_role;
