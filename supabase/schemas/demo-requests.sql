-- Demo requests: the table is open to anonymous inserts (the forms work signed out), so the server
-- bounds what one client can store. An attack run once sent 2,000 requests (10 MB) in one call,
-- dated 2000-01-01.

-- BEFORE INSERT, each row, for API clients: the server's time, whatever the client sent; and
-- bounds a flood from a few places cannot turn into a refusal for everyone else:
--   - 20 an hour from one client (an office shares one address);
--   - 40 an hour from one network (an IPv4 /24, an IPv6 /48: one client holds many addresses);
--   - 500 an hour in all, counting only requests from places that already sent one this hour,
--     so a place's first request of the hour is never refused by what others sent;
--   - 5,000 an hour in all, whatever they are: what is stored stays bounded.
-- The client is its address as the platform gives it (cf-connecting-ip behind Cloudflare, else
-- the last x-forwarded-for entry, which the platform's proxy appended), kept only as SHA-256s in
-- demo_request_attempts for a day.
create or replace function public.guard_demo_request()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_headers jsonb := coalesce(nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb, '{}'::jsonb);
  v_address text := coalesce(
    nullif(pg_catalog.btrim(v_headers ->> 'cf-connecting-ip'), ''),
    nullif(pg_catalog.btrim(pg_catalog.substring(v_headers ->> 'x-forwarded-for', '([^,]*)$')), ''),
    'unknown');
  v_client text := pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(v_address, 'UTF8')), 'hex');
  v_network text := 'unknown';
  v_hour timestamptz := pg_catalog.clock_timestamp() - interval '1 hour';
  v_first boolean;
begin
  if not public.is_api_client() then
    return new;
  end if;
  new.created_at := pg_catalog.now();
  begin
    v_network := pg_catalog.host(pg_catalog.network(pg_catalog.set_masklen(v_address::inet,
      case pg_catalog.family(v_address::inet) when 4 then 24 else 48 end)));
  exception when others then
    v_network := 'unknown';
  end;
  v_network := pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(v_network, 'UTF8')), 'hex');
  -- One network's requests one after another, so two at once cannot both be the last one allowed.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('demo_request:' || v_network, 0));
  delete from public.demo_request_attempts where at < pg_catalog.clock_timestamp() - interval '1 day';
  if (select count(*) from public.demo_request_attempts where client_key = v_client and at > v_hour) >= 20 then
    raise exception 'demo_requests_too_many_from_client: at most 20 demo requests an hour from one place'
      using errcode = '54000', constraint = 'demo_requests_too_many_from_client';
  end if;
  if (select count(*) from public.demo_request_attempts where network_key = v_network and at > v_hour) >= 40 then
    raise exception 'demo_requests_too_many_from_network: at most 40 demo requests an hour from one network'
      using errcode = '54000', constraint = 'demo_requests_too_many_from_network';
  end if;
  v_first := not exists (select from public.demo_request_attempts where network_key = v_network and at > v_hour);
  if (not v_first and (select count(*) from public.demo_request_attempts
                        where not first_this_hour and at > v_hour) >= 500)
     or (select count(*) from public.demo_request_attempts where at > v_hour) >= 5000 then
    raise exception 'demo_requests_too_many: too many demo requests this hour'
      using errcode = '54000', constraint = 'demo_requests_too_many';
  end if;
  insert into public.demo_request_attempts (client_key, network_key, first_this_hour) values (v_client, v_network, v_first);
  return new;
end
$$;

comment on function public.guard_demo_request() is
  'Trigger: a demo request from an API client gets the server''s time and counts against 20 an hour per client, 40 per network, 500 repeats an hour in all and 5,000 an hour in all.';

revoke execute on function public.guard_demo_request() from public, anon, authenticated;

-- AFTER INSERT, once per statement: one demo request per call (the forms send one).
create or replace function public.one_demo_request_per_call()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if public.is_api_client() and (select count(*) from inserted_requests) > 1 then
    raise exception 'demo_requests_one_per_request: one demo request per call'
      using errcode = '54000', constraint = 'demo_requests_one_per_request';
  end if;
  return null;
end
$$;

comment on function public.one_demo_request_per_call() is
  'Trigger: an API client inserts one demo request per statement.';

revoke execute on function public.one_demo_request_per_call() from public, anon, authenticated;
