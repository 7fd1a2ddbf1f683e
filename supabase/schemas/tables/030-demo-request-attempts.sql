-- public.demo_request_attempts, as the migrations leave it (supabase/schemas/README.md: Changing a table).

create table public.demo_request_attempts (
  id bigserial,
  client_key text not null,
  at timestamp with time zone default clock_timestamp() not null,
  network_key text default 'unknown'::text not null,
  first_this_hour boolean default false not null,
  constraint demo_request_attempts_pkey PRIMARY KEY (id)
);

create index demo_request_attempts_at on public.demo_request_attempts using btree (at);
create index demo_request_attempts_client_at on public.demo_request_attempts using btree (client_key, at);
create index demo_request_attempts_network_at on public.demo_request_attempts using btree (network_key, at);

alter table public.demo_request_attempts enable row level security;

revoke all on table public.demo_request_attempts from public, anon, authenticated, service_role;
grant delete, insert, select, update on table public.demo_request_attempts to service_role;
revoke all on sequence public.demo_request_attempts_id_seq from public, anon, authenticated, service_role;
grant select, usage on sequence public.demo_request_attempts_id_seq to service_role;

comment on table public.demo_request_attempts is 'Demo requests per client and per network (SHA-256 of the address and of its /24 or /48), kept a day: the rate limits of guard_demo_request. No API access.';
