-- The stamping trigger of every synced table (docs/decisions/003-sync.md and
-- 013-sync-never-loses-an-edit.md): the server owns created_at, updated_at, _modified, _writer and
-- _landed, whatever the client sends.
--
-- * _modified is clock_timestamp(), not now(), so two writes in one transaction still get
--   distinct, increasing values. The transaction id is taken before the clock is read: otherwise a
--   row is stamped first and the xid assigned a moment later (when the tuple is written), and a
--   pull reading pg_stat_activity in that gap would see no writer, so sync_horizon() could be
--   later than the row's _modified.
-- * _writer: which device wrote the row last through sync_push (null for every other write). When
--   a push is committed but its answer is lost, the device's next push carries a stale assumed
--   state; _writer tells sync_push that the difference is the device's own earlier push.
-- * _landed: {device id: id of that device's last write that landed}, at most 16 devices (a longer
--   map restarts from the writing device). With a conflict, a device finds here whether one of its
--   unanswered pushes landed, and merges against the state it sent then.
-- Both come from transaction-local settings that only the sync_push functions set
-- (chloe.sync_writer, and chloe.sync_write_id for one row or chloe.sync_write_ids, a map by row
-- id, for one insert of many rows), so a client cannot write them directly. A write that lands
-- without claiming the row (a partial push, sync/50-push-rows.sql) sets no writer: a third
-- setting, chloe.sync_device, names its device for _landed alone.
create or replace function public.stamp_sync_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_writer text := nullif(pg_catalog.current_setting('chloe.sync_writer', true), '');
  v_device text := coalesce(nullif(pg_catalog.current_setting('chloe.sync_device', true), ''), v_writer);
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
  if v_device is not null and v_write_id is not null then
    if (select count(*) from jsonb_object_keys(v_landed)) >= 16 then
      v_landed := '{}'::jsonb;
    end if;
    v_landed := v_landed || jsonb_build_object(v_device, v_write_id);
  end if;
  new._landed := v_landed;
  return new;
end
$$;

comment on function public.stamp_sync_columns() is
  'BEFORE INSERT/UPDATE on synced tables: server-owned created_at, updated_at, _modified (stamped after the xid is assigned, for sync_horizon), _writer and _landed (for writes through sync_push); ids never change.';

revoke execute on function public.stamp_sync_columns() from public, anon, authenticated;
