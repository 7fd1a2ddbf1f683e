-- Local development data. Runs on every `npm start` against the persisted database, so every
-- statement is idempotent (on conflict ... do nothing / do update). Never run against production.
--
--   demo user        demo@chloe.local / chloe-demo-password
--   shareholder      one signed subscription, payment received and shares issued (the demo user
--                    can therefore create assessment links)
--   assessment link  /agent-assessment/DemoAssessmentToken0000000000001 (valid for 30 days from
--                    the latest start)
--   saved properties two listings, as the browser extension saves them
--   email assistant  a connected Gmail account (its grant is in the local Google) with auto-reply
--                    on, and five handled emails, three received in the 24 hours before the first
--                    start (the voice assistant mentions those)

-- The demo user, as Supabase Auth writes a confirmed email sign-up: every column it reads into a
-- string holds '' rather than NULL (a NULL token column makes the real service's sign-in fail with
-- a 500, supabase/auth#1940), and the user has its email identity. Valid for `supabase db reset`
-- against the real service as for the local one.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, confirmation_token, recovery_token, email_change_token_new,
  email_change, email_change_token_current, reauthentication_token, phone_change, phone_change_token,
  is_sso_user, is_anonymous, created_at, updated_at
) values (
  '00000000-0000-0000-0000-000000000000',
  '00000000-0000-4000-8000-000000000001',
  'authenticated',
  'authenticated',
  'demo@chloe.local',
  extensions.crypt('chloe-demo-password', extensions.gen_salt('bf')),
  now(),
  null,
  '{"provider":"email","providers":["email"]}',
  '{"full_name":"Demo Shareholder"}',
  '', '', '', '', '', '', '', '',
  false, false, now(), now()
)
on conflict do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
values (
  '00000000-0000-4000-8000-000000000001',
  '00000000-0000-4000-8000-000000000001',
  '{"sub":"00000000-0000-4000-8000-000000000001","email":"demo@chloe.local","email_verified":true,"phone_verified":false}',
  'email',
  now(),
  now()
)
on conflict do nothing;

-- A signed subscription. Inserting it as signed fires the signing trigger, which creates its
-- share_agreement_status row (cancellation deadline = effective date + 10 days).
insert into public.share_subscriptions (
  id, user_id, subscriber_name, subscriber_address, subscriber_email, subscriber_phone,
  number_of_shares, subscription_price, total_amount, effective_date, payment_reference,
  signature_data, signature_timestamp, status
) values (
  '00000000-0000-4000-8000-000000000101',
  '00000000-0000-4000-8000-000000000001',
  'Demo Shareholder',
  '1 Demo Street, London, SW1A 1AA',
  'demo@chloe.local',
  '020 7946 0000',
  5000, 1.25, 6250,
  current_date,
  'CHLOE-69600000',
  -- A 1x1 transparent PNG: any image data URL satisfies the signature check.
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  now(),
  'signed'
)
on conflict (id) do nothing;

-- Staff steps: payment received and shares issued unlock assessment links for the demo user.
-- The WHERE keeps re-runs from touching the row (and moving its _modified) when already set.
update public.share_agreement_status
   set payment_received = true,
       shares_issued = true
 where subscription_id = '00000000-0000-4000-8000-000000000101'
   and not (payment_received and shares_issued);

-- The demo assessment link; its expiry moves to 30 days from now on every start so the link in
-- the README keeps working. A development database may hold demo answers from before the limits of
-- 20261123000011 (a 1 MB answer): the row then cannot be rewritten until they are shortened, and
-- the start goes on with a notice rather than failing.
do $$
begin
  insert into public.agent_assessments (
    id, token, created_by, expires_at, status, agency_name, main_contact_name, main_contact_email,
    main_contact_phone
  ) values (
    '00000000-0000-4000-8000-000000000201',
    'DemoAssessmentToken0000000000001',
    '00000000-0000-4000-8000-000000000001',
    now() + interval '30 days',
    'pending',
    'Demo Estates',
    'Demo Contact',
    'demo@chloe.local',
    '020 7946 0001'
  )
  on conflict (token) do update
    set expires_at = excluded.expires_at;
exception when check_violation then
  raise notice 'The demo assessment breaks a limit added since it was filled in (%): its expiry was not moved.', sqlerrm;
end
$$;

