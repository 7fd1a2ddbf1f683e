-- public.agent_assessments, as the migrations leave it (supabase/schemas/README.md: Changing a table).

create table public.agent_assessments (
  id uuid default gen_random_uuid() not null,
  token text not null,
  created_by uuid default auth.uid(),
  expires_at timestamp with time zone default (now() + '30 days'::interval) not null,
  status text default 'pending'::text not null,
  completed_at timestamp with time zone,
  agency_name text,
  office_locations text,
  number_of_offices integer,
  main_contact_name text,
  main_contact_email text,
  main_contact_phone text,
  website_url text,
  ai_assistant_name text default 'Chloe'::text,
  tone_of_voice text[] default '{}'::text[] not null,
  preferred_greeting text,
  preferred_signoff text,
  crm_platform text,
  is_crm_cloud_based text,
  uses_lead_tracking text,
  wants_crm_integration text,
  phone_system_provider text,
  is_phone_voip text,
  uses_call_recording text,
  call_routing_method text,
  office_devices text[] default '{}'::text[] not null,
  uses_mobile_devices text,
  mobile_device_types text[] default '{}'::text[] not null,
  preferred_mobile_communication text[] default '{}'::text[] not null,
  property_portals text[] default '{}'::text[] not null,
  primary_ai_goals text[] default '{}'::text[] not null,
  tracking_outcomes text[] default '{}'::text[] not null,
  current_tools text[] default ARRAY[''::text, ''::text, ''::text, ''::text, ''::text, ''::text, ''::text, ''::text, ''::text, ''::text] not null,
  wants_tool_integration text,
  linkedin_handle text,
  twitter_handle text,
  instagram_handle text,
  snapchat_handle text,
  tiktok_handle text,
  facebook_handle text,
  threads_handle text,
  valuation_leads_script text,
  viewing_feedback_script text,
  lettings_repairs_script text,
  mortgage_prequel_script text,
  additional_requirements text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  _modified timestamp with time zone default clock_timestamp() not null,
  _deleted boolean default false not null,
  last_step smallint default 1 not null,
  _writer text,
  _writer_seq bigint,
  constraint agent_assessments_pkey PRIMARY KEY (id),
  constraint agent_assessments_token_key UNIQUE (token),
  constraint agent_assessments_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL,
  constraint agent_assessments_additional_requirements_at_most_5000_chars CHECK (char_length(additional_requirements) <= 5000),
  constraint agent_assessments_agency_name_at_most_200_chars CHECK (char_length(agency_name) <= 200),
  constraint agent_assessments_ai_assistant_name_at_most_200_chars CHECK (char_length(ai_assistant_name) <= 200),
  constraint agent_assessments_call_routing_method_options CHECK (call_routing_method = ANY (ARRAY['Direct to specific agents'::text, 'Round robin distribution'::text, 'Queue system'::text, 'Skills-based routing'::text, 'Time-based routing'::text])),
  constraint agent_assessments_completed_iff_completed_at CHECK ((status = 'completed'::text) = (completed_at IS NOT NULL)),
  constraint agent_assessments_crm_platform_at_most_200_chars CHECK (char_length(crm_platform) <= 200),
  constraint agent_assessments_current_tools_10_slots CHECK (array_ndims(current_tools) = 1 AND cardinality(current_tools) = 10 AND array_position(current_tools, NULL::text) IS NULL),
  constraint agent_assessments_current_tools_at_most_200_chars CHECK (public.longest_text(current_tools) <= 200),
  constraint agent_assessments_facebook_handle_at_most_200_chars CHECK (char_length(facebook_handle) <= 200),
  constraint agent_assessments_instagram_handle_at_most_200_chars CHECK (char_length(instagram_handle) <= 200),
  constraint agent_assessments_is_crm_cloud_based_yes_no CHECK (is_crm_cloud_based = ANY (ARRAY['yes'::text, 'no'::text])),
  constraint agent_assessments_is_phone_voip_yes_no CHECK (is_phone_voip = ANY (ARRAY['yes'::text, 'no'::text])),
  constraint agent_assessments_last_step_1_to_7 CHECK (last_step >= 1 AND last_step <= 7),
  constraint agent_assessments_lettings_repairs_script_at_most_5000_chars CHECK (char_length(lettings_repairs_script) <= 5000),
  constraint agent_assessments_linkedin_handle_at_most_200_chars CHECK (char_length(linkedin_handle) <= 200),
  constraint agent_assessments_main_contact_email_at_most_320_chars CHECK (char_length(main_contact_email) <= 320),
  constraint agent_assessments_main_contact_email_format CHECK (status = 'pending'::text OR COALESCE(main_contact_email, ''::text) = ''::text OR public.is_email(main_contact_email)),
  constraint agent_assessments_main_contact_name_at_most_200_chars CHECK (char_length(main_contact_name) <= 200),
  constraint agent_assessments_main_contact_phone_at_most_40_chars CHECK (char_length(main_contact_phone) <= 40),
  constraint agent_assessments_mobile_device_types_no_duplicates CHECK (public.has_no_duplicates(mobile_device_types)),
  constraint agent_assessments_mobile_device_types_options CHECK (mobile_device_types <@ ARRAY['iPhone'::text, 'Android phones'::text, 'iPads'::text, 'Android tablets'::text]),
  constraint agent_assessments_mortgage_prequel_script_at_most_5000_chars CHECK (char_length(mortgage_prequel_script) <= 5000),
  constraint agent_assessments_number_of_offices_at_most_10000 CHECK (number_of_offices <= 10000),
  constraint agent_assessments_number_of_offices_not_negative CHECK (number_of_offices >= 0),
  constraint agent_assessments_office_devices_no_duplicates CHECK (public.has_no_duplicates(office_devices)),
  constraint agent_assessments_office_devices_options CHECK (office_devices <@ ARRAY['Desktop computers'::text, 'Tablets'::text, 'IP phones'::text, 'Softphones'::text, 'Reception display screens'::text, 'Smart speakers'::text]),
  constraint agent_assessments_office_locations_at_most_500_chars CHECK (char_length(office_locations) <= 500),
  constraint agent_assessments_phone_system_provider_at_most_200_chars CHECK (char_length(phone_system_provider) <= 200),
  constraint agent_assessments_preferred_greeting_at_most_1000_chars CHECK (char_length(preferred_greeting) <= 1000),
  constraint agent_assessments_preferred_mobile_communication_no_duplicates CHECK (public.has_no_duplicates(preferred_mobile_communication)),
  constraint agent_assessments_preferred_mobile_communication_options CHECK (preferred_mobile_communication <@ ARRAY['WhatsApp'::text, 'SMS'::text, 'Email'::text, 'Phone calls'::text, 'Mobile apps'::text]),
  constraint agent_assessments_preferred_signoff_at_most_1000_chars CHECK (char_length(preferred_signoff) <= 1000),
  constraint agent_assessments_primary_ai_goals_no_duplicates CHECK (public.has_no_duplicates(primary_ai_goals)),
  constraint agent_assessments_primary_ai_goals_options CHECK (primary_ai_goals <@ ARRAY['Increase lead conversion rates'::text, 'Reduce response time to inquiries'::text, 'Improve customer service quality'::text, 'Free up staff for high-value activities'::text, 'Provide 24/7 availability'::text, 'Standardize customer interactions'::text, 'Gather better lead intelligence'::text, 'Reduce missed opportunities'::text, 'Improve follow-up consistency'::text, 'Scale operations without hiring'::text]),
  constraint agent_assessments_property_portals_no_duplicates CHECK (public.has_no_duplicates(property_portals)),
  constraint agent_assessments_property_portals_options CHECK (property_portals <@ ARRAY['Rightmove'::text, 'Zoopla'::text, 'OnTheMarket'::text, 'PrimeLocation'::text, 'SpareRoom'::text, 'OpenRent'::text, 'Gumtree'::text, 'Facebook Marketplace'::text, 'Company website only'::text, 'Other portals'::text]),
  constraint agent_assessments_snapchat_handle_at_most_200_chars CHECK (char_length(snapchat_handle) <= 200),
  constraint agent_assessments_status_values CHECK (status = ANY (ARRAY['pending'::text, 'completed'::text])),
  constraint agent_assessments_threads_handle_at_most_200_chars CHECK (char_length(threads_handle) <= 200),
  constraint agent_assessments_tiktok_handle_at_most_200_chars CHECK (char_length(tiktok_handle) <= 200),
  constraint agent_assessments_token_alphanumeric CHECK (token ~ '^[A-Za-z0-9]+$'::text),
  constraint agent_assessments_token_at_least_22_chars CHECK (char_length(token) >= 22),
  constraint agent_assessments_token_at_most_128_chars CHECK (char_length(token) <= 128),
  constraint agent_assessments_tone_of_voice_no_duplicates CHECK (public.has_no_duplicates(tone_of_voice)),
  constraint agent_assessments_tone_of_voice_options CHECK (tone_of_voice <@ ARRAY['Friendly & Casual'::text, 'Professional & Polished'::text, 'Energetic & Fast-paced'::text, 'Calm & Reassuring'::text, 'Authoritative & Confident'::text]),
  constraint agent_assessments_tracking_outcomes_no_duplicates CHECK (public.has_no_duplicates(tracking_outcomes)),
  constraint agent_assessments_tracking_outcomes_options CHECK (tracking_outcomes <@ ARRAY['Number of leads generated'::text, 'Lead conversion rates'::text, 'Response time metrics'::text, 'Customer satisfaction scores'::text, 'Time saved on admin tasks'::text, 'Appointment booking rates'::text, 'Follow-up completion rates'::text, 'Revenue per lead'::text, 'Staff productivity metrics'::text, 'Customer retention rates'::text]),
  constraint agent_assessments_twitter_handle_at_most_200_chars CHECK (char_length(twitter_handle) <= 200),
  constraint agent_assessments_uses_call_recording_yes_no CHECK (uses_call_recording = ANY (ARRAY['yes'::text, 'no'::text])),
  constraint agent_assessments_uses_lead_tracking_yes_no CHECK (uses_lead_tracking = ANY (ARRAY['yes'::text, 'no'::text])),
  constraint agent_assessments_uses_mobile_devices_yes_no CHECK (uses_mobile_devices = ANY (ARRAY['yes'::text, 'no'::text])),
  constraint agent_assessments_valuation_leads_script_at_most_5000_chars CHECK (char_length(valuation_leads_script) <= 5000),
  constraint agent_assessments_viewing_feedback_script_at_most_5000_chars CHECK (char_length(viewing_feedback_script) <= 5000),
  constraint agent_assessments_wants_crm_integration_yes_no CHECK (wants_crm_integration = ANY (ARRAY['yes'::text, 'no'::text])),
  constraint agent_assessments_wants_tool_integration_yes_no CHECK (wants_tool_integration = ANY (ARRAY['yes'::text, 'no'::text])),
  constraint agent_assessments_website_url_at_most_2048_chars CHECK (char_length(website_url) <= 2048),
  constraint agent_assessments_website_url_is_http_url CHECK (COALESCE(website_url, ''::text) = ''::text OR public.is_http_url(website_url)),
  constraint agent_assessments_writer_length CHECK (length(_writer) <= 64)
);

