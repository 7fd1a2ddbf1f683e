-- Issue 16: the email assistant's server half. Gmail accounts are connected through OAuth by the
-- gmail-oauth function, and the gmail-auto-reply function answers new mail once per thread and
-- logs every message it looked at. Everything below is written by those functions with the
-- service role; a browser reads only gmail_accounts and email_logs (its own rows, as before).
--
--  1. gmail_accounts: when the account was last (re)connected, and why it is in error.
--  2. email_logs: which Gmail message and thread a log is about (one log per message), and the
--     reason for its status (why it was skipped or failed). Bounds on the text the function
--     copies from other people's mail.
--  3. gmail_credentials: the OAuth tokens and the Gmail history cursor. No client role may read
--     or write them: RLS on, no policies, no privileges for anon or authenticated.
--  4. gmail_oauth_states: each consent started by a user, used once (a replayed callback is
--     refused) and only by that user, with the PKCE verifier that never leaves the server.
--  5. gmail_thread_replies: the claim on a thread, taken before a reply is sent, so two runs that
--     overlap never both answer one conversation.
--  6. Functions the service role calls: start and take an OAuth state, connect an account, begin a
--     message's log (one per message, even with two runs at once), claim a thread.

-- ---------------------------------------------------------------------------------------------
-- gmail_accounts
-- ---------------------------------------------------------------------------------------------
alter table public.gmail_accounts
  -- Moves on every (re)connection: the dashboard sees a reconnected mailbox as connected even
  -- though the number of accounts did not grow.
  add column connected_at timestamptz not null default now(),
  -- Why the account is in error, in words for its owner ('Gmail access was revoked ...').
  add column status_detail text
    constraint gmail_accounts_status_detail_at_most_500_chars check (char_length(status_detail) <= 500),
  add constraint gmail_accounts_email_address_at_most_320_chars check (char_length(email_address) <= 320) not valid;

alter table public.gmail_accounts validate constraint gmail_accounts_email_address_at_most_320_chars;

-- ---------------------------------------------------------------------------------------------
-- email_logs
-- ---------------------------------------------------------------------------------------------
alter table public.email_logs
  add column gmail_message_id text
    constraint email_logs_gmail_message_id_at_most_200_chars check (char_length(gmail_message_id) <= 200),
  add column gmail_thread_id text
    constraint email_logs_gmail_thread_id_at_most_200_chars check (char_length(gmail_thread_id) <= 200),
  add column reason text
    constraint email_logs_reason_at_most_500_chars check (char_length(reason) <= 500),
  add constraint email_logs_sender_email_at_most_320_chars check (char_length(sender_email) <= 320) not valid,
  add constraint email_logs_sender_name_at_most_200_chars check (char_length(sender_name) <= 200) not valid,
  add constraint email_logs_subject_at_most_1000_chars check (char_length(subject) <= 1000) not valid;

alter table public.email_logs
  validate constraint email_logs_sender_email_at_most_320_chars,
  validate constraint email_logs_sender_name_at_most_200_chars,
  validate constraint email_logs_subject_at_most_1000_chars;

-- One log per message of a mailbox: the second of two overlapping runs finds the first one's row.
create unique index email_logs_one_per_gmail_message
  on public.email_logs (gmail_account_id, gmail_message_id)
  where gmail_message_id is not null;

comment on column public.email_logs.reason is
  'Why the message was skipped or the reply failed, in words for the owner; null when replied.';

