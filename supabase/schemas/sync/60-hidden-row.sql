-- Why a row the caller cannot see could not be written (sync_push_rows asks): 'expired' (an
-- assessment link that has run out), 'taken' (the id belongs to someone else's row) or null (no
-- such row). SECURITY DEFINER: it looks past RLS, and says no more than that, and only to
-- sync_push_rows: called straight through the API it would tell anyone whether an id exists.
create or replace function public.sync_hidden_row(p_table text, p_id uuid)
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
  if coalesce(pg_catalog.current_setting('request.path', true), '') like '/rpc/sync_hidden_row%' then
    raise exception 'sync_internal_function: sync_hidden_row answers sync_push only'
      using errcode = '42501';
  end if;
  if p_table = 'agent_assessments' then
    if exists (select 1 from public.agent_assessments as a
                where a.id = p_id and a.token = v_token and a.expires_at <= now()) then
      return 'expired';
    end if;
  end if;
  -- Only the tables devices push: the name comes from the caller.
  if exists (select from public.sync_tables() as t where t.table_name = p_table and t.pushed) then
    execute format('select exists (select 1 from public.%I where id = $1)', p_table)
      into v_found using p_id;
  else
    v_found := false;
  end if;
  return case when v_found then 'taken' end;
end
$$;

revoke execute on function public.sync_hidden_row(text, uuid) from public;
grant execute on function public.sync_hidden_row(text, uuid) to anon, authenticated, service_role;
