-- public.share_subscriptions, as the migrations leave it (supabase/schemas/README.md: Changing a table).

create table public.share_subscriptions (
  id uuid default gen_random_uuid() not null,
  user_id uuid default auth.uid() not null,
  subscriber_name text,
  subscriber_address text,
  subscriber_email text,
  subscriber_phone text,
  number_of_shares integer default 5000 not null,
  subscription_price numeric default 1.25 not null,
  total_amount numeric default 6250 not null,
  effective_date date,
  payment_reference text,
  signature_data text,
  signature_timestamp timestamp with time zone,
  status text default 'draft'::text not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  _modified timestamp with time zone default clock_timestamp() not null,
  _deleted boolean default false not null,
  signature_hash text,
  signed_user_agent text,
  cancelled_at timestamp with time zone,
  _writer text,
  signature_method text default 'drawn'::text not null,
  _writer_seq bigint,
  signature_name text,
  constraint share_subscriptions_pkey PRIMARY KEY (id),
  constraint share_subscriptions_id_user_id_key UNIQUE (id, user_id),
  constraint share_subscriptions_payment_reference_key UNIQUE (payment_reference),
  constraint share_subscriptions_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint share_subscriptions_at_most_1000000_shares CHECK (number_of_shares <= 1000000),
  constraint share_subscriptions_cancelled_has_time CHECK ((status = 'cancelled'::text) = (cancelled_at IS NOT NULL)),
  constraint share_subscriptions_minimum_5000_shares CHECK (number_of_shares >= 5000),
  constraint share_subscriptions_payment_reference_at_most_40_chars CHECK (char_length(payment_reference) <= 40),
  constraint share_subscriptions_price_is_1_25 CHECK (subscription_price = 1.25),
  constraint share_subscriptions_shares_in_steps_of_1000 CHECK ((number_of_shares % 1000) = 0),
  constraint share_subscriptions_signature_data_at_most_500000_chars CHECK (char_length(signature_data) <= 500000),
  constraint share_subscriptions_signature_is_base64_image CHECK (signature_data IS NULL OR signature_data ~ '^data:image/(png|jpeg|webp);base64,[A-Za-z0-9+/=]*$'::text),
  constraint share_subscriptions_signature_method_values CHECK (signature_method = ANY (ARRAY['drawn'::text, 'typed'::text])),
  constraint share_subscriptions_signature_name_at_most_200_chars CHECK (char_length(signature_name) <= 200),
  constraint share_subscriptions_signed_has_evidence CHECK ((status <> ALL (ARRAY['signed'::text, 'cancelled'::text])) OR signature_hash IS NOT NULL),
  constraint share_subscriptions_signed_requires_address CHECK (status <> 'signed'::text OR COALESCE(btrim(subscriber_address), ''::text) <> ''::text),
  constraint share_subscriptions_signed_requires_effective_date CHECK (status <> 'signed'::text OR effective_date IS NOT NULL),
  constraint share_subscriptions_signed_requires_email CHECK (status <> 'signed'::text OR COALESCE(btrim(subscriber_email), ''::text) <> ''::text),
  constraint share_subscriptions_signed_requires_name CHECK (status <> 'signed'::text OR COALESCE(btrim(subscriber_name), ''::text) <> ''::text),
  constraint share_subscriptions_signed_requires_payment_reference CHECK (status <> 'signed'::text OR COALESCE(btrim(payment_reference), ''::text) <> ''::text),
  constraint share_subscriptions_signed_requires_signature CHECK (status <> 'signed'::text OR signature_data IS NOT NULL),
  constraint share_subscriptions_signed_requires_signature_timestamp CHECK (status <> 'signed'::text OR signature_timestamp IS NOT NULL),
  constraint share_subscriptions_status_values CHECK (status = ANY (ARRAY['draft'::text, 'signed'::text, 'cancelled'::text])),
  constraint share_subscriptions_subscriber_address_at_most_500_chars CHECK (char_length(subscriber_address) <= 500),
  constraint share_subscriptions_subscriber_email_at_most_320_chars CHECK (char_length(subscriber_email) <= 320),
  constraint share_subscriptions_subscriber_email_format CHECK (status = 'draft'::text OR public.is_email(subscriber_email)),
  constraint share_subscriptions_subscriber_name_at_most_200_chars CHECK (char_length(subscriber_name) <= 200),
  constraint share_subscriptions_subscriber_phone_at_most_40_chars CHECK (char_length(subscriber_phone) <= 40),
  constraint share_subscriptions_total_is_shares_times_price CHECK (total_amount = (number_of_shares::numeric * subscription_price)),
  constraint share_subscriptions_writer_length CHECK (length(_writer) <= 64)
);

