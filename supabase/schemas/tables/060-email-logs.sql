-- public.email_logs, as the migrations leave it (supabase/schemas/README.md: Changing a table).

create table public.email_logs (
  id uuid default gen_random_uuid() not null,
  user_id uuid default auth.uid() not null,
  gmail_account_id uuid,
  sender_email text not null,
  sender_name text,
  subject text,
  received_at timestamp with time zone default now() not null,
  reply_status text default 'pending'::text not null,
  replied_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  _modified timestamp with time zone default clock_timestamp() not null,
  _deleted boolean default false not null,
  _writer text,
  gmail_message_id text,
  gmail_thread_id text,
  reason text,
  _writer_seq bigint,
  constraint email_logs_pkey PRIMARY KEY (id),
  constraint email_logs_account_belongs_to_user FOREIGN KEY (gmail_account_id, user_id) REFERENCES public.gmail_accounts(id, user_id) ON DELETE SET NULL (gmail_account_id),
  constraint email_logs_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint email_logs_gmail_message_id_at_most_200_chars CHECK (char_length(gmail_message_id) <= 200),
  constraint email_logs_gmail_thread_id_at_most_200_chars CHECK (char_length(gmail_thread_id) <= 200),
  constraint email_logs_reason_at_most_500_chars CHECK (char_length(reason) <= 500),
  constraint email_logs_replied_has_replied_at CHECK (reply_status <> 'replied'::text OR replied_at IS NOT NULL),
  constraint email_logs_reply_status_values CHECK (reply_status = ANY (ARRAY['replied'::text, 'pending'::text, 'failed'::text, 'skipped'::text])),
  constraint email_logs_sender_email_at_most_320_chars CHECK (char_length(sender_email) <= 320),
  constraint email_logs_sender_name_at_most_200_chars CHECK (char_length(sender_name) <= 200),
  constraint email_logs_subject_at_most_1000_chars CHECK (char_length(subject) <= 1000),
  constraint email_logs_without_account_is_deleted CHECK (gmail_account_id IS NOT NULL OR _deleted),
  constraint email_logs_writer_length CHECK (length(_writer) <= 64)
);

create index email_logs_gmail_account_idx on public.email_logs using btree (gmail_account_id, user_id);
create index email_logs_user_received_idx on public.email_logs using btree (user_id, received_at DESC);
create index email_logs_user_sync_idx on public.email_logs using btree (user_id, _modified, id);
create unique index email_logs_one_per_gmail_message on public.email_logs using btree (gmail_account_id, gmail_message_id) WHERE (gmail_message_id IS NOT NULL);

alter table public.email_logs enable row level security;

create policy "email_logs_select_own" on public.email_logs
  as permissive for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

create trigger email_logs_announce_insert AFTER INSERT ON public.email_logs REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.announce_sync_change('user_id');

create trigger email_logs_announce_update AFTER UPDATE ON public.email_logs REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.announce_sync_change('user_id');

create trigger email_logs_mailbox_gone BEFORE UPDATE OF gmail_account_id ON public.email_logs FOR EACH ROW EXECUTE FUNCTION public.email_logs_mailbox_gone();

create trigger email_logs_stamp_sync_columns BEFORE INSERT OR UPDATE ON public.email_logs FOR EACH ROW EXECUTE FUNCTION public.stamp_sync_columns();

revoke all on table public.email_logs from public, anon, authenticated, service_role;
grant select on table public.email_logs to authenticated;
grant delete, insert, select, update on table public.email_logs to service_role;

comment on table public.email_logs is 'Emails the assistant handled. Written only by server functions (service role); read-only for the owner. Synced down to devices by (_modified, id) (pull only); delete by setting _deleted, never by a hard delete.';
comment on column public.email_logs.reason is 'Why the message was skipped or the reply failed, in words for the owner; null when replied.';
