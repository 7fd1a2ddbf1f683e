-- Shareholder funnel, beyond the spec's seeds:
--  * signing evidence: on signing, the server stores a SHA-256 hash over the agreement text (which
--    carries every term of the subscription) and the signature image, with the signing time and
--    the signer's user agent; nothing of a signed row can change afterwards;
--  * cooling-off as a right: the owner may cancel a signed subscription until the cooling-off
--    deadline (effective date + 10 days, midnight UTC); the server records status 'cancelled'
--    and when, and refuses it after the deadline.

alter table public.share_subscriptions
  add column signature_hash text,
  add column signed_user_agent text,
  add column cancelled_at timestamptz;

comment on column public.share_subscriptions.signature_hash is
  'SHA-256 (hex) of share_agreement_text(row) || newline || signature_data, computed by the server on signing.';


-- The evidence and the cancellation time are the server's: devices may write every other column
-- (sync_push writes only what the caller has the privilege for).
revoke insert, update on table public.share_subscriptions from authenticated;
grant insert (id, user_id, subscriber_name, subscriber_address, subscriber_email, subscriber_phone,
              number_of_shares, subscription_price, total_amount, effective_date, payment_reference,
              signature_data, signature_timestamp, status, created_at, updated_at, _modified, _deleted),
      -- id too, so an upsert (INSERT ... ON CONFLICT DO UPDATE of every sent column) still works;
      -- stamp_sync_columns refuses any change of an id.
      update (id, user_id, subscriber_name, subscriber_address, subscriber_email, subscriber_phone,
              number_of_shares, subscription_price, total_amount, effective_date, payment_reference,
              signature_data, signature_timestamp, status, created_at, updated_at, _modified, _deleted)
   on table public.share_subscriptions to authenticated;

-- ---------------------------------------------------------------------------------------------
-- The agreement text
-- ---------------------------------------------------------------------------------------------
-- The one text that is signed. The app renders the same text (src/features/shareholder/
-- agreement.ts); tests/integration/shareholder.test.ts checks the two agree, character for
-- character, so the hash shown in the app is over what the subscriber read.
create function public.share_agreement_text(p public.share_subscriptions)
returns text
language sql
stable
set search_path = ''
as $$
  select concat_ws(E'\n',
    'SHARE SUBSCRIPTION AGREEMENT',
    '',
    'Subscriber: ' || coalesce(p.subscriber_name, ''),
    'Address: ' || coalesce(p.subscriber_address, ''),
    'Email: ' || coalesce(p.subscriber_email, ''),
    'Effective date: ' || coalesce(to_char(p.effective_date, 'YYYY-MM-DD'), ''),
    'Payment reference: ' || coalesce(p.payment_reference, ''),
    '',
    '1. Shares. The Subscriber subscribes for ' || to_char(p.number_of_shares, 'FM999,999,999,990')
      || ' Class A ordinary shares of £0.0001 nominal value each in the Company, at a subscription price of £'
      || to_char(p.subscription_price, 'FM999,990.00') || ' per share, a total of £'
      || to_char(p.total_amount, 'FM999,999,999,990.00') || '.',
    '2. Payment. The Subscriber will pay the total by bank transfer quoting the payment reference. Payments are usually processed within 1-2 business days.',
    '3. Cooling-off. The Subscriber may cancel this subscription within 10 days of the effective date. After 10 days the Company may cancel the subscription if payment has not been received.',
    '4. Share certificate. The Company will issue a share certificate within 3 working days of the payment clearing.',
    '5. EIS. The Company intends to seek Enterprise Investment Scheme (EIS) relief and will send the EIS documentation once the shares are issued. The Subscriber understands that tax relief is not guaranteed and depends on their own circumstances.',
    '6. Risk. The Subscriber understands that investing in an early-stage company puts the whole investment at risk, that the shares are illiquid, and that any dividend is unlikely.',
    '',
    'Signed electronically by the Subscriber with a drawn signature.'
  )
$$;

comment on function public.share_agreement_text(public.share_subscriptions) is
  'The agreement a subscription signs; must equal agreementText() in src/features/shareholder/agreement.ts.';

