-- public.gmail_oauth_states, as the migrations leave it (supabase/schemas/README.md: Changing a table).

create table public.gmail_oauth_states (
  nonce text not null,
  user_id uuid not null,
  code_verifier text not null,
  return_origin text not null,
  expires_at timestamp with time zone not null,
  used_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  constraint gmail_oauth_states_pkey PRIMARY KEY (nonce),
  constraint gmail_oauth_states_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint gmail_oauth_states_code_verifier_format CHECK (code_verifier ~ '^[A-Za-z0-9._~-]{43,128}$'::text),
  constraint gmail_oauth_states_nonce_format CHECK (nonce ~ '^[A-Za-z0-9_-]{22,64}$'::text),
  constraint gmail_oauth_states_return_origin_at_most_2048_chars CHECK (char_length(return_origin) <= 2048),
  constraint gmail_oauth_states_return_origin_is_http_url CHECK (public.is_http_url(return_origin))
);

create index gmail_oauth_states_created_at_idx on public.gmail_oauth_states using btree (created_at);

alter table public.gmail_oauth_states enable row level security;

revoke all on table public.gmail_oauth_states from public, anon, authenticated, service_role;
grant delete, insert, select, update on table public.gmail_oauth_states to service_role;

comment on table public.gmail_oauth_states is 'Gmail consents started by users: each state is used once, before it expires. Service role only.';