-- ---------------------------------------------------------------------------------------------
-- gmail_credentials (service role only)
-- ---------------------------------------------------------------------------------------------
create table public.gmail_credentials (
  gmail_account_id uuid primary key references public.gmail_accounts (id) on delete cascade,
  refresh_token text not null
    constraint gmail_credentials_refresh_token_at_most_2048_chars check (char_length(refresh_token) <= 2048),
  access_token text
    constraint gmail_credentials_access_token_at_most_4096_chars check (char_length(access_token) <= 4096),
  access_token_expires_at timestamptz,
  scope text constraint gmail_credentials_scope_at_most_2048_chars check (char_length(scope) <= 2048),
  -- Gmail's history id: mail added after it is new. Digits only (a uint64 in Gmail's API).
  history_id text constraint gmail_credentials_history_id_digits check (history_id ~ '^[0-9]{1,20}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.gmail_credentials is
  'OAuth tokens and the Gmail history cursor of each connected account. Service role only: no client role may read or write it.';

create trigger gmail_credentials_touch_updated_at
  before insert or update on public.gmail_credentials
  for each row execute function public.touch_updated_at();

alter table public.gmail_credentials enable row level security;
revoke all on table public.gmail_credentials from anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- gmail_oauth_states (service role only)
-- ---------------------------------------------------------------------------------------------
create table public.gmail_oauth_states (
  nonce text primary key constraint gmail_oauth_states_nonce_format check (nonce ~ '^[A-Za-z0-9_-]{22,64}$'),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- PKCE (RFC 7636): 43 to 128 characters of [A-Za-z0-9-._~].
  code_verifier text not null
    constraint gmail_oauth_states_code_verifier_format check (code_verifier ~ '^[A-Za-z0-9._~-]{43,128}$'),
  -- The app that started it (one of the function's APP_ORIGINS): Google sends the popup back to
  -- its callback page, and the code is exchanged with that same redirect URI.
  return_origin text not null
    constraint gmail_oauth_states_return_origin_is_http_url check (public.is_http_url(return_origin))
    constraint gmail_oauth_states_return_origin_at_most_2048_chars check (char_length(return_origin) <= 2048),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

create index gmail_oauth_states_created_at_idx on public.gmail_oauth_states (created_at);

comment on table public.gmail_oauth_states is
  'Gmail consents started by users: each state is used once, before it expires. Service role only.';

alter table public.gmail_oauth_states enable row level security;
revoke all on table public.gmail_oauth_states from anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- gmail_thread_replies (service role only)
-- ---------------------------------------------------------------------------------------------
create table public.gmail_thread_replies (
  gmail_account_id uuid not null references public.gmail_accounts (id) on delete cascade,
  thread_id text not null constraint gmail_thread_replies_thread_id_at_most_200_chars check (char_length(thread_id) <= 200),
  -- The log of the message that was (or is being) answered.
  email_log_id uuid references public.email_logs (id) on delete set null,
  claimed_at timestamptz not null default now(),
  primary key (gmail_account_id, thread_id)
);

comment on table public.gmail_thread_replies is
  'The one automatic reply per Gmail thread: claimed before the reply is sent. Service role only.';

alter table public.gmail_thread_replies enable row level security;
revoke all on table public.gmail_thread_replies from anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- OAuth states
-- ---------------------------------------------------------------------------------------------
create function public.gmail_oauth_start(
  p_user_id uuid, p_nonce text, p_code_verifier text, p_return_origin text, p_expires_at timestamptz
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  -- Consents nobody finished are forgotten after a day.
  delete from public.gmail_oauth_states where created_at < now() - interval '1 day';
  insert into public.gmail_oauth_states (nonce, user_id, code_verifier, return_origin, expires_at)
  values (p_nonce, p_user_id, p_code_verifier, p_return_origin, p_expires_at);
end
$$;

comment on function public.gmail_oauth_start(uuid, text, text, text, timestamptz) is
  'Records a Gmail consent a user started (gmail-oauth initiate). Service role only.';

-- Marks the state used and returns it, only if it belongs to p_user_id (the signed-in user who
-- completes the consent), was never used and has not expired: of two callbacks with one state,
-- exactly one gets a row.
create function public.gmail_oauth_take_state(p_nonce text, p_user_id uuid)
returns table (code_verifier text, return_origin text)
language sql
volatile
security definer
set search_path = ''
as $$
  update public.gmail_oauth_states as s
     set used_at = now()
   where s.nonce = p_nonce
     and s.user_id = p_user_id
     and s.used_at is null
     and s.expires_at > now()
  returning s.code_verifier, s.return_origin
$$;

comment on function public.gmail_oauth_take_state(text, uuid) is
  'Uses a Gmail consent state once (gmail-oauth complete): its PKCE verifier and return origin, or no row when used, expired or not this user''s. Service role only.';

-- ---------------------------------------------------------------------------------------------
-- Connecting an account
-- ---------------------------------------------------------------------------------------------
create function public.gmail_connect_account(
  p_user_id uuid,
  p_email_address text,
  p_refresh_token text,
  p_access_token text,
  p_access_token_expires_at timestamptz,
  p_scope text,
  p_history_id text
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  -- Reconnecting the same mailbox updates its row: active again, the error gone.
  insert into public.gmail_accounts (user_id, email_address, account_status, connected_at, status_detail)
  values (p_user_id, lower(p_email_address), 'active', now(), null)
  on conflict on constraint gmail_accounts_one_row_per_address do update
    set account_status = 'active', connected_at = now(), status_detail = null
  returning id into v_id;

  -- Google sends a refresh token with a new consent; if it ever does not, the last one stays.
  -- The history cursor moves to now: mail from before the connection is not answered.
  insert into public.gmail_credentials (
    gmail_account_id, refresh_token, access_token, access_token_expires_at, scope, history_id
  ) values (
    v_id, p_refresh_token, p_access_token, p_access_token_expires_at, p_scope, p_history_id
  )
  on conflict (gmail_account_id) do update
    set refresh_token = coalesce(excluded.refresh_token, public.gmail_credentials.refresh_token),
        access_token = excluded.access_token,
        access_token_expires_at = excluded.access_token_expires_at,
        scope = excluded.scope,
        history_id = coalesce(excluded.history_id, public.gmail_credentials.history_id);
  return v_id;
end
$$;

comment on function public.gmail_connect_account(uuid, text, text, text, timestamptz, text, text) is
  'Upserts a connected Gmail account and its tokens (gmail-oauth complete). Service role only.';

-- ---------------------------------------------------------------------------------------------
-- Processing mail
-- ---------------------------------------------------------------------------------------------
-- The log of one message, made pending by the run that handles it. Returns its id to that run;
-- returns null when another run has it (a row exists that is not pending, or was made pending
-- less than five minutes ago). A pending row older than that was left by a run that stopped
-- half-way: this run takes it over.
create function public.gmail_begin_message(
  p_gmail_account_id uuid,
  p_gmail_message_id text,
  p_gmail_thread_id text,
  p_sender_email text,
  p_sender_name text,
  p_subject text,
  p_received_at timestamptz
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user_id uuid;
  v_id uuid;
begin
  select a.user_id into v_user_id from public.gmail_accounts as a where a.id = p_gmail_account_id;
  if v_user_id is null then
    return null;
  end if;

  insert into public.email_logs (
    user_id, gmail_account_id, gmail_message_id, gmail_thread_id, sender_email, sender_name, subject,
    received_at, reply_status
  ) values (
    v_user_id, p_gmail_account_id, p_gmail_message_id, p_gmail_thread_id, p_sender_email, p_sender_name,
    p_subject, p_received_at, 'pending'
  )
  on conflict (gmail_account_id, gmail_message_id) where gmail_message_id is not null do nothing
  returning id into v_id;
  if v_id is not null then
    return v_id;
  end if;

  update public.email_logs as l
     set reason = null
   where l.gmail_account_id = p_gmail_account_id
     and l.gmail_message_id = p_gmail_message_id
     and l.reply_status = 'pending'
     and l.updated_at < now() - interval '5 minutes'
  returning l.id into v_id;
  return v_id;
end
$$;

comment on function public.gmail_begin_message(uuid, text, text, text, text, text, timestamptz) is
  'Makes the pending log of one Gmail message for the run that handles it; null when another run has it. Service role only.';

-- The thread's one reply: true for the run that may send it.
create function public.gmail_claim_thread(p_gmail_account_id uuid, p_thread_id text, p_email_log_id uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_claimed boolean;
begin
  insert into public.gmail_thread_replies (gmail_account_id, thread_id, email_log_id)
  values (p_gmail_account_id, p_thread_id, p_email_log_id)
  on conflict (gmail_account_id, thread_id) do nothing
  returning true into v_claimed;
  return coalesce(v_claimed, false);
end
$$;

comment on function public.gmail_claim_thread(uuid, text, uuid) is
  'Claims the one automatic reply of a Gmail thread before it is sent; false when it was already claimed. Service role only.';

-- A reply that certainly did not go out gives the thread back, so a later message may be answered.
create function public.gmail_release_thread(p_gmail_account_id uuid, p_thread_id text, p_email_log_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from public.gmail_thread_replies
   where gmail_account_id = p_gmail_account_id
     and thread_id = p_thread_id
     and email_log_id = p_email_log_id
$$;

comment on function public.gmail_release_thread(uuid, text, uuid) is
  'Gives back a thread whose reply certainly failed. Service role only.';

-- The history cursor only moves forward: of two overlapping runs, the later position stands.
create function public.gmail_advance_cursor(p_gmail_account_id uuid, p_history_id text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.gmail_credentials
     set history_id = p_history_id
   where gmail_account_id = p_gmail_account_id
     and (history_id is null or p_history_id::numeric > history_id::numeric);
  update public.gmail_accounts set last_sync_at = now() where id = p_gmail_account_id;
$$;

comment on function public.gmail_advance_cursor(uuid, text) is
  'Moves an account''s Gmail history cursor forward (never back) and stamps last_sync_at. Service role only.';

revoke execute on function public.gmail_oauth_start(uuid, text, text, text, timestamptz) from public, anon, authenticated;
revoke execute on function public.gmail_oauth_take_state(text, uuid) from public, anon, authenticated;
revoke execute on function public.gmail_connect_account(uuid, text, text, text, timestamptz, text, text)
  from public, anon, authenticated;
revoke execute on function public.gmail_begin_message(uuid, text, text, text, text, text, timestamptz)
  from public, anon, authenticated;
revoke execute on function public.gmail_claim_thread(uuid, text, uuid) from public, anon, authenticated;
revoke execute on function public.gmail_release_thread(uuid, text, uuid) from public, anon, authenticated;
revoke execute on function public.gmail_advance_cursor(uuid, text) from public, anon, authenticated;

grant execute on function public.gmail_oauth_start(uuid, text, text, text, timestamptz) to service_role;
grant execute on function public.gmail_oauth_take_state(text, uuid) to service_role;
grant execute on function public.gmail_connect_account(uuid, text, text, text, timestamptz, text, text) to service_role;
grant execute on function public.gmail_begin_message(uuid, text, text, text, text, text, timestamptz) to service_role;
grant execute on function public.gmail_claim_thread(uuid, text, uuid) to service_role;
grant execute on function public.gmail_release_thread(uuid, text, uuid) to service_role;
grant execute on function public.gmail_advance_cursor(uuid, text) to service_role;
