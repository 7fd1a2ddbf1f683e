-- Issue 12: the server owns the legal facts of a signature and bounds everything a client sends.
--
--  1. Signing facts. When a subscription becomes signed, Postgres sets the effective date (its own
--     UTC date) and the signature time (its own clock). The payment reference is made by the server
--     once per subscription, when the draft is first stored, and is unique. Devices may write none
--     of the three (column privileges), so the wizard, the dashboard and the staff list all show the
--     one stored reference.
--  2. Limits. Every text column a client writes has a length bound, list columns a maximum count
--     and no duplicates, the signature a size bound, emails and URLs a format, shares the offer
--     (1,000,000), one account a number of rows, one sync_push call a number of rows. Each is a named
--     check (or a trigger naming one), so a refusal says which bound; src/lib/limits.ts mirrors the
--     numbers for the forms (tests/integration/limits.test.ts compares them).
--  3. Refusals that say what happened, from sync_push: an expired assessment link, a submitted
--     assessment, an id that belongs to a row the caller cannot see, and a change to a column the
--     server owns (a token, an expiry, a payment reference) are refused by name instead of being
--     reported as 'permission denied' or 'duplicate key', or dropped without a word.
--
-- New checks are added NOT VALID and then validated where the stored rows allow: a development
-- database holding rows from before (a 20 MB name) still migrates, and is told so.

