-- Why a row the caller cannot see could not be written (sync_push_rows asks): 'expired' (an
-- assessment link that has run out), 'taken' (the id belongs to someone else's row) or null (no
-- such row). SECURITY DEFINER: it looks past RLS, and says no more than that, and only to
-- sync_push_rows: called straight through the API it would tell anyone whether an id exists.
-- Its caller is read from the call stack, which no request can spell otherwise (the request's
-- path could: PostgREST routes '/rpc/sync%5Fhidden%5Frow' here and keeps it encoded).
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
  v_context text;
  v_caller text;
begin
  get diagnostics v_context = pg_context;
  -- The call stack, innermost first: this function, then the function that called it (lines of
  -- the SQL run between the two, if any, are not functions).
  select t.line into v_caller
    from pg_catalog.unnest(pg_catalog.string_to_array(v_context, E'\n')) with ordinality as t(line, n)
   where t.line like 'PL/pgSQL function %'
   order by t.n
  offset 1 limit 1;
  if coalesce(v_caller, '') !~ '^PL/pgSQL function (public\.)?sync_push_rows\(' then
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