create index agent_assessments_created_by_idx on public.agent_assessments using btree (created_by);
create index agent_assessments_sync_idx on public.agent_assessments using btree (_modified, id);

alter table public.agent_assessments enable row level security;

create policy "agent_assessments_insert_shareholder" on public.agent_assessments
  as permissive for insert to authenticated
  with check (((created_by = ( SELECT auth.uid() AS uid)) AND (status = 'pending'::text) AND ( SELECT public.can_create_assessments() AS can_create_assessments)));

create policy "agent_assessments_select_token_or_creator" on public.agent_assessments
  as permissive for select to anon, authenticated
  using ((((token = ( SELECT public.request_assessment_token() AS request_assessment_token)) AND (expires_at > now())) OR (created_by = ( SELECT auth.uid() AS uid))));

create policy "agent_assessments_update_token_holder" on public.agent_assessments
  as permissive for update to anon, authenticated
  using (((token = ( SELECT public.request_assessment_token() AS request_assessment_token)) AND (expires_at > now()) AND (status = 'pending'::text) AND COALESCE((created_by <> ( SELECT auth.uid() AS uid)), true)))
  with check (((token = ( SELECT public.request_assessment_token() AS request_assessment_token)) AND (expires_at > now()) AND COALESCE((created_by <> ( SELECT auth.uid() AS uid)), true)));

