-- Share subscriptions: the server owns the legal facts of a signature (its date, time, payment
-- reference and evidence), a signed subscription is frozen, and cancelling is a right only during
-- cooling-off. BEFORE triggers fire in name order: guard (g), record (r), stamp (s).

-- 'CHLOE-' and 8 random digits: short enough for any bank's reference field (18 characters), not
-- a count of subscribers. SECURITY DEFINER to see every row when checking it is new. The signing
-- trigger runs as the caller, who may call it (it only hands out an unused reference).
create or replace function public.new_payment_reference()
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_reference text;
begin
  loop
    v_reference := 'CHLOE-' || lpad((floor(random() * 100000000))::bigint::text, 8, '0');
    exit when not exists (select 1 from public.share_subscriptions where payment_reference = v_reference);
  end loop;
  return v_reference;
end
$$;

revoke execute on function public.new_payment_reference() from public, anon;
grant execute on function public.new_payment_reference() to authenticated;

-- A signature is a whole picture: a data URL whose bytes are a complete PNG (its header, its
-- IHDR chunk first and its IEND chunk last), JPEG (start and end markers) or WebP (its RIFF
-- header). The table's check admits any base64 after the prefix, an empty one included.
create or replace function public.is_signature_image(p_data text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_kind text := pg_catalog.substring(p_data, '^data:image/(png|jpeg|webp);base64,');
  v_bytes bytea;
  v_length integer;
begin
  if v_kind is null then
    return false;
  end if;
  begin
    v_bytes := pg_catalog.decode(pg_catalog.substr(p_data, pg_catalog.strpos(p_data, ',') + 1), 'base64');
  exception when others then
    return false;
  end;
  v_length := pg_catalog.length(v_bytes);
  return case v_kind
    when 'png' then v_length >= 57
      and pg_catalog.substr(v_bytes, 1, 8) = '\x89504e470d0a1a0a'::bytea
      and pg_catalog.substr(v_bytes, 13, 4) = '\x49484452'::bytea
      and pg_catalog.substr(v_bytes, v_length - 7, 8) = '\x49454e44ae426082'::bytea
    when 'jpeg' then v_length >= 4
      and pg_catalog.substr(v_bytes, 1, 3) = '\xffd8ff'::bytea
      and pg_catalog.substr(v_bytes, v_length - 1, 2) = '\xffd9'::bytea
    else v_length >= 12
      and pg_catalog.substr(v_bytes, 1, 4) = '\x52494646'::bytea
      and pg_catalog.substr(v_bytes, 9, 4) = '\x57454250'::bytea
  end;
end
$$;

comment on function public.is_signature_image(text) is
  'Whether a data URL holds a whole PNG, JPEG or WebP picture (what a signature must be when signed).';

revoke execute on function public.is_signature_image(text) from public;
grant execute on function public.is_signature_image(text) to anon, authenticated, service_role;

-- Two names are the same name for signing: case, and spaces around and between words, aside.
create or replace function public.same_name(p_a text, p_b text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.lower(pg_catalog.btrim(pg_catalog.regexp_replace(pg_catalog.normalize(coalesce(p_a, ''), 'NFC'), '\s+', ' ', 'g')))
       = pg_catalog.lower(pg_catalog.btrim(pg_catalog.regexp_replace(pg_catalog.normalize(coalesce(p_b, ''), 'NFC'), '\s+', ' ', 'g')))
$$;

comment on function public.same_name(text, text) is
  'Whether two names are the same for a typed signature: case and spacing aside (the wizard''s sameName).';

revoke execute on function public.same_name(text, text) from public;
grant execute on function public.same_name(text, text) to anon, authenticated, service_role;

-- BEFORE INSERT/UPDATE: the effective date, signature time and payment reference are the
-- server's, as are the evidence hash and the signer's user agent; none is taken from the device.
create or replace function public.record_share_signing()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    -- Never taken from the device.
    new.signature_hash := null;
    new.signed_user_agent := null;
    new.cancelled_at := null;
    if public.is_api_client() then
      new.payment_reference := public.new_payment_reference();
      new.effective_date := null;
      new.signature_timestamp := null;
    end if;
  end if;
  if new.status = 'signed' and (tg_op = 'INSERT' or old.status is distinct from 'signed') then
    -- The phone is optional; given, it is one (a draft may hold it half-typed; rows signed before
    -- this rule keep theirs).
    if coalesce(pg_catalog.btrim(new.subscriber_phone), '') <> '' and not public.is_phone(new.subscriber_phone) then
      raise exception 'share_subscriptions_subscriber_phone_format: the phone number is not one'
        using errcode = '23514', column = 'subscriber_phone',
              constraint = 'share_subscriptions_subscriber_phone_format';
    end if;
    -- A picture, not an empty or broken one (rows signed before this rule keep theirs).
    if public.is_api_client() and new.signature_data is not null and not public.is_signature_image(new.signature_data) then
      raise exception 'share_subscriptions_signature_is_an_image: the signature is not a whole picture'
        using errcode = '23514', column = 'signature_data',
              constraint = 'share_subscriptions_signature_is_an_image';
    end if;
    -- A typed signature is the subscriber's own name, as given in step 1.
    if public.is_api_client() and new.signature_method = 'typed'
       and (pg_catalog.btrim(coalesce(new.signature_name, '')) = ''
            or not public.same_name(new.signature_name, new.subscriber_name)) then
      raise exception 'share_subscriptions_typed_signature_is_the_name: a typed signature is the subscriber''s name'
        using errcode = '23514', column = 'signature_name',
              constraint = 'share_subscriptions_typed_signature_is_the_name';
    end if;
    if public.is_api_client() then
      new.effective_date := (now() at time zone 'UTC')::date;
      new.signature_timestamp := now();
      new.payment_reference := coalesce(new.payment_reference, public.new_payment_reference());
    end if;
    new.signature_hash := public.share_signature_hash(new);
    new.signed_user_agent := left(nullif(current_setting('request.headers', true), '')::json ->> 'user-agent', 500);
  end if;
  return new;
end
$$;

revoke execute on function public.record_share_signing() from public, anon, authenticated;

-- BEFORE UPDATE. Once signed, a subscription is a legal record: nobody may return it to draft, and
-- its owner may not change it at all; staff (service role) may correct a signed row. Re-sending
-- the identical row is allowed, so an idempotent sync push of an already-synced signed row is not
-- an error. Cancelling: only a signed row, only its status, only before the cooling-off deadline.
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

revoke execute on function public.guard_signed_share_subscription() from public, anon, authenticated;

-- BEFORE INSERT, and BEFORE UPDATE OF _deleted, status: at most 20 subscriptions per account
-- (drafts included: a draft is resumed, not multiplied; cancelled and removed ones not), whatever
-- the flags: a removed one brought back counts again. Counted for the caller (auth.uid()), not for
-- a user_id the caller sends: the trigger runs before RLS would refuse someone else's, and must
-- not count theirs.
create or replace function public.limit_share_subscriptions()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and not ((old._deleted or old.status = 'cancelled') and not new._deleted and new.status <> 'cancelled') then
    return new;
  end if;
  if not public.is_api_client() then
    return new;
  end if;
  -- Per account: two writers that each count below the limit must not both write (they wait here).
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('limit:share_subscriptions:' || coalesce(auth.uid()::text, ''), 0));
  if (select count(*) from public.share_subscriptions
       where user_id = auth.uid() and not _deleted and status <> 'cancelled') >= 20 then
    raise exception 'share_subscriptions_at_most_20_per_user: an account may hold at most 20 share subscriptions'
      using errcode = '54000',
            constraint = 'share_subscriptions_at_most_20_per_user',
            hint = 'Resume your draft instead of starting another.';
  end if;
  -- Removed ones too: what an account stores is bounded whatever the flags.
  if tg_op = 'INSERT' and (select count(*) from public.share_subscriptions where user_id = auth.uid()) >= 100 then
    raise exception 'share_subscriptions_at_most_100_stored: an account may store at most 100 share subscriptions, removed ones included'
      using errcode = '54000', constraint = 'share_subscriptions_at_most_100_stored';
  end if;
  return new;
end
$$;

revoke execute on function public.limit_share_subscriptions() from public, anon, authenticated;

-- AFTER INSERT/UPDATE: a subscription that becomes signed gets its agreement-status row.
-- SECURITY DEFINER: the owner has no write access to share_agreement_status, and must not have
-- it; the row is created on the server from the signed subscription's own values. The empty
-- search_path keeps a caller from redirecting any name used here.
create or replace function public.create_share_agreement_status()
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