-- Two saved properties, as the browser extension would have saved them (/saved-properties).
insert into public.saved_properties (
  id, user_id, title, address, price, bedrooms, property_type, key_features, agent_name, agency_name
) values
  ('00000000-0000-4000-8000-000000000301', '00000000-0000-4000-8000-000000000001',
   '2 bedroom flat for sale', 'Flat 4, 12 Albion Road, London, N16 9PH', 525000, 2, 'Flat',
   array['Private balcony', 'Chain free', 'Close to Overground'], 'Sarah Collins', 'Demo Estates'),
  ('00000000-0000-4000-8000-000000000302', '00000000-0000-4000-8000-000000000001',
   '3 bedroom terraced house for sale', '27 Mill Lane, Bristol, BS3 4QT', 415000, 3, 'Terraced house',
   array['Garden', 'Loft conversion potential', 'Off-street parking'], 'James Patel', 'Harbourside Homes')
on conflict (id) do nothing;

-- A connected mailbox, as the Gmail OAuth function records it, and its grant in the local Google
-- (supabase/local/services/google/ knows this refresh token as demo.chloe@gmail.test's): mail
-- dropped into that inbox (`npm run staff -- mail-in --to demo.chloe@gmail.test ...`) gets an
-- automatic reply. History id 1000 is where a new local mailbox starts.
insert into public.gmail_accounts (id, user_id, email_address, account_status, last_sync_at)
values ('00000000-0000-4000-8000-000000000401', '00000000-0000-4000-8000-000000000001',
        'demo.chloe@gmail.test', 'active', now())
on conflict do nothing;

insert into public.gmail_credentials (gmail_account_id, refresh_token, scope, history_id)
values ('00000000-0000-4000-8000-000000000401', '1//local-demo-chloe-refresh-token',
        'openid email https://www.googleapis.com/auth/gmail.readonly https://www.googleapis.com/auth/gmail.send',
        '1000')
on conflict do nothing;

-- The demo user's auto-reply: on, the default template, a booking link to fill it with.
insert into public.auto_reply_settings (user_id, enabled, demo_link)
values ('00000000-0000-4000-8000-000000000001', true, 'https://example.com/book-a-demo-with-chloe')
on conflict do nothing;

-- Five emails the assistant handled, relative to now: three in the last 24 hours, two older.
-- Inserted only when the demo user has none (logs the assistant wrote since are kept); on every
-- start the seeded five are moved back to those ages, so the demo's "last 24 hours" (what the
-- voice assistant is told) is never empty on a later day. New ids each time: after the mailbox
-- was disconnected, its logs stay behind as deleted rows and fresh ones come.
drop table if exists pg_temp.demo_emails;
create temporary table demo_emails (sender_email text, sender_name text, subject text, age interval, reply_status text);
insert into demo_emails values
  ('priya.shah@example.com', 'Priya Shah', 'Viewing request: 2 bedroom flat, Albion Road', interval '35 minutes', 'pending'),
  ('tom.whitaker@example.org', 'Tom Whitaker', 'Offer on 27 Mill Lane', interval '4 hours', 'replied'),
  ('valuations@harbourside-homes.example.com', 'Harbourside Homes', 'Valuation booked for Thursday at 10am',
   interval '15 hours', 'replied'),
  ('hello@mortgage-desk.example.net', 'Mortgage Desk', 'Your agreement in principle is ready', interval '3 days', 'replied'),
  ('sam.green@example.com', 'Sam Green', 'Chain update for Flat 4', interval '6 days', 'skipped');

insert into public.email_logs (
  user_id, gmail_account_id, sender_email, sender_name, subject, received_at, reply_status, replied_at
)
select a.user_id, a.id, v.sender_email, v.sender_name, v.subject,
       now() - v.age, v.reply_status, case when v.reply_status = 'replied' then now() - v.age + interval '2 minutes' end
  from public.gmail_accounts as a
 cross join demo_emails as v
 where a.user_id = '00000000-0000-4000-8000-000000000001'
   and a.email_address = 'demo.chloe@gmail.test'
   and not exists (select from public.email_logs as l
                    where l.user_id = '00000000-0000-4000-8000-000000000001' and not l._deleted);

update public.email_logs as l
   set received_at = now() - v.age,
       replied_at = case when l.reply_status = 'replied' then now() - v.age + interval '2 minutes' end
  from demo_emails as v
 where l.user_id = '00000000-0000-4000-8000-000000000001'
   and not l._deleted
   and l.sender_email = v.sender_email
   and l.subject = v.subject
   and l.received_at < now() - v.age - interval '1 hour';

drop table pg_temp.demo_emails;
