-- public.gmail_thread_replies, as the migrations leave it (supabase/schemas/README.md: Changing a table).

create table public.gmail_thread_replies (
  gmail_account_id uuid not null,
  thread_id text not null,
  email_log_id uuid,
  claimed_at timestamp with time zone default now() not null,
  mailbox text not null,
  constraint gmail_thread_replies_pkey PRIMARY KEY (mailbox, thread_id),
  constraint gmail_thread_replies_email_log_id_fkey FOREIGN KEY (email_log_id) REFERENCES public.email_logs(id) ON DELETE SET NULL,
  constraint gmail_thread_replies_gmail_account_id_fkey FOREIGN KEY (gmail_account_id) REFERENCES public.gmail_accounts(id) ON DELETE CASCADE,
  constraint gmail_thread_replies_mailbox_at_most_320_chars CHECK (char_length(mailbox) <= 320),
  constraint gmail_thread_replies_thread_id_at_most_200_chars CHECK (char_length(thread_id) <= 200)
);

create index gmail_thread_replies_account on public.gmail_thread_replies using btree (gmail_account_id, thread_id);

alter table public.gmail_thread_replies enable row level security;

revoke all on table public.gmail_thread_replies from public, anon, authenticated, service_role;
grant delete, insert, select, update on table public.gmail_thread_replies to service_role;

comment on table public.gmail_thread_replies is 'The one automatic reply per Gmail thread: claimed before the reply is sent. Service role only.';