create trigger agent_assessments_announce_insert AFTER INSERT ON public.agent_assessments REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.announce_sync_change('token');

create trigger agent_assessments_announce_update AFTER UPDATE ON public.agent_assessments REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.announce_sync_change('token');

create trigger agent_assessments_prepare BEFORE INSERT OR UPDATE ON public.agent_assessments FOR EACH ROW EXECUTE FUNCTION public.prepare_agent_assessment();

create trigger agent_assessments_stamp_sync_columns BEFORE INSERT OR UPDATE ON public.agent_assessments FOR EACH ROW EXECUTE FUNCTION public.stamp_sync_columns();

revoke all on table public.agent_assessments from public, anon, authenticated, service_role;
grant insert on table public.agent_assessments to authenticated;
grant delete, insert, select, update on table public.agent_assessments to service_role;
grant select (
  id, token, expires_at, status, completed_at, agency_name, office_locations, number_of_offices,
  main_contact_name, main_contact_email, main_contact_phone, website_url, ai_assistant_name,
  tone_of_voice, preferred_greeting, preferred_signoff, crm_platform, is_crm_cloud_based,
  uses_lead_tracking, wants_crm_integration, phone_system_provider, is_phone_voip,
  uses_call_recording, call_routing_method, office_devices, uses_mobile_devices,
  mobile_device_types, preferred_mobile_communication, property_portals, primary_ai_goals,
  tracking_outcomes, current_tools, wants_tool_integration, linkedin_handle, twitter_handle,
  instagram_handle, snapchat_handle, tiktok_handle, facebook_handle, threads_handle,
  valuation_leads_script, viewing_feedback_script, lettings_repairs_script,
  mortgage_prequel_script, additional_requirements, created_at, updated_at, _modified, _deleted,
  last_step, _writer, _writer_seq
) on table public.agent_assessments to anon, authenticated;
grant update (
  status, completed_at, agency_name, office_locations, number_of_offices, main_contact_name,
  main_contact_email, main_contact_phone, website_url, ai_assistant_name, tone_of_voice,
  preferred_greeting, preferred_signoff, crm_platform, is_crm_cloud_based, uses_lead_tracking,
  wants_crm_integration, phone_system_provider, is_phone_voip, uses_call_recording,
  call_routing_method, office_devices, uses_mobile_devices, mobile_device_types,
  preferred_mobile_communication, property_portals, primary_ai_goals, tracking_outcomes,
  current_tools, wants_tool_integration, linkedin_handle, twitter_handle, instagram_handle,
  snapchat_handle, tiktok_handle, facebook_handle, threads_handle, valuation_leads_script,
  viewing_feedback_script, lettings_repairs_script, mortgage_prequel_script,
  additional_requirements, updated_at, last_step
) on table public.agent_assessments to anon, authenticated;

comment on table public.agent_assessments is 'Agency questionnaires reached by token (x-assessment-token header). Synced by (_modified, id).';
