-- Sync RPCs for the offline-first tables (DESIGN.md "Sync", STACK.md "Replication with list
-- columns"): a checkpointed pull and a batched compare-and-set push per table, called by RxDB's
-- replication handlers through PostgREST (`client.rpc('sync_pull' | 'sync_push', ...)`).
--
-- Both are SECURITY INVOKER: they run as the caller (anon, authenticated or service_role), so
-- RLS, the column-level grants and the existing triggers (stamping, signed-row guard, agreement
-- status, assessment lifetime) decide exactly as they do for a plain API request. Only the
-- horizon below needs more than the caller's rights.

-- ---------------------------------------------------------------------------------------------
-- Pull horizon: rows with an older _modified can no longer appear or change
-- ---------------------------------------------------------------------------------------------
-- `_modified` is clock_timestamp() at the time of the write, not commit order. A row written by a
-- transaction that is still open when a pull runs is invisible to that pull; it becomes visible
-- later carrying an older `_modified` than rows the pull already returned, and a plain
-- (_modified, id) checkpoint would then skip it forever (STACK.md: seen in the prototype).
--
-- Every row of a transaction has `_modified >= xact_start` of that transaction (clock_timestamp()
-- never runs behind the transaction's start time). So once we know the oldest start among
-- transactions that may still commit writes, every row with `_modified` before it is final:
-- either committed and visible to a snapshot taken afterwards, or never going to exist.
--
--   horizon = least(now(), min(xact_start) of the other backends of this database that hold a
--                         transaction id)
--
-- * Only backends with an xid (backend_xid is not null) can have written rows. A backend that
--   gets its xid after we read pg_stat_activity writes with clock_timestamp() later than that
--   read, which is after now() (our transaction's start): least(now(), ...) covers it. The
--   stamping trigger takes the xid before it reads the clock (see stamp_sync_columns below), so
--   there is no gap between "row stamped" and "writer visible here".
-- * Only this database: rows of our tables are written by backends connected to it, and a long
--   transaction elsewhere in the cluster should not hold back pulls.
-- * An xid whose start we cannot see (xact_start hidden: the owner lacks pg_read_all_stats) and a
--   prepared (two-phase) transaction have no usable start: they count as -infinity, i.e. nothing
--   is final while they exist. Conservative (pulls return nothing new meanwhile), never lossy.
-- * The caller must read rows with a snapshot taken AFTER this function ran (sync_pull calls it
--   in its own statement first, at READ COMMITTED): a writer that commits in between is then
--   visible, and one still open is counted here.
--
-- Cost: a long-running writing transaction holds back every pull until it ends (rows after its
-- start wait). Pulls stay correct; they are only delayed.
--
-- SECURITY DEFINER (owner: the migration role, postgres): other sessions' xact_start in
-- pg_stat_activity is visible only to superusers and members of pg_read_all_stats (hosted
-- Supabase grants pg_monitor, which includes it, to postgres). It returns one timestamp and
-- reads nothing else; the empty search_path keeps a caller from redirecting any name.
create function public.sync_horizon()
returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_oldest timestamptz;
begin
  -- pg_stat_activity is cached for the rest of the transaction after its first read; start fresh.
  perform pg_catalog.pg_stat_clear_snapshot();

  select pg_catalog.min(coalesce(a.xact_start, '-infinity'::timestamptz))
    into v_oldest
    from pg_catalog.pg_stat_activity as a
   where a.backend_xid is not null
     and a.pid <> pg_catalog.pg_backend_pid()
     and a.datid = (select d.oid from pg_catalog.pg_database as d
                     where d.datname = pg_catalog.current_database());

  if exists (select from pg_catalog.pg_prepared_xacts as p
              where p.database = pg_catalog.current_database()) then
    v_oldest := '-infinity'::timestamptz;
  end if;

  -- least() ignores nulls: with no other writer the horizon is now().
  return least(pg_catalog.now(), v_oldest);
end
$$;

comment on function public.sync_horizon() is
  'Rows with _modified before this time are final (no open transaction can still commit an older one). Pulls read only below it.';

revoke execute on function public.sync_horizon() from public;
grant execute on function public.sync_horizon() to anon, authenticated, service_role;

-- The stamping trigger takes the transaction id before it reads the clock. Without this, a row is
-- stamped first and the xid assigned a moment later (when the tuple is written): a pull reading
-- pg_stat_activity in that gap would see no writer, and a horizon of now() could be later than
-- the row's _modified. A write gets an xid anyway; this only moves that to before the stamp.
-- The rest of the body is unchanged from 20261122000001_helpers.sql.
create or replace function public.stamp_sync_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
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
  end if;
  new.updated_at := now();
  new._modified := clock_timestamp();
  return new;
end
$$;

comment on function public.stamp_sync_columns() is
  'BEFORE INSERT/UPDATE on synced tables: server-owned created_at, updated_at, _modified (stamped after the xid is assigned, for sync_horizon); ids never change.';

-- ---------------------------------------------------------------------------------------------
-- sync_pull
-- ---------------------------------------------------------------------------------------------
-- Returns {"documents": [row, ...], "checkpoint": {"modified": text, "id": uuid} | input}.
-- Rows are what the caller may SELECT (RLS: own rows, or the assessment of the x-assessment-token
-- header), soft-deleted ones included (that is how deletes reach other devices), after the
-- checkpoint in (_modified, id) order and before the horizon. `_modified` travels as text with
-- every microsecond (to_jsonb keeps them; a JS Date would not) and is compared as timestamptz.
create function public.sync_pull(p_table text, p_checkpoint jsonb, p_limit integer)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_limit integer := greatest(1, least(coalesce(p_limit, 100), 1000));
  v_after_modified timestamptz := '-infinity';
  v_after_id uuid := '00000000-0000-0000-0000-000000000000';
  v_horizon timestamptz;
  v_documents jsonb;
  v_last jsonb;
begin
  if p_table is null or p_table not in
       ('saved_properties', 'share_subscriptions', 'share_agreement_status', 'agent_assessments') then
    raise exception 'sync_unknown_table: % is not a synced table', coalesce(p_table, 'null')
      using errcode = '22023',
            hint = 'One of saved_properties, share_subscriptions, share_agreement_status, agent_assessments.';
  end if;

  -- The horizon is only safe with a snapshot taken after it (see sync_horizon): at REPEATABLE
  -- READ or SERIALIZABLE the snapshot was taken at the transaction's first statement.
  if current_setting('transaction_isolation') <> 'read committed' then
    raise exception 'sync_pull_needs_read_committed: sync_pull must run at READ COMMITTED, not %',
      current_setting('transaction_isolation')
      using errcode = '25000';
  end if;

  if p_checkpoint is not null and jsonb_typeof(p_checkpoint) <> 'null' then
    if jsonb_typeof(p_checkpoint) <> 'object'
       or jsonb_typeof(p_checkpoint -> 'modified') is distinct from 'string'
       or jsonb_typeof(p_checkpoint -> 'id') is distinct from 'string' then
      raise exception 'sync_bad_checkpoint: a checkpoint is {"modified": timestamptz text, "id": uuid}'
        using errcode = '22023', detail = format('Got %s.', p_checkpoint);
    end if;
    v_after_modified := (p_checkpoint ->> 'modified')::timestamptz;
    v_after_id := (p_checkpoint ->> 'id')::uuid;
  end if;

  -- Its own statement, before the read below: the read's snapshot must be the later one.
  v_horizon := public.sync_horizon();

  execute format(
    $q$
    select coalesce(jsonb_agg(d.doc order by d._modified, d.id), '[]'::jsonb)
      from (select to_jsonb(t) as doc, t._modified, t.id
              from public.%I as t
             where (t._modified, t.id) > ($1, $2)
               and t._modified < $3
             order by t._modified, t.id
             limit $4) as d
    $q$, p_table)
    into v_documents
    using v_after_modified, v_after_id, v_horizon, v_limit;

  if jsonb_array_length(v_documents) = 0 then
    return jsonb_build_object('documents', v_documents,
                              'checkpoint', coalesce(p_checkpoint, 'null'::jsonb));
  end if;

  v_last := v_documents -> -1;
  return jsonb_build_object(
    'documents', v_documents,
    'checkpoint', jsonb_build_object('modified', v_last -> '_modified', 'id', v_last -> 'id'));
end
$$;

comment on function public.sync_pull(text, jsonb, integer) is
  'Sync pull: rows the caller may read after a (_modified, id) checkpoint and before sync_horizon(), soft deletes included. {"documents", "checkpoint"}.';

revoke execute on function public.sync_pull(text, jsonb, integer) from public;
grant execute on function public.sync_pull(text, jsonb, integer) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- sync_push
-- ---------------------------------------------------------------------------------------------
-- p_rows: [{"new": row, "assumed": the row as the device last saw it from the server | null}].
-- Each element is handled on its own (a subtransaction): a refused row is reported in "errors"
-- and never fails the rest of the batch (STACK.md: one refused row otherwise blocks the queue).
--
--   no row the caller can see      -> INSERT the columns the caller may insert
--   row exists, assumed is null    -> conflict (the device thought it was new)
--   row data = assumed data        -> UPDATE the columns the caller may update; if RLS lets the
--                                     update touch no row (a completed assessment) -> conflict
--   row data <> assumed data       -> conflict
--
-- "Data" is every column except created_at, updated_at and _modified. Those are the server's and
-- the device's copy can lag: after a push RxDB keeps the pushed document, with the old
-- _modified, as its idea of the server state, so a compare on _modified alone would turn every
-- edit made before the next pull into a conflict (STACK.md). The assumed state is first read into
-- the table's row type, so values compare as Postgres values (numeric 1.25 = 1.250, timestamps
-- in any offset, text[] element by element), not as the device's spelling of them.
--
-- The server owns created_at, updated_at and _modified (never written from here; the triggers
-- set them) and id (the identity). Columns the device leaves out of "new" keep their current
-- value (or their default on insert). Columns the caller has no privilege on are left out too,
-- so a token holder's push can never change an assessment's token or expiry.
--
-- Returns {"conflicts": [current row, read after this call's writes], "errors": [{"id", "code",
-- "message", "detail", "hint"}]}.
create function public.sync_push(p_table text, p_rows jsonb)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  c_server_owned constant text[] := array['created_at', 'updated_at', '_modified'];
  v_rel regclass;
  v_insertable text[];
  v_updatable text[];
  v_element jsonb;
  v_new jsonb;
  v_assumed jsonb;
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

      elsif v_assumed is null then
        v_conflict_ids := v_conflict_ids || v_id;

      else
        execute format('select to_jsonb(r) from jsonb_populate_record(null::public.%I, $1) as r', p_table)
          into v_assumed_row using v_assumed;

        if (v_current - c_server_owned) = (v_assumed_row - c_server_owned) then
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
        v_hint = pg_exception_hint;
      v_errors := v_errors || jsonb_build_array(jsonb_build_object(
        'id', v_id_text,
        'code', v_code,
        'message', v_message,
        'detail', nullif(v_detail, ''),
        'hint', nullif(v_hint, '')));
    end;
  end loop;

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

comment on function public.sync_push(text, jsonb) is
  'Sync push: per row, insert if new, compare-and-set update against the assumed state, else return the current row as a conflict; refusals reported per row. {"conflicts", "errors"}.';

revoke execute on function public.sync_push(text, jsonb) from public;
grant execute on function public.sync_push(text, jsonb) to anon, authenticated, service_role;
