-- How a subscription was signed (issue 31): by drawing on the pad, or by typing the subscriber's
-- name, which the app draws as the same kind of image. The agreement text says which, so the
-- evidence hash covers it. Every row before this was drawn (the default); a signed row keeps it,
-- as the signed-row guard freezes every column.
--
-- Hand-written: the column, its check and its grants (before the function that reads it). Then the
-- declaration of share_agreement_text from supabase/schemas, as `npm run db:migration` writes it.

alter table public.share_subscriptions
  add column signature_method text not null default 'drawn'
    constraint share_subscriptions_signature_method_values check (signature_method in ('drawn', 'typed'));

grant insert (signature_method), update (signature_method) on table public.share_subscriptions to authenticated;

-- From supabase/schemas/shareholder/10-agreement.sql

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