create function public.share_signature_hash(p public.share_subscriptions)
returns text
language sql
stable
set search_path = ''
as $$
  select encode(pg_catalog.sha256(convert_to(public.share_agreement_text(p) || E'\n' || coalesce(p.signature_data, ''), 'UTF8')), 'hex')
$$;

-- Rows signed before this migration get their hash now (no user agent: it was not recorded).
update public.share_subscriptions as s
   set signature_hash = public.share_signature_hash(s)
 where s.status = 'signed' and s.signature_hash is null;

alter table public.share_subscriptions drop constraint share_subscriptions_status_values;
alter table public.share_subscriptions
  add constraint share_subscriptions_status_values check (status in ('draft', 'signed', 'cancelled')),
  add constraint share_subscriptions_cancelled_has_time check ((status = 'cancelled') = (cancelled_at is not null)),
  add constraint share_subscriptions_signed_has_evidence
    check (status not in ('signed', 'cancelled') or signature_hash is not null);

-- ---------------------------------------------------------------------------------------------
-- Signing evidence
-- ---------------------------------------------------------------------------------------------
create function public.record_share_signing()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'signed' and (tg_op = 'INSERT' or old.status is distinct from 'signed') then
    new.signature_hash := public.share_signature_hash(new);
    new.signed_user_agent := left(nullif(current_setting('request.headers', true), '')::json ->> 'user-agent', 500);
  elsif tg_op = 'INSERT' then
    -- Never taken from the device.
    new.signature_hash := null;
    new.signed_user_agent := null;
    new.cancelled_at := null;
  end if;
  return new;
end
$$;

revoke execute on function public.record_share_signing() from public, anon, authenticated;

-- BEFORE triggers fire in name order: guard (g), record (r), stamp (s).
create trigger share_subscriptions_record_signing
  before insert or update on public.share_subscriptions
  for each row execute function public.record_share_signing();

-- ---------------------------------------------------------------------------------------------
-- Cancellation during cooling-off, and the guard of signed rows
-- ---------------------------------------------------------------------------------------------
create function public.share_cooling_off_ends(p_effective_date date)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select ((p_effective_date + 10)::timestamp at time zone 'UTC')
$$;

comment on function public.share_cooling_off_ends(date) is
  'End of the cooling-off period: midnight UTC at the start of effective date + 10 days.';

create or replace function public.guard_signed_share_subscription()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  c_ignored constant text[] := array['created_at', 'updated_at', '_modified'];
begin
  -- Cancelling: only a signed row, only status changes, only before the deadline.
  if new.status = 'cancelled' and old.status is distinct from 'cancelled' then
    if old.status <> 'signed' then
      raise exception 'share_subscriptions_only_signed_can_be_cancelled: only a signed subscription can be cancelled'
        using errcode = '23514';
    end if;
    if (to_jsonb(new) - c_ignored - 'status' - 'cancelled_at') is distinct from (to_jsonb(old) - c_ignored - 'status' - 'cancelled_at') then
      raise exception 'share_subscriptions_cancel_changes_only_status: cancelling cannot change anything else'
        using errcode = '42501';
    end if;
    if now() >= public.share_cooling_off_ends(old.effective_date) then
      raise exception 'share_subscriptions_cooling_off_over: the cooling-off period ended on %',
        to_char(old.effective_date + 10, 'FMDD FMMonth YYYY')
        using errcode = '23514',
              hint = 'Contact us about this subscription.';
    end if;
    new.cancelled_at := now();
    return new;
  end if;

  if old.status in ('signed', 'cancelled') and new.status is distinct from old.status then
    raise exception 'share_subscriptions_signed_cannot_return_to_draft: a % share subscription cannot become %', old.status, new.status
      using errcode = '23514',
            detail = format('Subscription %s was signed at %s.', old.id, old.signature_timestamp);
  end if;

  if old.status in ('signed', 'cancelled')
     and public.is_api_client()
     and (to_jsonb(new) - c_ignored) is distinct from (to_jsonb(old) - c_ignored)
  then
    raise exception 'share_subscriptions_signed_is_immutable: a signed share subscription cannot be changed'
      using errcode = '42501',
            detail = format('Subscription %s was signed at %s.', old.id, old.signature_timestamp),
            hint = 'Contact us to correct a signed subscription.';
  end if;

  return new;
end
$$;
