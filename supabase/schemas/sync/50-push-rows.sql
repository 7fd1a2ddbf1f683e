-- The per-row push, called by sync_push (sync/40-push.sql). Each element is handled on its own (a
-- subtransaction): a refused row is reported in "errors" and never fails the rest of the batch
-- (one refused row would otherwise block a device's whole queue).
--
--   no row the caller can see      -> INSERT the columns the caller may insert (an id that belongs
--                                     to a row the caller cannot see, or an expired assessment
--                                     link, is refused by name: sync_hidden_row); an insert that
--                                     meets the same id committed meanwhile is judged against it
--   this device wrote it last with  -> nothing: a late request, already overtaken by the device's
--   a later push ("seq")               newer push (answered as taken: the device's state is newer)
--   row exists, assumed is null    -> conflict (the device thought it was new), unless this
--                                     device wrote the row last (its own earlier push)
--   row data = assumed data, or    -> UPDATE the columns the caller may update; if RLS lets the
--   this device wrote it last         update touch no row (a completed assessment) -> conflict
--   row data <> assumed data       -> conflict
--
-- "This device wrote it last" (_writer, set by the stamping trigger from "writer") is how a push
-- whose answer was lost is recognised: the device's next push still assumes the older state, and
-- its present state descends from the row it wrote. "seq" orders one device's pushes: the push a
-- page sends as it goes may overtake one already under way (docs/decisions/030).
--
-- "Data" is every column the caller may read except the server-owned ones (created_at, updated_at,
-- _modified, _writer, _writer_seq): the device's copy of those can lag. The assumed state is first read into
-- the table's row type, so values compare as Postgres values (numeric 1.25 = 1.250, timestamps in
-- any offset, text[] element by element), not as the device's spelling of them. Columns the device
-- leaves out of "new" keep their current value (or their default on insert). A column the caller
-- has no privilege on is refused by name when the device changed it (sync_read_only_column), and
-- a submitted assessment keeps its answers; the server's signing facts (effective date, payment
-- reference, signature time) are neither refused nor written: the server's values stand and come
-- back on the next pull.
--
-- SECURITY INVOKER: RLS, the column grants and the tables' triggers decide exactly as they do for
-- a plain API request. At most 200 rows per call, of a table sync/10-tables.sql declares pushed.
create or replace function public.sync_push_rows(p_table text, p_rows jsonb)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  c_server_owned constant text[] := array['created_at', 'updated_at', '_modified', '_writer', '_writer_seq'];
  -- Set by the server during the write whatever the device sends: never a device's change.
  c_trigger_owned constant text[] := array['completed_at'];
  -- The server's own signing facts: a device cannot write them (no privilege), and an app from
  -- before 20261123000011 still holds its own values in signed documents. Not refused (that
  -- document could then never be sent): the server's values stand and come back on the next pull.
  c_server_set constant text[] := array['effective_date', 'payment_reference', 'signature_timestamp'];
  c_max_rows constant integer := 200;
  v_rel regclass;
  v_columns_all text[]; v_unreadable text[]; v_insertable text[]; v_updatable text[];
  v_element jsonb; v_new jsonb; v_new_row jsonb; v_assumed jsonb;
  v_writer text;
  v_seq bigint;
  v_id_text text; v_id uuid;
  v_current jsonb; v_assumed_row jsonb;
  v_columns text;
  v_assignments text;
  v_count bigint;
  v_try integer;
  v_conflict_ids uuid[] := '{}';
  v_conflicts jsonb := '[]'::jsonb;
  v_errors jsonb := '[]'::jsonb;
  v_row jsonb; v_hidden text; v_read_only text; v_c text;
  -- A refused row's error, as reported.
  v_code text; v_message text; v_detail text; v_hint text; v_column text; v_constraint text;