create index share_subscriptions_user_status_created_idx on public.share_subscriptions using btree (user_id, status, created_at DESC);
create index share_subscriptions_user_sync_idx on public.share_subscriptions using btree (user_id, _modified, id);
create unique index share_subscriptions_one_open_draft on public.share_subscriptions using btree (user_id) WHERE ((status = 'draft'::text) AND (NOT _deleted));

alter table public.share_subscriptions enable row level security;

create policy "share_subscriptions_insert_own" on public.share_subscriptions
  as permissive for insert to authenticated
  with check ((user_id = ( SELECT auth.uid() AS uid)));

create policy "share_subscriptions_select_own" on public.share_subscriptions
  as permissive for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

create policy "share_subscriptions_update_own" on public.share_subscriptions
  as permissive for update to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)))
  with check ((user_id = ( SELECT auth.uid() AS uid)));

create trigger share_subscriptions_announce_insert AFTER INSERT ON public.share_subscriptions REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.announce_sync_change('user_id');

create trigger share_subscriptions_announce_update AFTER UPDATE ON public.share_subscriptions REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.announce_sync_change('user_id');

CREATE CONSTRAINT TRIGGER share_subscriptions_check_id AFTER INSERT ON public.share_subscriptions NOT DEFERRABLE INITIALLY IMMEDIATE FOR EACH ROW EXECUTE FUNCTION public.check_share_subscription_id();

create trigger share_subscriptions_guard_signed BEFORE UPDATE ON public.share_subscriptions FOR EACH ROW EXECUTE FUNCTION public.guard_signed_share_subscription();

create trigger share_subscriptions_limit BEFORE INSERT OR UPDATE OF _deleted, status ON public.share_subscriptions FOR EACH ROW EXECUTE FUNCTION public.limit_share_subscriptions();

create trigger share_subscriptions_record_signing BEFORE INSERT OR UPDATE ON public.share_subscriptions FOR EACH ROW EXECUTE FUNCTION public.record_share_signing();

create trigger share_subscriptions_refuse_removed_insert BEFORE INSERT ON public.share_subscriptions FOR EACH ROW EXECUTE FUNCTION public.refuse_removed_insert();

create trigger share_subscriptions_signed_on_insert AFTER INSERT ON public.share_subscriptions FOR EACH ROW WHEN (new.status = 'signed'::text) EXECUTE FUNCTION public.create_share_agreement_status();

create trigger share_subscriptions_signed_on_update AFTER UPDATE OF status, effective_date ON public.share_subscriptions FOR EACH ROW WHEN (new.status = 'signed'::text AND (old.status IS DISTINCT FROM 'signed'::text OR old.effective_date IS DISTINCT FROM new.effective_date)) EXECUTE FUNCTION public.create_share_agreement_status();

create trigger share_subscriptions_stamp_sync_columns BEFORE INSERT OR UPDATE ON public.share_subscriptions FOR EACH ROW EXECUTE FUNCTION public.stamp_sync_columns();

revoke all on table public.share_subscriptions from public, anon, authenticated, service_role;
grant select on table public.share_subscriptions to authenticated;
grant delete, insert, select, update on table public.share_subscriptions to service_role;
grant insert (
  id, user_id, subscriber_name, subscriber_address, subscriber_email, subscriber_phone,
  number_of_shares, subscription_price, total_amount, signature_data, status, created_at,
  updated_at, _modified, _deleted, signature_method, signature_name
) on table public.share_subscriptions to authenticated;
grant update (
  id, user_id, subscriber_name, subscriber_address, subscriber_email, subscriber_phone,
  number_of_shares, subscription_price, total_amount, signature_data, status, created_at,
  updated_at, _modified, _deleted, signature_method, signature_name
) on table public.share_subscriptions to authenticated;

comment on table public.share_subscriptions is 'Share subscriptions (draft, then signed). Synced by (_modified, id); a signed row is frozen for its owner.';
comment on column public.share_subscriptions.signature_hash is 'SHA-256 (hex) of share_agreement_text(row) || newline || signature_data, computed by the server on signing.';
