-- The agreement a share subscription signs, its evidence hash and its cooling-off deadline.

-- The one text that is signed. The app renders the same text (src/features/shareholder/
-- agreement.ts); tests/integration/shareholder/shareholder.test.ts checks the two agree, character
-- for character, so the hash shown in the app is over what the subscriber read. Dates as the app
-- shows them ('23 November 2026'). Rows signed before dates were written this way keep the hash
-- computed over the text they were signed with; the app shows the stored hash, never a recomputed
-- one.
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
    -- How the subscriber signed (a typed name is an electronic signature under UK law too).
    case p.signature_method
      when 'typed' then 'Signed electronically by the Subscriber, who typed their name as their signature.'
      else 'Signed electronically by the Subscriber with a drawn signature.'
    end
  )
$$;

comment on function public.share_agreement_text(public.share_subscriptions) is
  'The agreement a subscription signs; must equal agreementText() in src/features/shareholder/agreement.ts.';

-- SHA-256 (hex) over the agreement text and the signature image, stored on signing.
create or replace function public.share_signature_hash(p public.share_subscriptions)
returns text
language sql
stable
set search_path = ''
as $$
  select encode(pg_catalog.sha256(convert_to(public.share_agreement_text(p) || E'\n' || coalesce(p.signature_data, ''), 'UTF8')), 'hex')
$$;

create or replace function public.share_cooling_off_ends(p_effective_date date)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select ((p_effective_date + 10)::timestamp at time zone 'UTC')
$$;

comment on function public.share_cooling_off_ends(date) is
  'End of the cooling-off period: midnight UTC at the start of effective date + 10 days.';
