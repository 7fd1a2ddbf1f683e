-- The stamping trigger of every synced table (docs/decisions/003-sync.md and
-- 030-two-writers-one-truth.md): the server owns created_at, updated_at, _modified and _writer,
-- whatever the client sends.
--
-- * _modified is clock_timestamp(), not now(), so two writes in one transaction still get
--   distinct, increasing values. The transaction id is taken before the clock is read: otherwise a
--   row is stamped first and the xid assigned a moment later (when the tuple is written), and a
--   pull reading pg_stat_activity in that gap would see no writer, so sync_horizon() could be
--   later than the row's _modified.
-- * _writer: which device wrote the row last through sync_push (null for every other write). When
--   a push is committed but its answer is lost, the device's next push carries a stale assumed
--   state; _writer tells sync_push that the difference is the device's own earlier push.
-- * _writer_seq: that push's place in the device's order of pushes (a number that only grows on
--   a device), so a push that arrives late, after a newer one of the same device, changes nothing.
-- Both come from transaction-local settings that only the sync_push functions set
-- (chloe.sync_writer, chloe.sync_writer_seq), so a client cannot write them directly.
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
  new._writer := nullif(pg_catalog.current_setting('chloe.sync_writer', true), '');
  new._writer_seq := case when new._writer is not null
                          then nullif(pg_catalog.current_setting('chloe.sync_writer_seq', true), '')::bigint end;
  return new;
end
$$;

comment on function public.stamp_sync_columns() is
  'BEFORE INSERT/UPDATE on synced tables: server-owned created_at, updated_at, _modified (stamped after the xid is assigned, for sync_horizon), _writer and _writer_seq (for writes through sync_push); ids never change.';

revoke execute on function public.stamp_sync_columns() from public, anon, authenticated;
