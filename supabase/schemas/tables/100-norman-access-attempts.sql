-- public.norman_access_attempts, as the migrations leave it (supabase/schemas/README.md: Changing a table).

create table public.norman_access_attempts (
  id bigint generated always as identity,
  client_key text not null,
  at timestamp with time zone default clock_timestamp() not null,
  constraint norman_access_attempts_pkey PRIMARY KEY (id),
  constraint norman_access_attempts_client_key_format CHECK (client_key ~ '^[0-9a-f]{64}$'::text)
);

create index norman_access_attempts_at_idx on public.norman_access_attempts using btree (at);
create index norman_access_attempts_client_at_idx on public.norman_access_attempts using btree (client_key, at);

alter table public.norman_access_attempts enable row level security;

revoke all on table public.norman_access_attempts from public, anon, authenticated, service_role;
grant delete, insert, select, update on table public.norman_access_attempts to service_role;
revoke all on sequence public.norman_access_attempts_id_seq from public, anon, authenticated, service_role;
grant select, usage on sequence public.norman_access_attempts_id_seq to service_role;

comment on table public.norman_access_attempts is 'Password attempts on the Norman page, per client (SHA-256 of the address), kept an hour. Written only through norman_access_attempt() by the norman-access function.';
