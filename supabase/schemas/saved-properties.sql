-- Saved properties: the per-account limit.

-- AFTER INSERT, once per statement: at most 5,000 properties per account; removed ones
-- (soft-deleted) do not count, so removing some makes room; and at most 10,000 stored, removed
-- ones included. Counted for the caller (auth.uid()),
-- not for a user_id the caller sends. Once per statement rather than per row: counting an
-- account's rows before each of a push's 200 inserts cost more than the inserts themselves. A
-- statement that takes an account past the limit is refused whole; a push then goes row by row
-- (sync_push_rows), so the rows up to the limit still go in and the first one over is named.
create or replace function public.limit_saved_properties()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.is_api_client() then
    return null;
  end if;
  -- Per account: two writers that each count below the limit must not both write (they wait here).
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('limit:saved_properties:' || coalesce(auth.uid()::text, ''), 0));
  if (select count(*) from public.saved_properties where user_id = auth.uid() and not _deleted) > 5000 then
    raise exception 'saved_properties_at_most_5000_per_user: an account may save at most 5,000 properties'
      using errcode = '54000', constraint = 'saved_properties_at_most_5000_per_user';
  end if;
  -- Removed rows too (a device sends the ones it made and removed offline): what an account stores
  -- is bounded whatever the flags.
  if (select count(*) from public.saved_properties where user_id = auth.uid()) > 10000 then
    raise exception 'saved_properties_at_most_10000_stored: an account may store at most 10,000 properties, removed ones included'
      using errcode = '54000', constraint = 'saved_properties_at_most_10000_stored';
  end if;
  return null;
end
$$;

revoke execute on function public.limit_saved_properties() from public, anon, authenticated;

-- AFTER UPDATE, once per statement: a removed property brought back counts again, so
-- the limit holds whatever the flags (inserting removed rows, then restoring them, went past it).
-- Counted only when the statement restored a row, so an ordinary update costs nothing.
create or replace function public.limit_restored_saved_properties()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.is_api_client()
     or not exists (select from restored_old o join restored_new n on n.id = o.id where o._deleted and not n._deleted) then
    return null;
  end if;
  -- Per account: two writers that each count below the limit must not both write (they wait here).
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('limit:saved_properties:' || coalesce(auth.uid()::text, ''), 0));
  if (select count(*) from public.saved_properties where user_id = auth.uid() and not _deleted) > 5000 then
    raise exception 'saved_properties_at_most_5000_per_user: an account may save at most 5,000 properties'
      using errcode = '54000', constraint = 'saved_properties_at_most_5000_per_user';
  end if;
  return null;
end
$$;

revoke execute on function public.limit_restored_saved_properties() from public, anon, authenticated;
