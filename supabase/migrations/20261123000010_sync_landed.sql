-- Sync: which of a device's pushes landed (docs/decisions/003-sync.md, issue 11).
--
-- `_writer` (20261123000009) lets a device's push through when the device wrote the row last. When
-- another device wrote in between, the push is a real conflict, and the device merges against the
-- state it assumes the server had. If the device's own previous push was committed but its answer
-- was lost, that assumption is too old: the device's later edits of the same fields look like
-- both-sides edits, and the server wins against the device's own value.
--
-- `_landed`: per row, {device id: id of that device's last write that landed}. Each push element
-- carries a `write_id` (random per attempt). With a conflict the device finds in `_landed` whether
-- one of its unanswered pushes landed. If so, it merges against the state it sent then. Set only
-- by the stamping trigger, from transaction-local settings that only sync_push sets. It holds at
-- most 16 devices (a longer map restarts from the writing device).

alter table public.saved_properties add column _landed jsonb not null default '{}'::jsonb;
alter table public.share_subscriptions add column _landed jsonb not null default '{}'::jsonb;
alter table public.share_agreement_status add column _landed jsonb not null default '{}'::jsonb;
alter table public.agent_assessments add column _landed jsonb not null default '{}'::jsonb;

-- As in 20261123000009_sync_writer.sql, plus `_landed`.
create or replace function public.stamp_sync_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_writer text := nullif(pg_catalog.current_setting('chloe.sync_writer', true), '');
  v_write_id text := nullif(pg_catalog.current_setting('chloe.sync_write_id', true), '');
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

comment on function public.stamp_sync_columns() is
  'BEFORE INSERT/UPDATE on synced tables: server-owned created_at, updated_at, _modified (stamped after the xid is assigned, for sync_horizon), _writer and _landed (for writes through sync_push); ids never change.';

-- p_rows elements: {"new", "assumed", "writer", "write_id"}. As in 20261123000009_sync_writer.sql,
-- plus the write id and `_landed` as a server-owned column.
create or replace function public.sync_push(p_table text, p_rows jsonb)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  c_server_owned constant text[] := array['created_at', 'updated_at', '_modified', '_writer', '_landed'];
  v_rel regclass;
  v_insertable text[];
  v_updatable text[];
  v_element jsonb;
  v_new jsonb;
  v_assumed jsonb;
  v_writer text;
  v_write_id text;
  v_id_text text;
  v_id uuid;
  v_current jsonb;
  v_assumed_row jsonb;
  v_columns text;
  v_assignments text;
  v_count bigint;
  v_conflict_ids uuid[] := '{}';
  v_conflicts jsonb := '[]'::jsonb;
  v_errors jsonb := '[]'::jsonb;
  v_row jsonb;
  v_code text;
  v_message text;
  v_detail text;
  v_hint text;
  v_column text;
  v_constraint text;
begin
  if p_table = 'share_agreement_status' then
    raise exception 'sync_pull_only_table: share_agreement_status is read-only for devices (only staff change it)'
      using errcode = '42501';
  end if;
  if p_table is null or p_table not in ('saved_properties', 'share_subscriptions', 'agent_assessments') then
    raise exception 'sync_unknown_table: % is not a synced table', coalesce(p_table, 'null')
      using errcode = '22023',
            hint = 'One of saved_properties, share_subscriptions, agent_assessments.';
  end if;
  if p_rows is null or jsonb_typeof(p_rows) = 'null' then
    return jsonb_build_object('conflicts', '[]'::jsonb, 'errors', '[]'::jsonb);
  end if;
  if jsonb_typeof(p_rows) <> 'array' then
    raise exception 'sync_bad_rows: p_rows must be a JSON array of {"new", "assumed"}'
      using errcode = '22023';
  end if;

  v_rel := format('public.%I', p_table)::regclass;

  -- What the caller may write. Inside a SECURITY INVOKER function current_user is the caller's
  -- role, which is what has_column_privilege checks with no role argument.
  select coalesce(array_agg(a.attname::text order by a.attnum)
                    filter (where has_column_privilege(v_rel, a.attnum, 'INSERT')), '{}'),
         coalesce(array_agg(a.attname::text order by a.attnum)
                    filter (where has_column_privilege(v_rel, a.attnum, 'UPDATE') and a.attname <> 'id'), '{}')
    into v_insertable, v_updatable
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
    v_write_id := case when jsonb_typeof(v_element -> 'write_id') = 'string'
                       then left(v_element ->> 'write_id', 64) end;
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
      -- Who writes, for the stamping trigger (local to this transaction; reset below).
      perform pg_catalog.set_config('chloe.sync_writer', coalesce(v_writer, ''), true);
      perform pg_catalog.set_config('chloe.sync_write_id', coalesce(v_write_id, ''), true);

      -- The current row, locked when the caller may update it. FOR UPDATE also applies the
      -- UPDATE policy, so a row the caller may read but not change (a completed assessment) is
      -- found by the plain read that follows.
      execute format('select to_jsonb(t) from public.%I as t where t.id = $1 for update', p_table)
        into v_current using v_id;
      if v_current is null then
        execute format('select to_jsonb(t) from public.%I as t where t.id = $1', p_table)
          into v_current using v_id;
      end if;

      if v_current is null then
        -- New to the server, as far as the caller can see. A clash with a row RLS hides is a
        -- 23505 (reported, never a conflict the device could loop on).
        select string_agg(format('%I', c), ', ')
          into v_columns
          from unnest(v_insertable) as c
         where v_new ? c;
        if v_columns is null then
          raise exception 'permission denied for table %', p_table using errcode = '42501';
        end if;
        execute format('insert into public.%I (%s) select %s from jsonb_populate_record(null::public.%I, $1)',
                       p_table, v_columns, v_columns, p_table)
          using v_new;

      elsif v_assumed is null and (v_writer is null or v_current ->> '_writer' is distinct from v_writer) then
        v_conflict_ids := v_conflict_ids || v_id;

      else
        if v_assumed is not null then
          execute format('select to_jsonb(r) from jsonb_populate_record(null::public.%I, $1) as r', p_table)
            into v_assumed_row using v_assumed;
        end if;

        -- The row is as the device assumed, or the device itself wrote it last: its own earlier
        -- push (an insert or an update), committed while the answer was lost. Everything in that
        -- row came from this device, whose present state descends from it: not a conflict.
        if (v_writer is not null and v_current ->> '_writer' = v_writer)
           or (v_current - c_server_owned) = (v_assumed_row - c_server_owned) then
          select string_agg(format('%1$I = r.%1$I', c), ', ')
            into v_assignments
            from unnest(v_updatable) as c
           where v_new ? c;
          if v_assignments is not null then
            -- `_modified = $3`: the row is still the one compared (it is locked when the caller
            -- may update it; this also covers the unlocked read above).
            execute format(
              'update public.%I as t set %s from jsonb_populate_record(null::public.%I, $1) as r
                where t.id = $2 and t._modified = $3',
              p_table, v_assignments, p_table)
              using v_new, v_id, (v_current ->> '_modified')::timestamptz;
            get diagnostics v_count = row_count;
            if v_count = 0 then
              -- RLS let the update touch nothing (e.g. a completed assessment): the server row
              -- stands, and the device's conflict handler takes it.
              v_conflict_ids := v_conflict_ids || v_id;
            end if;
          end if;
        else
          v_conflict_ids := v_conflict_ids || v_id;
        end if;
      end if;

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
        -- The row as the server keeps it: the device's next push is judged against this, not
        -- against the refused state (which never reached the server).
        'current', v_current));
    end;
  end loop;
  perform pg_catalog.set_config('chloe.sync_writer', '', true);
  perform pg_catalog.set_config('chloe.sync_write_id', '', true);

  -- Conflicting rows as they are now, after every write of this call, once each.
  for v_id in select u.id from unnest(v_conflict_ids) with ordinality as u(id, n)
                group by u.id order by min(u.n) loop
    execute format('select to_jsonb(t) from public.%I as t where t.id = $1', p_table)
      into v_row using v_id;
    if v_row is not null then
      v_conflicts := v_conflicts || jsonb_build_array(v_row);
    end if;
  end loop;

  return jsonb_build_object('conflicts', v_conflicts, 'errors', v_errors);
end
$$;
