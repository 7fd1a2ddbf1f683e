-- The Norman page's password is checked by the norman-access edge function
-- (docs/decisions/009-norman-access.md); its attempts are limited per client here, in Postgres, so
-- that the limit holds whichever of the function's instances answers. The function refuses the
-- sixth attempt in a minute.

-- Records an attempt under a SHA-256 (hex) of the client's address, never the address itself,
-- and says how many this client made in the last 60 seconds, this one included. Attempts are
-- kept an hour at most. Only the service role (the function) may call it.
create or replace function public.norman_access_attempt(p_client text)
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
