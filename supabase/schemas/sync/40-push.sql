-- The push side of sync (docs/decisions/003-sync.md and 030-two-writers-one-truth.md): devices
-- call sync_push through PostgREST (`client.rpc('sync_push', ...)`) with up to 200 rows of one
-- table.
--
-- p_rows: [{"new": row, "assumed": the row as the device last saw it from the server | null,
--           "writer": the device's id, "seq": the push's place in the device's order}]. Other
--           keys (an older app's "write_id", "after", "partial") are not read.
-- Returns {"conflicts": [current row, ...], "errors": [{"id", "code", "message", "detail", "hint",
-- "column", "constraint", "current"}]}.
--
-- Rows all new to the server go in with one insert: a device coming back online with a pile of
-- new rows would otherwise spend most of the push on sync_push_rows' four or five queries per row
-- (1,000 offline drafts reach Postgres at least five times faster this way). If any row is refused
-- (a check, a taken id, a limit), that insert is undone and the rows take the per-row path
-- (sync/50-push-rows.sql), which names the refused row and keeps the others. The answer is the
-- same either way. Only for the tables declared with bulk_insert (sync/10-tables.sql): saved
-- properties, the table a device fills in bulk.
create or replace function public.sync_push(p_table text, p_rows jsonb)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  c_server_owned constant text[] := array['created_at', 'updated_at', '_modified', '_writer', '_writer_seq'];
  v_rows integer;
  v_shapes integer;
  v_writers integer;
  v_seqs integer;
  v_seq text;
  v_distinct_ids integer;
  v_writer text;
  v_ids uuid[];
  v_first jsonb;
  v_columns text;
  v_visible boolean;
begin
  perform public.sync_push_size_check(p_rows);
  -- Everything the per-row path checks first (the table, the shape, the batch size) it still does.
  -- Only tables declared for it (bulk_insert in sync/10-tables.sql).
  if not exists (select from public.sync_tables() as t where t.table_name = p_table and t.bulk_insert)
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
           count(distinct coalesce(e ->> 'seq', '')),
           count(distinct (e -> 'new' ->> 'id')::uuid),
           min(e ->> 'writer'),
           min((e ->> 'seq')::bigint)::text,
           array_agg((e -> 'new' ->> 'id')::uuid)
      into v_rows, v_shapes, v_writers, v_seqs, v_distinct_ids, v_writer, v_seq, v_ids
      from jsonb_array_elements(p_rows) as e
     where jsonb_typeof(e -> 'new') = 'object'
       and jsonb_typeof(e -> 'new' -> 'id') = 'string'
       and coalesce(jsonb_typeof(e -> 'assumed'), 'null') = 'null'
       and coalesce(jsonb_typeof(e -> 'writer'), 'null') in ('null', 'string')
       and coalesce(length(e ->> 'writer'), 0) <= 64
       and coalesce(jsonb_typeof(e -> 'seq'), 'null') in ('null', 'number');
  exception when others then
    -- An id that is not a uuid: the per-row path refuses that row by name.
    return public.sync_push_rows(p_table, p_rows);
  end;
  if v_rows <> jsonb_array_length(p_rows) or v_shapes <> 1 or v_writers <> 1 or v_seqs <> 1
     or v_distinct_ids <> v_rows then
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
    perform pg_catalog.set_config('chloe.sync_writer_seq', coalesce(v_seq, ''), true);
    execute format('insert into public.%I (%s) select %s from jsonb_populate_recordset(null::public.%I, $1)',
                   p_table, v_columns, v_columns, p_table)
      using (select jsonb_agg(e -> 'new' order by n) from jsonb_array_elements(p_rows) with ordinality as x(e, n));
    perform pg_catalog.set_config('chloe.sync_writer', '', true);
    perform pg_catalog.set_config('chloe.sync_writer_seq', '', true);
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

-- A push is bounded in bytes, not only in rows: 200 rows of megabytes each were read whole (an
-- anonymous push of 40 MB went in). A user's 200 rows fit in 32 MB (a signature is at most 500,000
-- characters, sent with its assumed state); an assessment link, which has no account, pushes its
-- one row, far under 1 MB.
create or replace function public.sync_push_size_check(p_rows jsonb)
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  v_limit bigint := case when auth.uid() is null then 1048576 else 33554432 end;
  v_size bigint := pg_catalog.octet_length(p_rows::text);
begin
  if public.is_api_client() and v_size > v_limit then
    raise exception 'sync_push_too_large: at most % bytes per call, % sent', v_limit, v_size
      using errcode = '54000', constraint = 'sync_push_too_large';
  end if;
end
$$;

comment on function public.sync_push_size_check(jsonb) is
  'Refuses a push larger than 32 MB (1 MB without an account): called by sync_push and sync_push_rows.';

revoke execute on function public.sync_push_size_check(jsonb) from public;
grant execute on function public.sync_push_size_check(jsonb) to anon, authenticated, service_role;
