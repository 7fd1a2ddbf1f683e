-- Shareholder funnel: a subscription (draft -> signed, synced and local-first) and the agreement
-- status staff advance after signing. The rules of the subscription wizard are enforced here, not
-- only in the UI: minimum 5,000 shares in steps of 1,000, the price the server sets, total =
-- shares x price, and a complete, signed record. A signed subscription is frozen for its owner.

-- ---------------------------------------------------------------------------------------------
-- share_subscriptions (synced)
-- ---------------------------------------------------------------------------------------------
create table public.share_subscriptions (
  -- Made on the device with crypto.randomUUID(): drafts can be created and even signed offline.
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- Optional while a draft is filled in; required on signing (checks below).
  subscriber_name text,
  subscriber_address text,
  subscriber_email text,
  subscriber_phone text,
  number_of_shares integer not null default 5000
    constraint share_subscriptions_minimum_5000_shares check (number_of_shares >= 5000)
    constraint share_subscriptions_shares_in_steps_of_1000 check (number_of_shares % 1000 = 0),
  -- The price is the server's: a client cannot choose its own (GBP per share).
  subscription_price numeric not null default 1.25
    constraint share_subscriptions_price_is_1_25 check (subscription_price = 1.25),
  total_amount numeric not null default 6250,
  effective_date date,
  payment_reference text,
  signature_data text
    constraint share_subscriptions_signature_is_image_data_url
      check (signature_data is null or signature_data like 'data:image/%'),
  signature_timestamp timestamptz,
  status text not null default 'draft'
    constraint share_subscriptions_status_values check (status in ('draft', 'signed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,

  constraint share_subscriptions_total_is_shares_times_price
    check (total_amount = number_of_shares * subscription_price),
  -- One named check per missing item, so the refusal says what is missing.
  constraint share_subscriptions_signed_requires_name
    check (status <> 'signed' or coalesce(btrim(subscriber_name), '') <> ''),
  constraint share_subscriptions_signed_requires_email
    check (status <> 'signed' or coalesce(btrim(subscriber_email), '') <> ''),
  constraint share_subscriptions_signed_requires_address
    check (status <> 'signed' or coalesce(btrim(subscriber_address), '') <> ''),
  constraint share_subscriptions_signed_requires_signature
    check (status <> 'signed' or signature_data is not null),
  constraint share_subscriptions_signed_requires_payment_reference
    check (status <> 'signed' or coalesce(btrim(payment_reference), '') <> ''),
  constraint share_subscriptions_signed_requires_signature_timestamp
    check (status <> 'signed' or signature_timestamp is not null),
  constraint share_subscriptions_signed_requires_effective_date
    check (status <> 'signed' or effective_date is not null),
  -- Target of share_agreement_status' composite foreign key (same owner on both rows).
  constraint share_subscriptions_id_user_id_key unique (id, user_id)
);

comment on table public.share_subscriptions is
  'Share subscriptions (draft, then signed). Synced by (_modified, id); a signed row is frozen for its owner.';

create index share_subscriptions_user_sync_idx on public.share_subscriptions (user_id, _modified, id);
-- "Newest signed subscription of this user" (dashboard, landing, can_create_assessments()).
create index share_subscriptions_user_status_created_idx
  on public.share_subscriptions (user_id, status, created_at desc);

-- Once signed, a subscription is a legal record. Nobody may return it to draft (the agreement
-- row would then claim a signature that no longer exists), and its owner may not change it at
-- all; staff (service role) may correct a signed row. Re-sending the identical row is allowed so
-- an idempotent sync push of an already-synced signed row is not an error.
create function public.guard_signed_share_subscription()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.status = 'signed' and new.status is distinct from 'signed' then
    raise exception 'share_subscriptions_signed_cannot_return_to_draft: a signed share subscription cannot be returned to draft'
      using errcode = '23514',
            detail = format('Subscription %s was signed at %s.', old.id, old.signature_timestamp);
  end if;

  if old.status = 'signed'
     and public.is_api_client()
     and (to_jsonb(new) - array['created_at', 'updated_at', '_modified'])
         is distinct from (to_jsonb(old) - array['created_at', 'updated_at', '_modified'])
  then
    raise exception 'share_subscriptions_signed_is_immutable: a signed share subscription cannot be changed'
      using errcode = '42501',
            detail = format('Subscription %s was signed at %s.', old.id, old.signature_timestamp),
            hint = 'Contact us to correct a signed subscription.';
  end if;

  return new;
end
$$;

revoke execute on function public.guard_signed_share_subscription() from public, anon, authenticated;

-- BEFORE triggers fire in name order: the guard (g...) sees the row before stamping (s...).
create trigger share_subscriptions_guard_signed
  before update on public.share_subscriptions
  for each row execute function public.guard_signed_share_subscription();

create trigger share_subscriptions_stamp_sync_columns
  before insert or update on public.share_subscriptions
  for each row execute function public.stamp_sync_columns();

alter table public.share_subscriptions enable row level security;

revoke all on table public.share_subscriptions from anon, authenticated;
-- No delete: a draft is discarded by setting _deleted; a signed row is never deleted by a client.
grant select, insert, update on table public.share_subscriptions to authenticated;

create policy share_subscriptions_select_own on public.share_subscriptions
  for select to authenticated
  using (user_id = (select auth.uid()));

-- Inserting a row that is already signed is allowed: a device may create and sign offline
-- before its first push. The checks above still demand a complete record.
create policy share_subscriptions_insert_own on public.share_subscriptions
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy share_subscriptions_update_own on public.share_subscriptions
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------
-- share_agreement_status (synced down only)
-- ---------------------------------------------------------------------------------------------
create table public.share_agreement_status (
  id uuid primary key default gen_random_uuid(),
  subscription_id uuid not null
    constraint share_agreement_status_one_per_subscription unique,
  -- Copied from the subscription by the signing trigger: RLS and per-user pulls filter on it.
  user_id uuid not null references auth.users (id) on delete cascade,
  agreement_generated boolean not null default false,
  agreement_signed boolean not null default false,
  -- End of the cooling-off period: effective date + 10 days.
  cancellation_deadline date,
  payment_received boolean not null default false,
  shares_issued boolean not null default false,
  share_certificate_issued boolean not null default false,
  eis_documentation_sent boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,

  -- Composite key: the status row always belongs to the subscription's owner.
  constraint share_agreement_status_subscription_fkey foreign key (subscription_id, user_id)
    references public.share_subscriptions (id, user_id) on delete cascade,
  -- Staff advance the steps in order.
  constraint share_agreement_status_shares_require_payment
    check (not shares_issued or payment_received),
  constraint share_agreement_status_certificate_requires_shares
    check (not share_certificate_issued or shares_issued),
  constraint share_agreement_status_eis_requires_certificate
    check (not eis_documentation_sent or share_certificate_issued)
);

comment on table public.share_agreement_status is
  'Progress of a signed subscription. Created by the signing trigger; changed only by staff (service role).';

create index share_agreement_status_user_sync_idx on public.share_agreement_status (user_id, _modified, id);

create trigger share_agreement_status_stamp_sync_columns
  before insert or update on public.share_agreement_status
  for each row execute function public.stamp_sync_columns();

alter table public.share_agreement_status enable row level security;

-- Read-only for the owner: payment and issuing are facts only staff may record.
revoke all on table public.share_agreement_status from anon, authenticated;
grant select on table public.share_agreement_status to authenticated;

create policy share_agreement_status_select_own on public.share_agreement_status
  for select to authenticated
  using (user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------
-- Signing creates the agreement-status row
-- ---------------------------------------------------------------------------------------------
-- SECURITY DEFINER: the owner has no write access to share_agreement_status, and must not have
-- it; the row is created on the server from the signed subscription's own values. The empty
-- search_path keeps a caller from redirecting any name used here.
create function public.create_share_agreement_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.share_agreement_status
    (subscription_id, user_id, agreement_generated, agreement_signed, cancellation_deadline)
  values
    (new.id, new.user_id, true, true, new.effective_date + 10)
  on conflict (subscription_id) do update
    set agreement_generated = true,
        agreement_signed = true,
        cancellation_deadline = excluded.cancellation_deadline,
        _deleted = false
    -- Only touch the row when something changes, so its _modified does not move for nothing.
    where (public.share_agreement_status.agreement_generated,
           public.share_agreement_status.agreement_signed,
           public.share_agreement_status.cancellation_deadline,
           public.share_agreement_status._deleted)
          is distinct from (true, true, excluded.cancellation_deadline, false);
  return null;
end
$$;

comment on function public.create_share_agreement_status() is
  'AFTER trigger: a subscription that becomes signed gets its agreement-status row (deadline = effective date + 10 days).';

revoke execute on function public.create_share_agreement_status() from public, anon, authenticated;

-- Signed at insert (created and signed offline, pushed later) ...
create trigger share_subscriptions_signed_on_insert
  after insert on public.share_subscriptions
  for each row
  when (new.status = 'signed')
  execute function public.create_share_agreement_status();

-- ... or draft -> signed on update. A staff correction of the effective date of a signed row
-- moves the cancellation deadline with it.
create trigger share_subscriptions_signed_on_update
  after update of status, effective_date on public.share_subscriptions
  for each row
  when (new.status = 'signed'
        and (old.status is distinct from 'signed' or old.effective_date is distinct from new.effective_date))
  execute function public.create_share_agreement_status();
