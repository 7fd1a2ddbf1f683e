-- public.share_agreement_status, as the migrations leave it (supabase/schemas/README.md: Changing a table).

create table public.share_agreement_status (
  id uuid default gen_random_uuid() not null,
  subscription_id uuid not null,
  user_id uuid not null,
  agreement_generated boolean default false not null,
  agreement_signed boolean default false not null,
  cancellation_deadline date,
  payment_received boolean default false not null,
  shares_issued boolean default false not null,
  share_certificate_issued boolean default false not null,
  eis_documentation_sent boolean default false not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  _modified timestamp with time zone default clock_timestamp() not null,
  _deleted boolean default false not null,
  _writer text,
  _writer_seq bigint,
  constraint share_agreement_status_pkey PRIMARY KEY (id),
  constraint share_agreement_status_one_per_subscription UNIQUE (subscription_id),
  constraint share_agreement_status_subscription_fkey FOREIGN KEY (subscription_id, user_id) REFERENCES public.share_subscriptions(id, user_id) ON DELETE CASCADE,
  constraint share_agreement_status_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint share_agreement_status_certificate_requires_shares CHECK (NOT share_certificate_issued OR shares_issued),
  constraint share_agreement_status_eis_requires_certificate CHECK (NOT eis_documentation_sent OR share_certificate_issued),
  constraint share_agreement_status_shares_require_payment CHECK (NOT shares_issued OR payment_received),
  constraint share_agreement_status_writer_length CHECK (length(_writer) <= 64)
);

create index share_agreement_status_user_sync_idx on public.share_agreement_status using btree (user_id, _modified, id);

alter table public.share_agreement_status enable row level security;

create policy "share_agreement_status_select_own" on public.share_agreement_status
  as permissive for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

create trigger share_agreement_status_announce_insert AFTER INSERT ON public.share_agreement_status REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.announce_sync_change('user_id');

create trigger share_agreement_status_announce_update AFTER UPDATE ON public.share_agreement_status REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.announce_sync_change('user_id');

create trigger share_agreement_status_stamp_sync_columns BEFORE INSERT OR UPDATE ON public.share_agreement_status FOR EACH ROW EXECUTE FUNCTION public.stamp_sync_columns();

revoke all on table public.share_agreement_status from public, anon, authenticated, service_role;
grant select on table public.share_agreement_status to authenticated;
grant delete, insert, select, update on table public.share_agreement_status to service_role;

comment on table public.share_agreement_status is 'Progress of a signed subscription. Created by the signing trigger; changed only by staff (service role).';