-- ---------------------------------------------------------------------------------------------
-- Helpers for checks
-- ---------------------------------------------------------------------------------------------
create function public.is_email(p text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select p ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
$$;

comment on function public.is_email(text) is
  'something@something.something without spaces; the forms test the same (src/lib/limits.ts EMAIL_PATTERN).';

create function public.is_http_url(p text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select p ~* '^https?://[^[:space:]]+$'
$$;

create function public.has_no_duplicates(p anyarray)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- DISTINCT keeps one null (count(distinct x) would skip it and call ['a', null] a duplicate).
  select coalesce(cardinality(p) = (select count(*) from (select distinct x from unnest(p) as x) as d), true)
$$;

create function public.longest_text(p text[])
returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce((select max(char_length(x)) from unnest(p) as x), 0)
$$;

-- ---------------------------------------------------------------------------------------------
-- Payment references: made by the server, unique
-- ---------------------------------------------------------------------------------------------
-- 'CHLOE-' and 8 random digits: short enough for any bank's reference field (18 characters), not
-- a count of subscribers. SECURITY DEFINER to see every row when checking it is new.
create function public.new_payment_reference()
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

-- The signing trigger runs as the caller, who may call it (it only hands out an unused reference).
revoke execute on function public.new_payment_reference() from public, anon;
grant execute on function public.new_payment_reference() to authenticated;

-- Before any new check below: these updates rewrite rows, and a new check (even NOT VALID) applies
-- to a row that is rewritten. References were made on devices until now: drafts get a server
-- one; signed rows that share one (possible only in test data: three did) keep it on the oldest,
-- the others get a new one and their evidence hash is computed again over the text with the new
-- reference.
update public.share_subscriptions
   set payment_reference = public.new_payment_reference()
 where status = 'draft';

with ranked as (
  select id, row_number() over (partition by payment_reference order by created_at, id) as n
    from public.share_subscriptions
   where payment_reference is not null
)
update public.share_subscriptions as s
   set payment_reference = public.new_payment_reference()
  from ranked
 where ranked.id = s.id and ranked.n > 1;

update public.share_subscriptions as s
   set signature_hash = public.share_signature_hash(s)
 where s.status in ('signed', 'cancelled')
   and s.signature_hash is distinct from public.share_signature_hash(s);

alter table public.share_subscriptions
  add constraint share_subscriptions_payment_reference_key unique (payment_reference);

-- ---------------------------------------------------------------------------------------------
-- share_subscriptions
-- ---------------------------------------------------------------------------------------------
alter table public.share_subscriptions
  add constraint share_subscriptions_subscriber_name_at_most_200_chars
    check (char_length(subscriber_name) <= 200) not valid,
  add constraint share_subscriptions_subscriber_email_at_most_320_chars
    check (char_length(subscriber_email) <= 320) not valid,
  add constraint share_subscriptions_subscriber_address_at_most_500_chars
    check (char_length(subscriber_address) <= 500) not valid,
  add constraint share_subscriptions_subscriber_phone_at_most_40_chars
    check (char_length(subscriber_phone) <= 40) not valid,
  add constraint share_subscriptions_payment_reference_at_most_40_chars
    check (char_length(payment_reference) <= 40) not valid,
  add constraint share_subscriptions_signature_data_at_most_500000_chars
    check (char_length(signature_data) <= 500000) not valid,
  -- A drafted email may be half-typed; a signed one is an address.
  add constraint share_subscriptions_subscriber_email_format
    check (status = 'draft' or public.is_email(subscriber_email)) not valid,
  add constraint share_subscriptions_signature_is_base64_image
    check (signature_data is null or signature_data ~ '^data:image/(png|jpeg|webp);base64,[A-Za-z0-9+/=]*$') not valid;

-- Replaced by the base64 image check above ('data:image/svg+xml,...' passed the old one).
alter table public.share_subscriptions drop constraint share_subscriptions_signature_is_image_data_url;

-- The offer is 1,000,000 shares (spec: '1 million shares opened').
alter table public.share_subscriptions drop constraint share_subscriptions_at_most_1600000_shares;
alter table public.share_subscriptions
  add constraint share_subscriptions_at_most_1000000_shares check (number_of_shares <= 1000000) not valid;

-- Devices no longer write the signing facts; sync_push refuses a changed one by name.
revoke insert (effective_date, payment_reference, signature_timestamp),
       update (effective_date, payment_reference, signature_timestamp)
  on table public.share_subscriptions from authenticated;

-- ---------------------------------------------------------------------------------------------
-- The agreement text: dates as the app shows them ('23 November 2026')
-- ---------------------------------------------------------------------------------------------
-- Rows signed before this migration keep the hash computed over the text they were signed with
-- (the effective date written 2026-11-23); the app shows the stored hash, never a recomputed one.
create or replace function public.share_agreement_text(p public.share_subscriptions)
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
    'Effective date: ' || coalesce(to_char(p.effective_date, 'FMDD FMMonth YYYY'), ''),
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

-- ---------------------------------------------------------------------------------------------
-- Signing: the server's date, time and reference
-- ---------------------------------------------------------------------------------------------
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

-- At most 20 subscriptions per account (drafts included: a draft is resumed, not multiplied;
-- cancelled ones not). Counted for the caller (auth.uid()), not for a user_id the caller sends:
-- the trigger runs before RLS would refuse someone else's, and must not count theirs.
create function public.limit_share_subscriptions()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if public.is_api_client()
     and (select count(*) from public.share_subscriptions
           where user_id = auth.uid() and not _deleted and status <> 'cancelled') >= 20 then
    raise exception 'share_subscriptions_at_most_20_per_user: an account may hold at most 20 share subscriptions'
      using errcode = '54000',
            constraint = 'share_subscriptions_at_most_20_per_user',
            hint = 'Resume your draft instead of starting another.';
  end if;
  return new;
end
$$;

revoke execute on function public.limit_share_subscriptions() from public, anon, authenticated;

create trigger share_subscriptions_limit
  before insert on public.share_subscriptions
  for each row execute function public.limit_share_subscriptions();

-- ---------------------------------------------------------------------------------------------
-- agent_assessments
-- ---------------------------------------------------------------------------------------------
-- 'www.agency.co.uk' was a fine answer until now: it becomes 'https://www.agency.co.uk' rather
-- than a row whose every later save is refused. Anything else that is not http(s) stays, and is
-- refused (by name, on its own field) when the agency next changes the row.
update public.agent_assessments
   set website_url = 'https://' || btrim(website_url)
 where btrim(website_url) !~* '^[a-z][a-z0-9+.-]*:'
   and btrim(website_url) ~ '^[^[:space:]/@]+\.[^[:space:]]+$';

alter table public.agent_assessments
  add constraint agent_assessments_agency_name_at_most_200_chars check (char_length(agency_name) <= 200) not valid,
  add constraint agent_assessments_office_locations_at_most_500_chars check (char_length(office_locations) <= 500) not valid,
  add constraint agent_assessments_main_contact_name_at_most_200_chars check (char_length(main_contact_name) <= 200) not valid,
  add constraint agent_assessments_main_contact_email_at_most_320_chars check (char_length(main_contact_email) <= 320) not valid,
  add constraint agent_assessments_main_contact_phone_at_most_40_chars check (char_length(main_contact_phone) <= 40) not valid,
  add constraint agent_assessments_website_url_at_most_2048_chars check (char_length(website_url) <= 2048) not valid,
  add constraint agent_assessments_ai_assistant_name_at_most_200_chars check (char_length(ai_assistant_name) <= 200) not valid,
  add constraint agent_assessments_preferred_greeting_at_most_1000_chars check (char_length(preferred_greeting) <= 1000) not valid,
  add constraint agent_assessments_preferred_signoff_at_most_1000_chars check (char_length(preferred_signoff) <= 1000) not valid,
  add constraint agent_assessments_crm_platform_at_most_200_chars check (char_length(crm_platform) <= 200) not valid,
  add constraint agent_assessments_phone_system_provider_at_most_200_chars check (char_length(phone_system_provider) <= 200) not valid,
  add constraint agent_assessments_linkedin_handle_at_most_200_chars check (char_length(linkedin_handle) <= 200) not valid,
  add constraint agent_assessments_twitter_handle_at_most_200_chars check (char_length(twitter_handle) <= 200) not valid,
  add constraint agent_assessments_instagram_handle_at_most_200_chars check (char_length(instagram_handle) <= 200) not valid,
  add constraint agent_assessments_snapchat_handle_at_most_200_chars check (char_length(snapchat_handle) <= 200) not valid,
  add constraint agent_assessments_tiktok_handle_at_most_200_chars check (char_length(tiktok_handle) <= 200) not valid,
  add constraint agent_assessments_facebook_handle_at_most_200_chars check (char_length(facebook_handle) <= 200) not valid,
  add constraint agent_assessments_threads_handle_at_most_200_chars check (char_length(threads_handle) <= 200) not valid,
  add constraint agent_assessments_valuation_leads_script_at_most_5000_chars check (char_length(valuation_leads_script) <= 5000) not valid,
  add constraint agent_assessments_viewing_feedback_script_at_most_5000_chars check (char_length(viewing_feedback_script) <= 5000) not valid,
  add constraint agent_assessments_lettings_repairs_script_at_most_5000_chars check (char_length(lettings_repairs_script) <= 5000) not valid,
  add constraint agent_assessments_mortgage_prequel_script_at_most_5000_chars check (char_length(mortgage_prequel_script) <= 5000) not valid,
  add constraint agent_assessments_additional_requirements_at_most_5000_chars check (char_length(additional_requirements) <= 5000) not valid,
  add constraint agent_assessments_current_tools_at_most_200_chars check (public.longest_text(current_tools) <= 200) not valid,
  -- Each option at most once (the option checks already bound the count to the options).
  add constraint agent_assessments_tone_of_voice_no_duplicates check (public.has_no_duplicates(tone_of_voice)) not valid,
  add constraint agent_assessments_office_devices_no_duplicates check (public.has_no_duplicates(office_devices)) not valid,
  add constraint agent_assessments_mobile_device_types_no_duplicates check (public.has_no_duplicates(mobile_device_types)) not valid,
  add constraint agent_assessments_preferred_mobile_communication_no_duplicates
    check (public.has_no_duplicates(preferred_mobile_communication)) not valid,
  add constraint agent_assessments_property_portals_no_duplicates check (public.has_no_duplicates(property_portals)) not valid,
  add constraint agent_assessments_primary_ai_goals_no_duplicates check (public.has_no_duplicates(primary_ai_goals)) not valid,
  add constraint agent_assessments_tracking_outcomes_no_duplicates check (public.has_no_duplicates(tracking_outcomes)) not valid,
  -- Shown as a link to staff: only web addresses.
  add constraint agent_assessments_website_url_is_http_url
    check (coalesce(website_url, '') = '' or public.is_http_url(website_url)) not valid,
  -- Half-typed while the agency fills it in; an address once submitted (the field is optional).
  add constraint agent_assessments_main_contact_email_format
    check (status = 'pending' or coalesce(main_contact_email, '') = '' or public.is_email(main_contact_email)) not valid;

-- The creator's email must be an address from the start (the link tool's form checks it too), and
-- one account creates at most 1,000 links.
create or replace function public.prepare_agent_assessment()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if public.is_api_client() then
    if tg_op = 'INSERT' then
      new.expires_at := now() + interval '30 days';
      if not public.is_email(coalesce(new.main_contact_email, '')) then
        raise exception 'agent_assessments_main_contact_email_format: the contact email is not an email address'
          using errcode = '23514', column = 'main_contact_email',
                constraint = 'agent_assessments_main_contact_email_format';
      end if;
      if public.assessments_created_by_me() >= 1000 then
        raise exception 'agent_assessments_at_most_1000_per_creator: an account may create at most 1,000 assessment links'
          using errcode = '54000', constraint = 'agent_assessments_at_most_1000_per_creator';
      end if;
    elsif new.status = 'completed' and old.status is distinct from 'completed' then
      new.completed_at := now();
    end if;
  end if;
  return new;
end
$$;

-- SECURITY DEFINER: counts expired links too, which the creator's own select still shows, and
-- soft-deleted ones. Only ever the caller's.
create function public.assessments_created_by_me()
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select count(*) from public.agent_assessments where created_by = auth.uid()
$$;

revoke execute on function public.assessments_created_by_me() from public, anon;
grant execute on function public.assessments_created_by_me() to authenticated;

-- What a link holder is told when the link gives nothing: 'valid', 'expired' or 'unknown'. A
-- token is a 128-bit secret, so saying it existed tells a guesser nothing.
create function public.assessment_link_state(p_token text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select case when a.expires_at > now() then 'valid' else 'expired' end
       from public.agent_assessments as a
      where a.token = p_token and not a._deleted),
    'unknown')
