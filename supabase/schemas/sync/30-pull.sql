-- The pull side of sync (docs/decisions/003-sync.md): devices call sync_pull through PostgREST
-- (`client.rpc('sync_pull', ...)`) with a (_modified, id) checkpoint per synced table
-- (sync/10-tables.sql).
--
-- SECURITY INVOKER: it runs as the caller (anon, authenticated or service_role), so RLS and the
-- column grants decide exactly as they do for a plain API request. Only the horizon needs more
-- than the caller's rights.

-- ---------------------------------------------------------------------------------------------
-- Pull horizon: rows with an older _modified can no longer appear or change
-- ---------------------------------------------------------------------------------------------
-- `_modified` is clock_timestamp() at the time of the write, not commit order. A row written by a
-- transaction that is still open when a pull runs is invisible to that pull; it becomes visible
-- later carrying an older `_modified` than rows the pull already returned, and a plain
-- (_modified, id) checkpoint would then skip it forever (the prototype lost rows this way).
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
--   stamping trigger takes the xid before it reads the clock (sync/20-stamp.sql), so
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
create or replace function public.sync_horizon()
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

-- Returns {"documents": [row, ...], "checkpoint": {"modified": text, "id": uuid} | input,
-- "held": boolean (rows after the checkpoint wait above the horizon: pull again soon)}.
-- Rows are what the caller may SELECT (RLS: own rows, or the assessment of the x-assessment-token
-- header; of each, the columns it may read: sync_readable_columns), soft-deleted ones included
-- (that is how deletes reach other devices), after the checkpoint in (_modified, id) order and before the horizon. `_modified` travels as text with
-- every microsecond (to_jsonb keeps them; a JS Date would not) and is compared as timestamptz.
create or replace function public.sync_pull(p_table text, p_checkpoint jsonb, p_limit integer)
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
  v_held boolean;
  v_columns text;
begin
  if p_table is null or not exists (select from public.sync_tables() as t where t.table_name = p_table) then
    raise exception 'sync_unknown_table: % is not a synced table', coalesce(p_table, 'null')
      using errcode = '22023',
            hint = (select 'One of ' || string_agg(t.table_name, ', ' order by t.n) || '.'
                      from public.sync_tables() with ordinality as t(table_name, pushed, bulk_insert, read_only_because, n));
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

  -- A table the caller may read nothing of is refused as the table API refuses it.
  select string_agg(format('t.%I', c), ', ') into v_columns
    from unnest(public.sync_readable_columns(p_table)) as c;
  if v_columns is null then
    raise exception 'permission denied for table %', p_table using errcode = '42501';
  end if;

  -- Its own statement, before the read below: the read's snapshot must be the later one.
  v_horizon := public.sync_horizon();

  execute format(
    $q$
    select coalesce(jsonb_agg(to_jsonb(d) order by d._modified, d.id), '[]'::jsonb)
      from (select %s
              from public.%I as t
             where (t._modified, t.id) > ($1, $2)
               and t._modified < $3
             order by t._modified, t.id
             limit $4) as d
    $q$, v_columns, p_table)
    into v_documents
    using v_after_modified, v_after_id, v_horizon, v_limit;

  -- Rows the caller may read that the horizon held back: a device asks again soon, since the
  -- live channel's "pull" for them may already be spent on this call.
  execute format(
    $q$
    select exists (select from public.%I as t where (t._modified, t.id) > ($1, $2) and t._modified >= $3)
    $q$, p_table)
    into v_held
    using v_after_modified, v_after_id, v_horizon;

  if jsonb_array_length(v_documents) = 0 then
    return jsonb_build_object('documents', v_documents,
                              'checkpoint', coalesce(p_checkpoint, 'null'::jsonb),
                              'held', v_held);
  end if;

  v_last := v_documents -> -1;
  return jsonb_build_object(
    'documents', v_documents,
    'checkpoint', jsonb_build_object('modified', v_last -> '_modified', 'id', v_last -> 'id'),
    'held', v_held);
end
$$;

comment on function public.sync_pull(text, jsonb, integer) is
  'Sync pull: rows the caller may read after a (_modified, id) checkpoint and before sync_horizon(), soft deletes included. {"documents", "checkpoint", "held"}: held, rows wait above the horizon.';

revoke execute on function public.sync_pull(text, jsonb, integer) from public;
grant execute on function public.sync_pull(text, jsonb, integer) to anon, authenticated, service_role;
