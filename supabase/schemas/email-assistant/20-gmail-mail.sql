-- The email assistant's mail handling: the gmail-auto-reply edge function calls these with the
-- service role (no client role may) to answer new mail once per thread and log every message it
-- looked at. Also the email_logs trigger that turns the logs of a disconnected mailbox into
-- tombstones.

-- The log of one message, made pending by the run that handles it. Returns its id to that run;
-- returns null when another run has it (a row exists that is not pending, or was made pending
-- less than five minutes ago). A pending row older than that was left by a run that stopped
-- half-way: this run takes it over.
create or replace function public.gmail_begin_message(
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

revoke execute on function public.gmail_begin_message(uuid, text, text, text, text, text, timestamptz)
  from public, anon, authenticated;
grant execute on function public.gmail_begin_message(uuid, text, text, text, text, text, timestamptz) to service_role;

-- The thread's one reply: true for the run that may send it. The claim is the mailbox's, not the
-- Chloe account's: two accounts that connected one shared inbox answer each thread once
-- (docs/decisions/022-one-reply-per-mailbox.md). Gmail's thread ids are the mailbox's own.
create or replace function public.gmail_claim_thread(p_gmail_account_id uuid, p_thread_id text, p_email_log_id uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_claimed boolean;
begin
  insert into public.gmail_thread_replies (mailbox, gmail_account_id, thread_id, email_log_id)
  select lower(a.email_address), a.id, p_thread_id, p_email_log_id
    from public.gmail_accounts a
   where a.id = p_gmail_account_id
  on conflict (mailbox, thread_id) do nothing
  returning true into v_claimed;
  return coalesce(v_claimed, false);
end
$$;

comment on function public.gmail_claim_thread(uuid, text, uuid) is
  'Claims the one automatic reply of a thread of the account''s mailbox (whichever Chloe account connected it) before it is sent; false when it was already claimed. Service role only.';

revoke execute on function public.gmail_claim_thread(uuid, text, uuid) from public, anon, authenticated;
grant execute on function public.gmail_claim_thread(uuid, text, uuid) to service_role;

-- Who answered a thread this account did not: the address of the other Chloe account whose
-- auto-reply claimed it (null when this account did, or nobody has), for the activity log.
create or replace function public.gmail_thread_answered_by(p_gmail_account_id uuid, p_thread_id text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select u.email::text
    from public.gmail_accounts mine
    join public.gmail_thread_replies r on r.mailbox = lower(mine.email_address) and r.thread_id = p_thread_id
    join public.gmail_accounts theirs on theirs.id = r.gmail_account_id
    join auth.users u on u.id = theirs.user_id
   where mine.id = p_gmail_account_id
     and theirs.user_id <> mine.user_id
$$;

comment on function public.gmail_thread_answered_by(uuid, text) is
  'The email address of the other Chloe account whose auto-reply answered this thread of the shared mailbox, or null. Service role only.';

revoke execute on function public.gmail_thread_answered_by(uuid, text) from public, anon, authenticated;
grant execute on function public.gmail_thread_answered_by(uuid, text) to service_role;

-- The caller's connected mailboxes that other Chloe accounts have connected too, as
-- {"<address, lower case>": <how many other accounts>}: the page says so (each thread still gets
-- one reply). No names.
create or replace function public.gmail_shared_mailboxes()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(t.mailbox, t.others), '{}'::jsonb)
    from (
      select lower(mine.email_address) as mailbox, count(distinct theirs.user_id)::integer as others
        from public.gmail_accounts mine
        join public.gmail_accounts theirs
          on lower(theirs.email_address) = lower(mine.email_address) and theirs.user_id <> mine.user_id
       where mine.user_id = (select auth.uid())
         and theirs.account_status <> 'disconnected'
       group by lower(mine.email_address)
    ) t
$$;

comment on function public.gmail_shared_mailboxes() is
  'The caller''s connected mailboxes that other Chloe accounts also connected: {address: how many others}, no names.';

revoke execute on function public.gmail_shared_mailboxes() from public, anon;
grant execute on function public.gmail_shared_mailboxes() to authenticated;

-- A reply that certainly did not go out gives the thread back, so a later message may be answered.
create or replace function public.gmail_release_thread(p_gmail_account_id uuid, p_thread_id text, p_email_log_id uuid)
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

revoke execute on function public.gmail_release_thread(uuid, text, uuid) from public, anon, authenticated;
grant execute on function public.gmail_release_thread(uuid, text, uuid) to service_role;

-- The history cursor only moves forward: of two overlapping runs, the later position stands.
create or replace function public.gmail_advance_cursor(p_gmail_account_id uuid, p_history_id text)
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

revoke execute on function public.gmail_advance_cursor(uuid, text) from public, anon, authenticated;
grant execute on function public.gmail_advance_cursor(uuid, text) to service_role;

-- BEFORE UPDATE of gmail_account_id on email_logs. Disconnecting a mailbox (its owner deletes the
-- gmail_accounts row) clears the logs' account; this then marks them deleted, with what they said
-- erased, so the deletion reaches every device (a hard delete is never pulled). It fires before
-- the stamping trigger (name order: e... before s...).
create or replace function public.email_logs_mailbox_gone()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.gmail_account_id is null then
    new._deleted := true;
    -- The user removed the mailbox: what its emails said goes with it.
    new.sender_email := '';
    new.sender_name := null;
    new.subject := null;
  end if;
  return new;
end
$$;

comment on function public.email_logs_mailbox_gone() is
  'BEFORE UPDATE on email_logs: a log whose mailbox was disconnected becomes a soft-deleted tombstone (pulled by devices), its content erased.';

revoke execute on function public.email_logs_mailbox_gone() from public, anon, authenticated;
