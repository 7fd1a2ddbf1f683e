-- Agent assessments: a questionnaire an estate agency fills in without an account, reached
-- through a link holding a random token (>= 128 bits). The token travels in the
-- x-assessment-token request header; RLS compares it with the row, so holding a valid, unexpired
-- token gives read/update access to that one row and nobody can list assessments. Only a
-- shareholder whose payment is received and shares are issued may create links.

-- ---------------------------------------------------------------------------------------------
-- Who may create assessment links
-- ---------------------------------------------------------------------------------------------
-- SECURITY DEFINER so the insert policy can read the caller's agreement status whatever that
-- table's own policies say; it only ever looks at auth.uid()'s rows and returns a boolean.
-- "Latest signed subscription" is the same row the dashboard shows (newest signed first).
create function public.can_create_assessments()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select coalesce(a.payment_received and a.shares_issued, false)
       from public.share_subscriptions s
       left join public.share_agreement_status a
         on a.subscription_id = s.id and not a._deleted
      where s.user_id = auth.uid()
        and s.status = 'signed'
        and not s._deleted
      order by s.created_at desc, s.id desc
      limit 1),
    false)
$$;

comment on function public.can_create_assessments() is
  'True when the caller''s latest signed subscription has payment received and shares issued (the assessment unlock).';

revoke execute on function public.can_create_assessments() from public, anon;
grant execute on function public.can_create_assessments() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- agent_assessments (synced, by token)
-- ---------------------------------------------------------------------------------------------
create table public.agent_assessments (
  id uuid primary key default gen_random_uuid(),
  -- Alphanumeric and at least 22 characters: 22 x log2(62) > 128 bits when generated with
  -- crypto.getRandomValues. The upper bound only keeps the unique index small.
  token text not null
    constraint agent_assessments_token_key unique
    constraint agent_assessments_token_alphanumeric check (token ~ '^[A-Za-z0-9]+$')
    constraint agent_assessments_token_at_least_22_chars check (char_length(token) >= 22)
    constraint agent_assessments_token_at_most_128_chars check (char_length(token) <= 128),
  -- Null once the creator's account is deleted: the agency's answers stay with staff.
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  -- Set by trigger to 30 days after creation for API clients; staff (service role) may set it.
  expires_at timestamptz not null default (now() + interval '30 days'),
  status text not null default 'pending'
    constraint agent_assessments_status_values check (status in ('pending', 'completed')),
  completed_at timestamptz,

  -- Step 1: agency
  agency_name text,
  office_locations text,
  number_of_offices integer
    constraint agent_assessments_number_of_offices_not_negative check (number_of_offices >= 0),
  main_contact_name text,
  main_contact_email text,
  main_contact_phone text,
  website_url text,

  -- Step 2: assistant personality
  ai_assistant_name text default 'Chloe',
  tone_of_voice text[] not null default '{}'
    constraint agent_assessments_tone_of_voice_options check (tone_of_voice <@ array[
      'Friendly & Casual', 'Professional & Polished', 'Energetic & Fast-paced',
      'Calm & Reassuring', 'Authoritative & Confident']::text[]),
  preferred_greeting text,
  preferred_signoff text,

  -- Step 3: CRM
  crm_platform text,
  is_crm_cloud_based text
    constraint agent_assessments_is_crm_cloud_based_yes_no check (is_crm_cloud_based in ('yes', 'no')),
  uses_lead_tracking text
    constraint agent_assessments_uses_lead_tracking_yes_no check (uses_lead_tracking in ('yes', 'no')),
  wants_crm_integration text
    constraint agent_assessments_wants_crm_integration_yes_no check (wants_crm_integration in ('yes', 'no')),

  -- Step 4: telephony and devices
  phone_system_provider text,
  is_phone_voip text
    constraint agent_assessments_is_phone_voip_yes_no check (is_phone_voip in ('yes', 'no')),
  uses_call_recording text
    constraint agent_assessments_uses_call_recording_yes_no check (uses_call_recording in ('yes', 'no')),
  call_routing_method text
    constraint agent_assessments_call_routing_method_options check (call_routing_method in (
      'Direct to specific agents', 'Round robin distribution', 'Queue system',
      'Skills-based routing', 'Time-based routing')),
  office_devices text[] not null default '{}'
    constraint agent_assessments_office_devices_options check (office_devices <@ array[
      'Desktop computers', 'Tablets', 'IP phones', 'Softphones', 'Reception display screens',
      'Smart speakers']::text[]),
  uses_mobile_devices text
    constraint agent_assessments_uses_mobile_devices_yes_no check (uses_mobile_devices in ('yes', 'no')),
  mobile_device_types text[] not null default '{}'
    constraint agent_assessments_mobile_device_types_options check (mobile_device_types <@ array[
      'iPhone', 'Android phones', 'iPads', 'Android tablets']::text[]),
  preferred_mobile_communication text[] not null default '{}'
    constraint agent_assessments_preferred_mobile_communication_options
      check (preferred_mobile_communication <@ array[
        'WhatsApp', 'SMS', 'Email', 'Phone calls', 'Mobile apps']::text[]),

  -- Step 5: portals, goals, outcomes
  property_portals text[] not null default '{}'
    constraint agent_assessments_property_portals_options check (property_portals <@ array[
      'Rightmove', 'Zoopla', 'OnTheMarket', 'PrimeLocation', 'SpareRoom', 'OpenRent', 'Gumtree',
      'Facebook Marketplace', 'Company website only', 'Other portals']::text[]),
  primary_ai_goals text[] not null default '{}'
    constraint agent_assessments_primary_ai_goals_options check (primary_ai_goals <@ array[
      'Increase lead conversion rates', 'Reduce response time to inquiries',
      'Improve customer service quality', 'Free up staff for high-value activities',
      'Provide 24/7 availability', 'Standardize customer interactions',
      'Gather better lead intelligence', 'Reduce missed opportunities',
      'Improve follow-up consistency', 'Scale operations without hiring']::text[]),
  tracking_outcomes text[] not null default '{}'
    constraint agent_assessments_tracking_outcomes_options check (tracking_outcomes <@ array[
      'Number of leads generated', 'Lead conversion rates', 'Response time metrics',
      'Customer satisfaction scores', 'Time saved on admin tasks', 'Appointment booking rates',
      'Follow-up completion rates', 'Revenue per lead', 'Staff productivity metrics',
      'Customer retention rates']::text[]),

  -- Step 6: tools (one free-text slot per tool category, in the spec's order: email marketing,
  -- social media management, video conferencing, document management, digital signature,
  -- property management software, accounting, customer surveys, analytics, booking/scheduling)
  current_tools text[] not null default array['', '', '', '', '', '', '', '', '', '']::text[]
    constraint agent_assessments_current_tools_10_slots
      check (array_ndims(current_tools) = 1 and cardinality(current_tools) = 10
             and array_position(current_tools, null) is null),
  wants_tool_integration text
    constraint agent_assessments_wants_tool_integration_yes_no check (wants_tool_integration in ('yes', 'no')),
  linkedin_handle text,
  twitter_handle text,
  instagram_handle text,
  snapchat_handle text,
  tiktok_handle text,
  facebook_handle text,
  threads_handle text,

  -- Step 7: scripts and anything else
  valuation_leads_script text,
  viewing_feedback_script text,
  lettings_repairs_script text,
  mortgage_prequel_script text,
  additional_requirements text,

  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,

  constraint agent_assessments_completed_iff_completed_at
    check ((status = 'completed') = (completed_at is not null))
);

