-- Agent assessments: who may create links, what a link holder is told, and the server's part of
-- every write (the link's lifetime, the completion time, the limits).

-- SECURITY DEFINER so the insert policy can read the caller's agreement status whatever that
-- table's own policies say; it only ever looks at auth.uid()'s rows and returns a boolean.
-- "Latest signed subscription" is the same row the dashboard shows (newest signed first).
create or replace function public.can_create_assessments()
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

-- SECURITY DEFINER: counts expired links too, which the creator's own select still shows, and
-- soft-deleted ones. Only ever the caller's.
create or replace function public.assessments_created_by_me()
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
create or replace function public.assessment_link_state(p_token text)
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

-- BEFORE INSERT/UPDATE (it fires before the stamping trigger: name order). The server owns the
-- lifetime and the completion time: for API clients expires_at is always 30 days after creation
-- (a client cannot mint a longer-lived link), and completed_at is the server's time of the
-- pending -> completed transition. The creator's email must be an address from the start (the
-- link tool's form checks it too), one account creates at most 1,000 links, and a submitted
-- assessment's contact phone is a phone number and its assistant has a name (Chloe by default).
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
      -- Per account: two writers that each count below the limit must not both write (they wait here).
      perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('limit:agent_assessments:' || coalesce(auth.uid()::text, ''), 0));
      if public.assessments_created_by_me() >= 1000 then
        raise exception 'agent_assessments_at_most_1000_per_creator: an account may create at most 1,000 assessment links'
          using errcode = '54000', constraint = 'agent_assessments_at_most_1000_per_creator';
      end if;
    elsif new.status = 'completed' and old.status is distinct from 'completed' then
      new.completed_at := now();
      -- The assistant is called Chloe unless the agency named it (a cleared name is no name).
      new.ai_assistant_name := coalesce(nullif(pg_catalog.btrim(new.ai_assistant_name), ''), 'Chloe');
      -- Half-typed while the agency fills it in; a phone number once submitted (it may be empty).
      if coalesce(pg_catalog.btrim(new.main_contact_phone), '') <> '' and not public.is_phone(new.main_contact_phone) then
        raise exception 'agent_assessments_main_contact_phone_format: the contact phone is not a phone number'
          using errcode = '23514', column = 'main_contact_phone',
                constraint = 'agent_assessments_main_contact_phone_format';
      end if;
    end if;
  end if;
  return new;
end
$$;

revoke execute on function public.prepare_agent_assessment() from public, anon, authenticated;