begin
  -- A synced table devices may not push is refused by name (it has no write privilege on it).
  select t.read_only_because into v_read_only
    from public.sync_tables() as t
   where t.table_name = p_table and not t.pushed;
  if found then
    raise exception 'sync_pull_only_table: % is read-only for devices (%)', p_table, v_read_only
      using errcode = '42501';
  end if;
  if p_table is null or not exists (select from public.sync_tables() as t where t.table_name = p_table and t.pushed) then
    raise exception 'sync_unknown_table: % is not a synced table', coalesce(p_table, 'null')
      using errcode = '22023',
            hint = (select 'One of ' || string_agg(t.table_name, ', ' order by t.n) || '.'
                      from public.sync_tables() with ordinality as t(table_name, pushed, bulk_insert, read_only_because, n)
                     where t.pushed);
  end if;
  if p_rows is null or jsonb_typeof(p_rows) = 'null' then
    return jsonb_build_object('conflicts', '[]'::jsonb, 'errors', '[]'::jsonb);
  end if;
  if jsonb_typeof(p_rows) <> 'array' then
    raise exception 'sync_bad_rows: p_rows must be a JSON array of {"new", "assumed"}'
      using errcode = '22023';
  end if;
  perform public.sync_push_size_check(p_rows);
  if jsonb_array_length(p_rows) > c_max_rows then
    raise exception 'sync_batch_too_large: at most % rows per call, % sent', c_max_rows, jsonb_array_length(p_rows)
      using errcode = '54000',
            hint = 'Send the rows in batches of at most 200.';
  end if;
  v_rel := format('public.%I', p_table)::regclass;

  -- What the caller may see (a column it may not read is never compared: the device never had
  -- it) and write. Inside a SECURITY INVOKER function current_user is the caller's
  -- role, which is what has_column_privilege checks with no role argument.
  select coalesce(array_agg(a.attname::text order by a.attnum)
                    filter (where has_column_privilege(v_rel, a.attnum, 'SELECT')), '{}'),
         coalesce(array_agg(a.attname::text order by a.attnum)
                    filter (where not has_column_privilege(v_rel, a.attnum, 'SELECT')), '{}'),
         coalesce(array_agg(a.attname::text order by a.attnum)
                    filter (where has_column_privilege(v_rel, a.attnum, 'INSERT')), '{}'),
         coalesce(array_agg(a.attname::text order by a.attnum)
                    filter (where has_column_privilege(v_rel, a.attnum, 'UPDATE') and a.attname <> 'id'), '{}')
    into v_columns_all, v_unreadable, v_insertable, v_updatable
    from pg_catalog.pg_attribute as a
   where a.attrelid = v_rel
     and a.attnum > 0
     and not a.attisdropped
     and a.attname <> all (c_server_owned);

  for v_element in select e.value from jsonb_array_elements(p_rows) as e loop
    v_new := v_element -> 'new';
    v_assumed := v_element -> 'assumed';
    if jsonb_typeof(v_assumed) = 'null' then
      v_assumed := null;
    end if;
    v_id_text := case when jsonb_typeof(v_new) = 'object' then v_new ->> 'id' end;
    v_writer := case when jsonb_typeof(v_element -> 'writer') = 'string'
                     then left(v_element ->> 'writer', 64) end;
    v_seq := null;
    v_current := null;
    v_assumed_row := null;

    begin
      if jsonb_typeof(v_new) is distinct from 'object' or v_id_text is null then
        raise exception 'sync_bad_row: each element needs "new", a row object with an id'
          using errcode = '22023';
      end if;
      if v_assumed is not null and jsonb_typeof(v_assumed) <> 'object' then
        raise exception 'sync_bad_row: "assumed" must be a row object or null'
          using errcode = '22023';
      end if;
      v_id := v_id_text::uuid;
      if jsonb_typeof(v_element -> 'seq') = 'number' then
        v_seq := (v_element ->> 'seq')::bigint;
      end if;
      -- Who writes, and in which order, for the stamping trigger (local to this transaction).
      perform pg_catalog.set_config('chloe.sync_writer', coalesce(v_writer, ''), true);
      perform pg_catalog.set_config('chloe.sync_writer_seq', coalesce(v_seq::text, ''), true);

      -- Twice at most: an insert that meets the same id committed meanwhile is judged again.
      for v_try in 1..2 loop
        -- The current row, locked when the caller may update it. FOR UPDATE also applies the
        -- UPDATE policy, so a row the caller may read but not change (a completed assessment) is
        -- found by the plain read that follows.
        v_current := coalesce(public.sync_visible_row(p_table, v_id, true), public.sync_visible_row(p_table, v_id));

        if v_current is not null and v_writer is not null and v_current ->> '_writer' = v_writer
           and v_seq is not null and (v_current ->> '_writer_seq')::bigint >= v_seq then
          -- A late request of this device: its newer push has landed already.
          null;
        elsif v_current is null then
          v_hidden := public.sync_hidden_row(p_table, v_id);
          if v_hidden = 'expired' then
            raise exception 'agent_assessments_link_expired: this assessment link has expired'
              using errcode = '42501', constraint = 'agent_assessments_link_expired',
                    hint = 'Ask whoever sent the link for a new one.';
          elsif v_hidden = 'taken' then
            raise exception 'sync_id_taken: % already belongs to a row this caller cannot see', v_id
              using errcode = '42501', constraint = 'sync_id_taken',
                    hint = 'Make a new id (crypto.randomUUID()) for a new row.';
          end if;
          select string_agg(format('%I', c), ', ')
            into v_columns
            from unnest(v_insertable) as c
           where v_new ? c;
          if v_columns is null then
            raise exception 'permission denied for table %', p_table using errcode = '42501';
          end if;
          begin
            execute format('insert into public.%I (%s) select %s from jsonb_populate_record(null::public.%I, $1)',
                           p_table, v_columns, v_columns, p_table)
              using v_new;
          exception when unique_violation then
            -- The same id, inserted by a request that committed while this one waited on it (this
            -- device's push still under way as its page went): judged against that row instead.
            if v_try = 2 or public.sync_visible_row(p_table, v_id) is null then
              raise;
            end if;
            continue;
          end;

        elsif v_assumed is null and (v_writer is null or v_current ->> '_writer' is distinct from v_writer) then
          v_conflict_ids := v_conflict_ids || v_id;

        else
          if v_assumed is not null then
            execute format('select to_jsonb(r) from jsonb_populate_record(null::public.%I, $1) as r', p_table)
              into v_assumed_row using v_assumed;
            v_assumed_row := v_assumed_row - v_unreadable;
          end if;

          -- The row is as the device assumed, or the device itself wrote it last: its own earlier
          -- push, committed while the answer was lost, from which its present state descends.
          if (v_writer is not null and v_current ->> '_writer' = v_writer)
             or (v_current - c_server_owned) = (v_assumed_row - c_server_owned) then
            execute format('select to_jsonb(r) from jsonb_populate_record(null::public.%I, $1) as r', p_table)
              into v_new_row using v_new;

            -- A column the device may not write, changed by the device (it differs from the server's
            -- and from what the device last saw): refused by name rather than dropped. A null is a
            -- device that never had the value, not a change.
            foreach v_c in array v_columns_all loop
              if v_c <> 'id' and v_c <> all (v_updatable) and v_c <> all (c_server_set) and v_new ? v_c
                 and jsonb_typeof(v_new -> v_c) <> 'null'
                 and (v_new_row -> v_c) is distinct from (v_current -> v_c)
                 and (v_assumed_row is null or (v_new_row -> v_c) is distinct from (v_assumed_row -> v_c)) then
                raise exception 'sync_read_only_column: % is set by the server and cannot be changed', v_c
                  using errcode = '42501', column = v_c, constraint = 'sync_read_only_column';
              end if;
            end loop;

            -- A submitted assessment keeps its answers: a change is refused, a repeat of the same
            -- answers (a push whose answer was lost) is not a change.
            if p_table = 'agent_assessments' and v_current ->> 'status' = 'completed' then
              foreach v_c in array v_updatable loop
                if v_c <> all (c_trigger_owned) and v_new ? v_c
                   and (v_new_row -> v_c) is distinct from (v_current -> v_c) then
                  raise exception 'agent_assessments_already_completed: this assessment was submitted on % and cannot be changed',
                    to_char((v_current ->> 'completed_at')::timestamptz at time zone 'Europe/London', 'FMDD FMMonth YYYY')
                    using errcode = '42501', constraint = 'agent_assessments_already_completed',
                          column = v_c;
                end if;
              end loop;
            end if;

            select string_agg(format('%1$I = r.%1$I', c), ', ')
              into v_assignments
              from unnest(v_updatable) as c
             where v_new ? c;
            if v_assignments is not null then
              execute format(
                'update public.%I as t set %s from jsonb_populate_record(null::public.%I, $1) as r
                  where t.id = $2 and t._modified = $3',
                p_table, v_assignments, p_table)
                using v_new, v_id, (v_current ->> '_modified')::timestamptz;
              get diagnostics v_count = row_count;
              if v_count = 0 then
                -- RLS let the update touch nothing (e.g. a completed assessment): the server row stands.
                v_conflict_ids := v_conflict_ids || v_id;
              end if;
            end if;
          else
            v_conflict_ids := v_conflict_ids || v_id;
          end if;
        end if;
        exit;
      end loop;

    exception when others then
      get stacked diagnostics
        v_code = returned_sqlstate,
        v_message = message_text,
        v_detail = pg_exception_detail,
        v_hint = pg_exception_hint,
        v_column = column_name,
        v_constraint = constraint_name;
      v_errors := v_errors || jsonb_build_array(jsonb_build_object(
        'id', v_id_text,
        'code', v_code,
        'message', v_message,
        'detail', nullif(v_detail, ''),
        'hint', nullif(v_hint, ''),
        'column', nullif(v_column, ''),
        'constraint', nullif(v_constraint, ''),
        -- The device's next push is judged against the row as the server keeps it.
        'current', v_current));
    end;
  end loop;
  perform pg_catalog.set_config('chloe.sync_writer', '', true);
  perform pg_catalog.set_config('chloe.sync_writer_seq', '', true);

  -- Conflicting rows as they are now, after every write of this call, once each.
  for v_id in select u.id from unnest(v_conflict_ids) with ordinality as u(id, n)
                group by u.id order by min(u.n) loop
    v_row := public.sync_visible_row(p_table, v_id);
    if v_row is not null then
      v_conflicts := v_conflicts || jsonb_build_array(v_row);
    end if;
  end loop;

  return jsonb_build_object('conflicts', v_conflicts, 'errors', v_errors);
end
$$;

comment on function public.sync_push_rows(text, jsonb) is
  'The per-row sync push (called by sync_push): per row, insert if new, compare-and-set update against the assumed state, else return the current row as a conflict; refusals reported per row. {"conflicts", "errors"}.';

revoke execute on function public.sync_push_rows(text, jsonb) from public;
grant execute on function public.sync_push_rows(text, jsonb) to anon, authenticated, service_role;