comment on table public.agent_assessments is
  'Agency questionnaires reached by token (x-assessment-token header). Synced by (_modified, id).';

create index agent_assessments_sync_idx on public.agent_assessments (_modified, id);
create index agent_assessments_created_by_idx on public.agent_assessments (created_by);

-- The server owns the lifetime and the completion time: for API clients expires_at is always
-- 30 days after creation (a client cannot mint a longer-lived link), and completed_at is the
-- server's time of the pending -> completed transition.
create function public.prepare_agent_assessment()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if public.is_api_client() then
    if tg_op = 'INSERT' then
      new.expires_at := now() + interval '30 days';
    elsif new.status = 'completed' and old.status is distinct from 'completed' then
      new.completed_at := now();
    end if;
  end if;
  return new;
end
$$;

revoke execute on function public.prepare_agent_assessment() from public, anon, authenticated;

-- Fires before the stamping trigger (name order).
create trigger agent_assessments_prepare
  before insert or update on public.agent_assessments
  for each row execute function public.prepare_agent_assessment();

create trigger agent_assessments_stamp_sync_columns
  before insert or update on public.agent_assessments
  for each row execute function public.stamp_sync_columns();

alter table public.agent_assessments enable row level security;

-- Column-level privileges: a token holder may change the answers and complete the assessment,
-- never the token, its expiry, its creator or id (those fail with 42501). updated_at is granted
-- because clients send it; the stamping trigger overwrites it anyway. No DELETE for clients.
revoke all on table public.agent_assessments from anon, authenticated;
grant select on table public.agent_assessments to anon, authenticated;
grant insert on table public.agent_assessments to authenticated;
grant update (
  agency_name, office_locations, number_of_offices,
  main_contact_name, main_contact_email, main_contact_phone, website_url,
  ai_assistant_name, tone_of_voice, preferred_greeting, preferred_signoff,
  crm_platform, is_crm_cloud_based, uses_lead_tracking, wants_crm_integration,
  phone_system_provider, is_phone_voip, uses_call_recording, call_routing_method,
  office_devices, uses_mobile_devices, mobile_device_types, preferred_mobile_communication,
  property_portals, primary_ai_goals, tracking_outcomes,
  current_tools, wants_tool_integration,
  linkedin_handle, twitter_handle, instagram_handle, snapchat_handle, tiktok_handle,
  facebook_handle, threads_handle,
  valuation_leads_script, viewing_feedback_script, lettings_repairs_script,
  mortgage_prequel_script, additional_requirements,
  status, completed_at, updated_at
) on table public.agent_assessments to anon, authenticated;

-- The token holder sees the row while the link is valid; the creator (a shareholder) always sees
-- the links they made. Neither clause can match a row without knowing its token or creating it,
-- so nobody can list assessments.
create policy agent_assessments_select_token_or_creator on public.agent_assessments
  for select to anon, authenticated
  using (
    (token = (select public.request_assessment_token()) and expires_at > now())
    or created_by = (select auth.uid())
  );

-- Only the holder of a valid token edits, and only while pending: after completion an update
-- matches no row. WITH CHECK lets the same update move status to 'completed'.
create policy agent_assessments_update_token_holder on public.agent_assessments
  for update to anon, authenticated
  using (
    token = (select public.request_assessment_token())
    and expires_at > now()
    and status = 'pending'
  )
  with check (
    token = (select public.request_assessment_token())
    and expires_at > now()
  );

-- Creating links is a shareholder feature (payment received and shares issued), enforced here
-- and not only by the greyed-out button.
create policy agent_assessments_insert_shareholder on public.agent_assessments
  for insert to authenticated
  with check (
    created_by = (select auth.uid())
    and status = 'pending'
    and (select public.can_create_assessments())
  );
