-- Rows new to the server in one statement (issue 18: 1,000 drafts made offline reach Postgres at
-- least five times faster than 1,000 one-by-one upserts).
--
-- sync_push (20261123000012) takes each row in its own subtransaction with four or five queries:
-- right for a compare-and-set update and for naming a refused row, but most of a push's time when
-- a device comes back online with a pile of new rows. A push of saved properties whose rows are
-- all new (no assumed state, no row with their ids visible) now goes in with one insert; if any row is refused (a
-- check, a taken id, a limit), that insert is undone and the rows take the per-row path as before,
-- which names the refused row and keeps the others. The answer is the same either way.

alter function public.sync_push(text, jsonb) rename to sync_push_rows;

comment on function public.sync_push_rows(text, jsonb) is
  'The per-row sync push (called by sync_push): per row, insert if new, compare-and-set update against the assumed state, else return the current row as a conflict; refusals reported per row. {"conflicts", "errors"}.';

-- One write id per row of a single insert: the stamp trigger reads the row's own from a map when
-- chloe.sync_write_id (one row at a time) is not set.
create or replace function public.stamp_sync_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_writer text := nullif(pg_catalog.current_setting('chloe.sync_writer', true), '');
  v_write_id text := coalesce(
    nullif(pg_catalog.current_setting('chloe.sync_write_id', true), ''),
    nullif(nullif(pg_catalog.current_setting('chloe.sync_write_ids', true), '')::jsonb ->> new.id::text, ''));
  v_landed jsonb := '{}'::jsonb;
begin
  perform pg_catalog.pg_current_xact_id();
  if tg_op = 'INSERT' then
    new.created_at := now();
  else
    -- The id is the row's identity on every device; changing it would orphan local copies.
    if new.id is distinct from old.id then
      raise exception 'sync_id_is_immutable: the id of a synced row cannot change'
        using errcode = '23514',
              detail = format('Table %s, id %s.', tg_table_name, old.id);
    end if;
    new.created_at := old.created_at;
    v_landed := coalesce(old._landed, '{}'::jsonb);
  end if;
  new.updated_at := now();
  new._modified := clock_timestamp();
  new._writer := v_writer;
  if v_writer is not null and v_write_id is not null then
    if (select count(*) from jsonb_object_keys(v_landed)) >= 16 then
      v_landed := '{}'::jsonb;
    end if;
    v_landed := v_landed || jsonb_build_object(v_writer, v_write_id);
  end if;
  new._landed := v_landed;
  return new;
end
$$;

create function public.sync_push(p_table text, p_rows jsonb)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  c_server_owned constant text[] := array['created_at', 'updated_at', '_modified', '_writer', '_landed'];
  v_rows integer;
  v_shapes integer;
  v_writers integer;
  v_distinct_ids integer;
  v_writer text;
  v_write_ids jsonb;
  v_ids uuid[];
  v_first jsonb;
  v_columns text;
  v_visible boolean;