$$;

revoke execute on function public.assessment_link_state(text) from public;
grant execute on function public.assessment_link_state(text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- saved_properties
-- ---------------------------------------------------------------------------------------------
alter table public.saved_properties
  add constraint saved_properties_title_at_most_500_chars check (char_length(title) <= 500) not valid,
  add constraint saved_properties_address_at_most_500_chars check (char_length(address) <= 500) not valid,
  add constraint saved_properties_property_type_at_most_200_chars check (char_length(property_type) <= 200) not valid,
  add constraint saved_properties_agent_name_at_most_200_chars check (char_length(agent_name) <= 200) not valid,
  add constraint saved_properties_agency_name_at_most_200_chars check (char_length(agency_name) <= 200) not valid,
  add constraint saved_properties_key_features_at_most_50_items check (cardinality(key_features) <= 50) not valid,
  add constraint saved_properties_key_features_at_most_200_chars check (public.longest_text(key_features) <= 200) not valid,
  add constraint saved_properties_key_features_no_duplicates check (public.has_no_duplicates(key_features)) not valid,
  add constraint saved_properties_bedrooms_at_most_1000 check (bedrooms <= 1000) not valid,
  add constraint saved_properties_price_at_most_10000000000 check (price <= 10000000000) not valid;

-- Removed properties (soft-deleted) do not count: removing some makes room.
create function public.limit_saved_properties()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if public.is_api_client()
     and (select count(*) from public.saved_properties where user_id = auth.uid() and not _deleted) >= 5000 then
    raise exception 'saved_properties_at_most_5000_per_user: an account may save at most 5,000 properties'
      using errcode = '54000', constraint = 'saved_properties_at_most_5000_per_user';
  end if;
  return new;
end
$$;

revoke execute on function public.limit_saved_properties() from public, anon, authenticated;

create trigger saved_properties_limit
  before insert on public.saved_properties
  for each row execute function public.limit_saved_properties();

-- ---------------------------------------------------------------------------------------------
-- auto_reply_settings
-- ---------------------------------------------------------------------------------------------
alter table public.auto_reply_settings
  add constraint auto_reply_settings_reply_template_at_most_5000_chars check (char_length(reply_template) <= 5000) not valid,
  add constraint auto_reply_settings_demo_link_at_most_2048_chars check (char_length(demo_link) <= 2048) not valid;

-- ---------------------------------------------------------------------------------------------
-- demo_requests: the website is a link staff open
-- ---------------------------------------------------------------------------------------------
alter table public.demo_requests
  add constraint demo_requests_website_is_http_url
    check (coalesce(website, '') = '' or public.is_http_url(website)) not valid;

-- ---------------------------------------------------------------------------------------------
-- Validate what the stored rows allow
-- ---------------------------------------------------------------------------------------------
do $$
declare
  c record;
begin
  for c in
    select n.nspname, t.relname, k.conname
      from pg_catalog.pg_constraint as k
      join pg_catalog.pg_class as t on t.oid = k.conrelid
      join pg_catalog.pg_namespace as n on n.oid = t.relnamespace
     where n.nspname = 'public' and not k.convalidated
  loop
    begin
      execute format('alter table %I.%I validate constraint %I', c.nspname, c.relname, c.conname);
    exception when check_violation then
      raise notice 'Stored rows of % break %; new and changed rows are checked, old ones left as they are.',
        c.relname, c.conname;
    end;
  end loop;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- sync_push: bounded batches and refusals by name
-- ---------------------------------------------------------------------------------------------
-- Why a row the caller cannot see could not be written: 'expired' (an assessment link that has
-- run out), 'taken' (the id belongs to someone else's row) or null (no such row).
create function public.sync_hidden_row(p_table text, p_id uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_token text := public.request_assessment_token();
  v_found boolean;
begin
  if p_table = 'agent_assessments' then
    if exists (select 1 from public.agent_assessments as a
                where a.id = p_id and a.token = v_token and a.expires_at <= now()) then
      return 'expired';
    end if;
    select exists (select 1 from public.agent_assessments where id = p_id) into v_found;
  elsif p_table = 'share_subscriptions' then
    select exists (select 1 from public.share_subscriptions where id = p_id) into v_found;
  elsif p_table = 'saved_properties' then
    select exists (select 1 from public.saved_properties where id = p_id) into v_found;
  else
    v_found := false;
  end if;
  return case when v_found then 'taken' end;
end
$$;

revoke execute on function public.sync_hidden_row(text, uuid) from public, anon, authenticated;
grant execute on function public.sync_hidden_row(text, uuid) to anon, authenticated;

-- As in 20261123000010_sync_landed.sql, plus: at most 200 rows per call; named refusals for a
-- hidden row (expired link, someone else's id), a submitted assessment, and a changed column the
-- device may not write.
create or replace function public.sync_push(p_table text, p_rows jsonb)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  c_server_owned constant text[] := array['created_at', 'updated_at', '_modified', '_writer', '_landed'];
  -- Set by the server during the write whatever the device sends: never a device's change.
  c_trigger_owned constant text[] := array['completed_at'];
  -- The server's own signing facts: a device cannot write them (no privilege), and an app from
  -- before 20261123000011 still holds its own values in signed documents. Not refused (that
  -- document could then never be sent): the server's values stand and come back on the next pull.
  c_server_set constant text[] := array['effective_date', 'payment_reference', 'signature_timestamp'];
  c_max_rows constant integer := 200;
  v_rel regclass;
  v_columns_all text[];
  v_insertable text[];
  v_updatable text[];
  v_element jsonb;
  v_new jsonb;
  v_new_row jsonb;
  v_assumed jsonb;
  v_writer text;
  v_write_id text;
  v_id_text text;
  v_id uuid;
  v_current jsonb;
  v_assumed_row jsonb;
  v_columns text;
  v_assignments text;
  v_count bigint;
  v_conflict_ids uuid[] := '{}';
  v_conflicts jsonb := '[]'::jsonb;
  v_errors jsonb := '[]'::jsonb;
  v_row jsonb;
  v_hidden text;
  v_c text;
  v_code text;
  v_message text;
  v_detail text;
  v_hint text;
  v_column text;
  v_constraint text;
begin
  if p_table = 'share_agreement_status' then
    raise exception 'sync_pull_only_table: share_agreement_status is read-only for devices (only staff change it)'
      using errcode = '42501';
  end if;
  if p_table is null or p_table not in ('saved_properties', 'share_subscriptions', 'agent_assessments') then
    raise exception 'sync_unknown_table: % is not a synced table', coalesce(p_table, 'null')
      using errcode = '22023',
            hint = 'One of saved_properties, share_subscriptions, agent_assessments.';
  end if;
  if p_rows is null or jsonb_typeof(p_rows) = 'null' then
    return jsonb_build_object('conflicts', '[]'::jsonb, 'errors', '[]'::jsonb);
  end if;
  if jsonb_typeof(p_rows) <> 'array' then
    raise exception 'sync_bad_rows: p_rows must be a JSON array of {"new", "assumed"}'
      using errcode = '22023';
  end if;
  if jsonb_array_length(p_rows) > c_max_rows then
    raise exception 'sync_batch_too_large: at most % rows per call, % sent', c_max_rows, jsonb_array_length(p_rows)
      using errcode = '54000',
            hint = 'Send the rows in batches of at most 200.';
  end if;

  v_rel := format('public.%I', p_table)::regclass;

  select coalesce(array_agg(a.attname::text order by a.attnum), '{}'),
         coalesce(array_agg(a.attname::text order by a.attnum)
                    filter (where has_column_privilege(v_rel, a.attnum, 'INSERT')), '{}'),
         coalesce(array_agg(a.attname::text order by a.attnum)
                    filter (where has_column_privilege(v_rel, a.attnum, 'UPDATE') and a.attname <> 'id'), '{}')
    into v_columns_all, v_insertable, v_updatable
    from pg_catalog.pg_attribute as a
   where a.attrelid = v_rel
     and a.attnum > 0
     and not a.attisdropped
     and a.attname <> all (c_server_owned);

  for v_element in select e.value from jsonb_array_elements(p_rows) as e loop
    v_new := v_element -> 'new';
    v_assumed := v_element -> 'assumed';
    if jsonb_typeof(v_assumed) = 'null' then
      v_assumed := null;
    end if;
    v_id_text := case when jsonb_typeof(v_new) = 'object' then v_new ->> 'id' end;
    v_writer := case when jsonb_typeof(v_element -> 'writer') = 'string'
                     then left(v_element ->> 'writer', 64) end;
    v_write_id := case when jsonb_typeof(v_element -> 'write_id') = 'string'
                       then left(v_element ->> 'write_id', 64) end;
    v_current := null;
    v_assumed_row := null;

    begin
      if jsonb_typeof(v_new) is distinct from 'object' or v_id_text is null then
        raise exception 'sync_bad_row: each element needs "new", a row object with an id'
          using errcode = '22023';
      end if;
      if v_assumed is not null and jsonb_typeof(v_assumed) <> 'object' then
        raise exception 'sync_bad_row: "assumed" must be a row object or null'
          using errcode = '22023';
      end if;
      v_id := v_id_text::uuid;
      perform pg_catalog.set_config('chloe.sync_writer', coalesce(v_writer, ''), true);
      perform pg_catalog.set_config('chloe.sync_write_id', coalesce(v_write_id, ''), true);

      execute format('select to_jsonb(t) from public.%I as t where t.id = $1 for update', p_table)
        into v_current using v_id;
      if v_current is null then
        execute format('select to_jsonb(t) from public.%I as t where t.id = $1', p_table)
          into v_current using v_id;
      end if;

      if v_current is null then
        v_hidden := public.sync_hidden_row(p_table, v_id);
        if v_hidden = 'expired' then
          raise exception 'agent_assessments_link_expired: this assessment link has expired'
            using errcode = '42501', constraint = 'agent_assessments_link_expired',
                  hint = 'Ask whoever sent the link for a new one.';
        elsif v_hidden = 'taken' then
          raise exception 'sync_id_taken: % already belongs to a row this caller cannot see', v_id
            using errcode = '42501', constraint = 'sync_id_taken',
                  hint = 'Make a new id (crypto.randomUUID()) for a new row.';
        end if;
        select string_agg(format('%I', c), ', ')
          into v_columns
          from unnest(v_insertable) as c
         where v_new ? c;
        if v_columns is null then
          raise exception 'permission denied for table %', p_table using errcode = '42501';
        end if;
        execute format('insert into public.%I (%s) select %s from jsonb_populate_record(null::public.%I, $1)',
                       p_table, v_columns, v_columns, p_table)
          using v_new;

      elsif v_assumed is null and (v_writer is null or v_current ->> '_writer' is distinct from v_writer) then
        v_conflict_ids := v_conflict_ids || v_id;

      else
        if v_assumed is not null then
          execute format('select to_jsonb(r) from jsonb_populate_record(null::public.%I, $1) as r', p_table)
            into v_assumed_row using v_assumed;
        end if;

        if (v_writer is not null and v_current ->> '_writer' = v_writer)
           or (v_current - c_server_owned) = (v_assumed_row - c_server_owned) then
          execute format('select to_jsonb(r) from jsonb_populate_record(null::public.%I, $1) as r', p_table)
            into v_new_row using v_new;

          -- A column the device may not write, changed by the device (it differs from the server's
          -- and from what the device last saw): refused by name rather than dropped. A null is a
          -- device that never had the value, not a change.
          foreach v_c in array v_columns_all loop
            if v_c <> 'id' and v_c <> all (v_updatable) and v_c <> all (c_server_set) and v_new ? v_c
               and jsonb_typeof(v_new -> v_c) <> 'null'
               and (v_new_row -> v_c) is distinct from (v_current -> v_c)
               and (v_assumed_row is null or (v_new_row -> v_c) is distinct from (v_assumed_row -> v_c)) then
              raise exception 'sync_read_only_column: % is set by the server and cannot be changed', v_c
                using errcode = '42501', column = v_c, constraint = 'sync_read_only_column';
            end if;
          end loop;

          -- A submitted assessment keeps its answers: a change is refused, a repeat of the same
          -- answers (a push whose answer was lost) is not a change.
          if p_table = 'agent_assessments' and v_current ->> 'status' = 'completed' then
            foreach v_c in array v_updatable loop
              if v_c <> all (c_trigger_owned) and v_new ? v_c
                 and (v_new_row -> v_c) is distinct from (v_current -> v_c) then
                raise exception 'agent_assessments_already_completed: this assessment was submitted on % and cannot be changed',
                  to_char((v_current ->> 'completed_at')::timestamptz at time zone 'Europe/London', 'FMDD FMMonth YYYY')
                  using errcode = '42501', constraint = 'agent_assessments_already_completed',
                        column = v_c;
              end if;
            end loop;
          end if;

          select string_agg(format('%1$I = r.%1$I', c), ', ')
            into v_assignments
            from unnest(v_updatable) as c
           where v_new ? c;
          if v_assignments is not null then
            execute format(
              'update public.%I as t set %s from jsonb_populate_record(null::public.%I, $1) as r
                where t.id = $2 and t._modified = $3',
              p_table, v_assignments, p_table)
              using v_new, v_id, (v_current ->> '_modified')::timestamptz;
            get diagnostics v_count = row_count;
            if v_count = 0 then
              v_conflict_ids := v_conflict_ids || v_id;
            end if;
          end if;
        else
          v_conflict_ids := v_conflict_ids || v_id;
        end if;
      end if;

    exception when others then
      get stacked diagnostics
        v_code = returned_sqlstate,
        v_message = message_text,
        v_detail = pg_exception_detail,
        v_hint = pg_exception_hint,
        v_column = column_name,
        v_constraint = constraint_name;
      v_errors := v_errors || jsonb_build_array(jsonb_build_object(
        'id', v_id_text,
        'code', v_code,
        'message', v_message,
        'detail', nullif(v_detail, ''),
        'hint', nullif(v_hint, ''),
        'column', nullif(v_column, ''),
        'constraint', nullif(v_constraint, ''),
        'current', v_current));
    end;
  end loop;
  perform pg_catalog.set_config('chloe.sync_writer', '', true);
  perform pg_catalog.set_config('chloe.sync_write_id', '', true);

  for v_id in select u.id from unnest(v_conflict_ids) with ordinality as u(id, n)
                group by u.id order by min(u.n) loop
    execute format('select to_jsonb(t) from public.%I as t where t.id = $1', p_table)
      into v_row using v_id;
    if v_row is not null then
      v_conflicts := v_conflicts || jsonb_build_array(v_row);
    end if;
  end loop;

  return jsonb_build_object('conflicts', v_conflicts, 'errors', v_errors);
end
$$;
