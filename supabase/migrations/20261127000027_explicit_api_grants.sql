-- Every table of schema public granted explicitly to the API roles that use it (issue 30).
--
-- Hosted Supabase stopped granting new tables in public to anon, authenticated and service_role:
-- for new projects from 30 May 2026 and for every project from 30 October 2026. The migrations
-- before this one relied on the old default for service_role (the edge functions' auto-reply,
-- norman-access, the staff CLI) and, for a few tables, for anon and authenticated: on a project
-- created today they would apply and then fail with "permission denied for table ...".
--
-- What each role gets is what it uses; RLS still decides which rows. anon and authenticated keep
-- the table and column grants the earlier migrations gave them (repeated here where they came
-- only from the old default). service_role, which bypasses RLS, is for trusted servers: read and
-- write, never TRUNCATE, REFERENCES or TRIGGER. On a database made under the old default these
-- grants change nothing; on one made under today's they are what makes it work.

grant select, insert, update, delete on table
  public.agent_assessments,
  public.auto_reply_settings,
  public.demo_request_attempts,
  public.demo_requests,
  public.email_logs,
  public.gmail_accounts,
  public.gmail_credentials,
  public.gmail_oauth_states,
  public.gmail_thread_replies,
  public.norman_access_attempts,
  public.saved_properties,
  public.share_agreement_status,
  public.share_subscriptions
  to service_role;

grant usage, select on sequence
  public.demo_request_attempts_id_seq,
  public.norman_access_attempts_id_seq
  to service_role;