begin
  -- Everything the per-row path checks first (the table, the shape, the batch size) it still does.
  -- Saved properties only: the table a device fills in bulk, and whose insert writes no other row
  -- (a subscription's writes its agreement status, stamped with the push's one write id).
  if p_table is distinct from 'saved_properties'
     or jsonb_typeof(p_rows) is distinct from 'array'
     or jsonb_array_length(p_rows) not between 1 and 200 then
    return public.sync_push_rows(p_table, p_rows);
  end if;

  -- New rows only (no assumed state), each with an id, all with the same columns and writer (or
  -- none), as the per-row path would read them.
  begin
    select count(*),
           count(distinct (select array_agg(k order by k) from jsonb_object_keys(e -> 'new') as k)),
           count(distinct coalesce(e ->> 'writer', '')),
           count(distinct (e -> 'new' ->> 'id')::uuid),
           min(e ->> 'writer'),
           jsonb_object_agg((e -> 'new' ->> 'id')::uuid::text, e -> 'write_id'),
           array_agg((e -> 'new' ->> 'id')::uuid)
      into v_rows, v_shapes, v_writers, v_distinct_ids, v_writer, v_write_ids, v_ids
      from jsonb_array_elements(p_rows) as e
     where jsonb_typeof(e -> 'new') = 'object'
       and jsonb_typeof(e -> 'new' -> 'id') = 'string'
       and coalesce(jsonb_typeof(e -> 'assumed'), 'null') = 'null'
       and coalesce(jsonb_typeof(e -> 'writer'), 'null') in ('null', 'string')
       and coalesce(length(e ->> 'writer'), 0) <= 64
       and coalesce(jsonb_typeof(e -> 'write_id'), 'null') in ('null', 'string')
       and coalesce(length(e ->> 'write_id'), 0) <= 64;
  exception when others then
    -- An id that is not a uuid: the per-row path refuses that row by name.
    return public.sync_push_rows(p_table, p_rows);
  end;
  if v_rows <> jsonb_array_length(p_rows) or v_shapes <> 1 or v_writers <> 1 or v_distinct_ids <> v_rows then
    return public.sync_push_rows(p_table, p_rows);
  end if;

  -- None of them on the server yet, as far as this caller can see (a row it cannot see makes the
  -- insert fail on the primary key, and the per-row path says whose it is).
  execute format('select exists (select 1 from public.%I where id = any($1))', p_table)
    into v_visible using v_ids;
  if v_visible then
    return public.sync_push_rows(p_table, p_rows);
  end if;

  v_first := p_rows -> 0 -> 'new';
  select string_agg(format('%I', a.attname), ', ' order by a.attnum)
    into v_columns
    from pg_catalog.pg_attribute as a
   where a.attrelid = format('public.%I', p_table)::regclass
     and a.attnum > 0
     and not a.attisdropped
     and a.attname <> all (c_server_owned)
     and has_column_privilege(a.attrelid, a.attnum, 'INSERT')
     and v_first ? a.attname;
  if v_columns is null then
    return public.sync_push_rows(p_table, p_rows);
  end if;

  begin
    perform pg_catalog.set_config('chloe.sync_writer', coalesce(v_writer, ''), true);
    perform pg_catalog.set_config('chloe.sync_write_ids', v_write_ids::text, true);
    execute format('insert into public.%I (%s) select %s from jsonb_populate_recordset(null::public.%I, $1)',
                   p_table, v_columns, v_columns, p_table)
      using (select jsonb_agg(e -> 'new' order by n) from jsonb_array_elements(p_rows) with ordinality as x(e, n));
    perform pg_catalog.set_config('chloe.sync_writer', '', true);
    perform pg_catalog.set_config('chloe.sync_write_ids', '', true);
  exception when others then
    -- Undone (with the settings above): one at a time, so the refused row is named and the
    -- others still go in.
    return public.sync_push_rows(p_table, p_rows);
  end;
  return jsonb_build_object('conflicts', '[]'::jsonb, 'errors', '[]'::jsonb);
end
$$;

comment on function public.sync_push(text, jsonb) is
  'Sync push: rows all new to the server in one insert, anything else (or any refusal among them) row by row through sync_push_rows. {"conflicts", "errors"}.';

revoke execute on function public.sync_push(text, jsonb) from public;
grant execute on function public.sync_push(text, jsonb) to anon, authenticated, service_role;

-- The 5,000-properties limit, checked once per statement instead of once per row: counting an
-- account's rows before each of a push's 200 inserts cost more than the inserts themselves. A
-- statement that takes an account past the limit is refused whole; a push then goes row by row
-- (sync_push above), so the rows up to the limit still go in and the first one over is named.
create or replace function public.limit_saved_properties()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if public.is_api_client()
     and (select count(*) from public.saved_properties where user_id = auth.uid() and not _deleted) > 5000 then
    raise exception 'saved_properties_at_most_5000_per_user: an account may save at most 5,000 properties'
      using errcode = '54000', constraint = 'saved_properties_at_most_5000_per_user';
  end if;
  return null;
end
$$;

drop trigger saved_properties_limit on public.saved_properties;
create trigger saved_properties_limit
  after insert on public.saved_properties
  for each statement execute function public.limit_saved_properties();
