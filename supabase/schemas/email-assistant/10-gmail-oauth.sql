-- The email assistant's Gmail connection (docs/decisions/010-email-assistant.md): the gmail-oauth
-- edge function calls these with the service role; no client role may call them.

create or replace function public.gmail_oauth_start(
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

revoke execute on function public.gmail_oauth_start(uuid, text, text, text, timestamptz) from public, anon, authenticated;
grant execute on function public.gmail_oauth_start(uuid, text, text, text, timestamptz) to service_role;

-- Marks the state used and returns it, only if it belongs to p_user_id (the signed-in user who
-- completes the consent), was never used and has not expired: of two callbacks with one state,
-- exactly one gets a row.
create or replace function public.gmail_oauth_take_state(p_nonce text, p_user_id uuid)
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

revoke execute on function public.gmail_oauth_take_state(text, uuid) from public, anon, authenticated;
grant execute on function public.gmail_oauth_take_state(text, uuid) to service_role;

create or replace function public.gmail_connect_account(
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

revoke execute on function public.gmail_connect_account(uuid, text, text, text, timestamptz, text, text)
  from public, anon, authenticated;
grant execute on function public.gmail_connect_account(uuid, text, text, text, timestamptz, text, text) to service_role;
