-- Per-user data of the signed-in product: saved properties (synced, local-first) and the email
-- assistant (online only): connected Gmail accounts, the log of handled emails, auto-reply settings.
--
-- Privileges: hosted Supabase grants the API roles every privilege on new public tables. Each
-- table below first revokes them and grants back only the operations a client may perform, so an
-- operation no client may ever do fails loudly with 42501 instead of silently matching no rows;
-- RLS then decides which rows. The service role keeps everything (it bypasses RLS).

-- ---------------------------------------------------------------------------------------------
-- saved_properties (synced)
-- ---------------------------------------------------------------------------------------------
create table public.saved_properties (
  -- Made on the device with crypto.randomUUID() so an offline insert has its final id.
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  title text,
  address text,
  price numeric constraint saved_properties_price_not_negative check (price >= 0),
  bedrooms integer constraint saved_properties_bedrooms_not_negative check (bedrooms >= 0),
  property_type text,
  key_features text[] not null default '{}'
    constraint saved_properties_key_features_no_nulls check (array_position(key_features, null) is null),
  agent_name text,
  agency_name text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  -- Rows are never hard-deleted by clients: a deletion must reach the other devices via pull.
  _deleted boolean not null default false
);

comment on table public.saved_properties is
  'Properties a user saved. Synced to devices by (_modified, id); soft-deleted through _deleted.';

-- Pull checkpoints read one user's rows in (_modified, id) order.
create index saved_properties_user_sync_idx on public.saved_properties (user_id, _modified, id);

create trigger saved_properties_stamp_sync_columns
  before insert or update on public.saved_properties
  for each row execute function public.stamp_sync_columns();

alter table public.saved_properties enable row level security;

revoke all on table public.saved_properties from anon, authenticated;
-- No delete: clients delete by setting _deleted (hard deletes would never be pulled).
grant select, insert, update on table public.saved_properties to authenticated;

create policy saved_properties_select_own on public.saved_properties
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy saved_properties_insert_own on public.saved_properties
  for insert to authenticated
  with check (user_id = (select auth.uid()));

-- WITH CHECK as well as USING: a row cannot be handed over to another user.
create policy saved_properties_update_own on public.saved_properties
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------
-- gmail_accounts
-- ---------------------------------------------------------------------------------------------
-- OAuth tokens are deliberately NOT here: this table is readable by its owner's browser. A
-- service-role-only credentials table holds them (added with the OAuth function).
create table public.gmail_accounts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  email_address text not null
    constraint gmail_accounts_email_address_format check (email_address ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  account_status text not null default 'active'
    constraint gmail_accounts_account_status_values
      check (account_status in ('active', 'error', 'pending', 'disconnected')),
  created_at timestamptz not null default now(),
  last_sync_at timestamptz,
  -- Reconnecting the same mailbox updates its row instead of listing it twice.
  constraint gmail_accounts_one_row_per_address unique (user_id, email_address),
  -- Target of email_logs' composite foreign key (a log's account belongs to the log's user).
  constraint gmail_accounts_id_user_id_key unique (id, user_id)
);

comment on table public.gmail_accounts is
  'Gmail mailboxes a user connected. Written only by the OAuth function (service role); the owner may read and disconnect.';

alter table public.gmail_accounts enable row level security;

revoke all on table public.gmail_accounts from anon, authenticated;
-- Insert/update happen in the OAuth edge function with the service role, never from the browser.
grant select, delete on table public.gmail_accounts to authenticated;

create policy gmail_accounts_select_own on public.gmail_accounts
  for select to authenticated
  using (user_id = (select auth.uid()));

-- Disconnecting a mailbox deletes its row (and, by cascade, its email logs).
create policy gmail_accounts_delete_own on public.gmail_accounts
  for delete to authenticated
  using (user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------
-- email_logs
-- ---------------------------------------------------------------------------------------------
create table public.email_logs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  gmail_account_id uuid not null,
  sender_email text not null,
  sender_name text,
  subject text,
  received_at timestamptz not null default now(),
  reply_status text not null default 'pending'
    constraint email_logs_reply_status_values
      check (reply_status in ('replied', 'pending', 'failed', 'skipped')),
  replied_at timestamptz,
  created_at timestamptz not null default now(),
  constraint email_logs_replied_has_replied_at check (reply_status <> 'replied' or replied_at is not null),
  -- Composite key: the account must belong to the same user as the log, so RLS on user_id can
  -- never show a user logs of someone else's mailbox.
  constraint email_logs_account_belongs_to_user foreign key (gmail_account_id, user_id)
    references public.gmail_accounts (id, user_id) on delete cascade
);

comment on table public.email_logs is
  'Emails the assistant handled. Written only by server functions (service role); read-only for the owner.';

-- The dashboard lists a user's newest logs (capped at 100); the assistant reads the last 24 hours.
create index email_logs_user_received_idx on public.email_logs (user_id, received_at desc);
create index email_logs_gmail_account_idx on public.email_logs (gmail_account_id, user_id);

alter table public.email_logs enable row level security;

revoke all on table public.email_logs from anon, authenticated;
grant select on table public.email_logs to authenticated;

create policy email_logs_select_own on public.email_logs
  for select to authenticated
  using (user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------
-- auto_reply_settings (one row per user)
-- ---------------------------------------------------------------------------------------------
create table public.auto_reply_settings (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  enabled boolean not null default true,
  reply_template text not null default E'Hi {first_name},\n\n'
    'Thank you for your email. I''m Chloe, the AI assistant for our team, and I''ll make sure '
    'the right person gets back to you shortly.\n\n'
    'In the meantime, you can book a quick demo at a time that suits you: {demo_link}\n\n'
    'Kind regards,\nChloe',
  -- Empty or an http(s) address: the link is pasted into outgoing emails.
  demo_link text
    constraint auto_reply_settings_demo_link_is_http_url
      check (demo_link is null or demo_link = '' or demo_link ~* '^https?://[^\s]+$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.auto_reply_settings is
  'Per-user auto-reply configuration; the template may use {first_name} and {demo_link}.';

create trigger auto_reply_settings_touch_updated_at
  before insert or update on public.auto_reply_settings
  for each row execute function public.touch_updated_at();

alter table public.auto_reply_settings enable row level security;

revoke all on table public.auto_reply_settings from anon, authenticated;
-- insert + update (and select) make an upsert from the settings tab work.
grant select, insert, update on table public.auto_reply_settings to authenticated;

create policy auto_reply_settings_select_own on public.auto_reply_settings
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy auto_reply_settings_insert_own on public.auto_reply_settings
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy auto_reply_settings_update_own on public.auto_reply_settings
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
