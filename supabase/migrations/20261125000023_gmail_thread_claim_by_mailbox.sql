-- One automatic reply per thread per mailbox, whichever Chloe account connected it
-- (docs/decisions/022-one-reply-per-mailbox.md): the claim is keyed by the mailbox's address, not
-- by the Chloe account's connection. The account that claimed stays recorded (who answered).
alter table public.gmail_thread_replies add column mailbox text;

update public.gmail_thread_replies r
   set mailbox = lower(a.email_address)
  from public.gmail_accounts a
 where a.id = r.gmail_account_id;

-- Two accounts of one mailbox may both have claimed a thread before this: the first claim stands.
delete from public.gmail_thread_replies r
 using public.gmail_thread_replies earlier
 where earlier.mailbox = r.mailbox
   and earlier.thread_id = r.thread_id
   and (earlier.claimed_at, earlier.gmail_account_id) < (r.claimed_at, r.gmail_account_id);

alter table public.gmail_thread_replies
  alter column mailbox set not null,
  add constraint gmail_thread_replies_mailbox_at_most_320_chars check (char_length(mailbox) <= 320),
  drop constraint gmail_thread_replies_pkey,
  add primary key (mailbox, thread_id);

-- Releasing a claim finds it by the account that made it.
create index gmail_thread_replies_account on public.gmail_thread_replies (gmail_account_id, thread_id);
