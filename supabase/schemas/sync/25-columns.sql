-- What a device sees of a synced row: the columns the caller may SELECT. The grants decide, so a
-- column withheld from clients (agent_assessments.created_by, which a link holder must not learn)
-- is left out of pulls, conflicts and comparisons instead of failing them with 42501.

-- The caller's readable columns of a synced table, in table order. SECURITY INVOKER:
-- has_column_privilege with no role argument checks current_user, the caller.
create or replace function public.sync_readable_columns(p_table text)
returns text[]
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(array_agg(a.attname::text order by a.attnum), '{}')
    from pg_catalog.pg_attribute as a
   where a.attrelid = pg_catalog.format('public.%I', p_table)::regclass
     and a.attnum > 0
     and not a.attisdropped
     and pg_catalog.has_column_privilege(a.attrelid, a.attnum, 'SELECT')
$$;

comment on function public.sync_readable_columns(text) is
  'The columns of a synced table the caller may SELECT, in table order: what pulls and pushes show a device.';

revoke execute on function public.sync_readable_columns(text) from public;
grant execute on function public.sync_readable_columns(text) to anon, authenticated, service_role;

-- One row as the caller may see it (null when RLS hides it), optionally locked FOR UPDATE (which
-- also applies the UPDATE policy: a row the caller may read but not change is then null).
create or replace function public.sync_visible_row(p_table text, p_id uuid, p_lock boolean default false)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_row jsonb;
  v_columns text := (select pg_catalog.string_agg(pg_catalog.format('t.%I', c), ', ')
                       from unnest(public.sync_readable_columns(p_table)) as c);
begin
  if v_columns is null then
    raise exception 'permission denied for table %', p_table using errcode = '42501';
  end if;
  execute pg_catalog.format(
    'select to_jsonb(r) from (select %s from public.%I as t where t.id = $1 %s) as r',
    v_columns,
    p_table,
    case when p_lock then 'for update' else '' end)
    into v_row using p_id;
  return v_row;
end
$$;

comment on function public.sync_visible_row(text, uuid, boolean) is
  'One synced row as jsonb with only the columns the caller may read; null when RLS hides it. p_lock: FOR UPDATE.';

revoke execute on function public.sync_visible_row(text, uuid, boolean) from public;
grant execute on function public.sync_visible_row(text, uuid, boolean) to anon, authenticated, service_role;
