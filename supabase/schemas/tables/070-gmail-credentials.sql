-- public.gmail_credentials, as the migrations leave it (supabase/schemas/README.md: Changing a table).

create table public.gmail_credentials (
  gmail_account_id uuid not null,
  refresh_token text not null,
  access_token text,
  access_token_expires_at timestamp with time zone,
  scope text,
  history_id text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint gmail_credentials_pkey PRIMARY KEY (gmail_account_id),
  constraint gmail_credentials_gmail_account_id_fkey FOREIGN KEY (gmail_account_id) REFERENCES public.gmail_accounts(id) ON DELETE CASCADE,
  constraint gmail_credentials_access_token_at_most_4096_chars CHECK (char_length(access_token) <= 4096),
  constraint gmail_credentials_history_id_digits CHECK (history_id ~ '^[0-9]{1,20}$'::text),
  constraint gmail_credentials_refresh_token_at_most_2048_chars CHECK (char_length(refresh_token) <= 2048),
  constraint gmail_credentials_scope_at_most_2048_chars CHECK (char_length(scope) <= 2048)
);

alter table public.gmail_credentials enable row level security;

create trigger gmail_credentials_touch_updated_at BEFORE INSERT OR UPDATE ON public.gmail_credentials FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at();

revoke all on table public.gmail_credentials from public, anon, authenticated, service_role;
grant delete, insert, select, update on table public.gmail_credentials to service_role;

comment on table public.gmail_credentials is 'OAuth tokens and the Gmail history cursor of each connected account. Service role only: no client role may read or write it.';
