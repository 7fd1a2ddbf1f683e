-- public.gmail_accounts, as the migrations leave it (supabase/schemas/README.md: Changing a table).

create table public.gmail_accounts (
  id uuid default gen_random_uuid() not null,
  user_id uuid default auth.uid() not null,
  email_address text not null,
  account_status text default 'active'::text not null,
  created_at timestamp with time zone default now() not null,
  last_sync_at timestamp with time zone,
  connected_at timestamp with time zone default now() not null,
  status_detail text,
  constraint gmail_accounts_pkey PRIMARY KEY (id),
  constraint gmail_accounts_id_user_id_key UNIQUE (id, user_id),
  constraint gmail_accounts_one_row_per_address UNIQUE (user_id, email_address),
  constraint gmail_accounts_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint gmail_accounts_account_status_values CHECK (account_status = ANY (ARRAY['active'::text, 'error'::text, 'pending'::text, 'disconnected'::text])),
  constraint gmail_accounts_email_address_at_most_320_chars CHECK (char_length(email_address) <= 320),
  constraint gmail_accounts_email_address_format CHECK (email_address ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text),
  constraint gmail_accounts_status_detail_at_most_500_chars CHECK (char_length(status_detail) <= 500)
);

alter table public.gmail_accounts enable row level security;

create policy "gmail_accounts_delete_own" on public.gmail_accounts
  as permissive for delete to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

create policy "gmail_accounts_select_own" on public.gmail_accounts
  as permissive for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

revoke all on table public.gmail_accounts from public, anon, authenticated, service_role;
grant delete, select on table public.gmail_accounts to authenticated;
grant delete, insert, select, update on table public.gmail_accounts to service_role;

comment on table public.gmail_accounts is 'Gmail mailboxes a user connected. Written only by the OAuth function (service role); the owner may read and disconnect.';
