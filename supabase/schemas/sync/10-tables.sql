-- The synced tables, and what devices may do with each: the one list sync_pull, sync_push,
-- sync_push_rows and sync_hidden_row read (none of them names a table otherwise, except for a rule
-- of one table's own, such as a submitted assessment keeping its answers).
--
--   table_name         every synced table is pulled (sync_pull); any other name is refused with
--                      22023 sync_unknown_table
--   pushed             devices write it through sync_push; a table that is not pushed is refused
--                      by name (42501 sync_pull_only_table, "<table> is read-only for devices
--                      (<read_only_because>)")
--   bulk_insert        a push of rows all new to the server goes in with one insert (sync_push).
--                      Only for a table whose insert writes no other synced row: the rows of one
--                      insert share the push's write id, which a row written by a trigger would
--                      also get. A subscription's insert writes its agreement status, so not there.
--   read_only_because  why devices may not push it (null when they may)
--
-- Adding a synced table: give it the sync columns and the stamping trigger (a migration, like
-- 20261123000012_email_logs_sync.sql), add its row here, and run `npm run db:migration -- <name>`
-- (supabase/schemas/README.md). Devices need its RxDB collection too.
--
-- Callable by every API role, as the sync functions run as their caller; it tells nothing the
-- app's own code does not.
create or replace function public.sync_tables()
returns table (table_name text, pushed boolean, bulk_insert boolean, read_only_because text)
language sql
immutable
parallel safe
set search_path = ''
as $$
  select t.table_name, t.pushed, t.bulk_insert, t.read_only_because
    from (values
      (1, 'saved_properties', true, true, null),
      (2, 'share_subscriptions', true, false, null),
      (3, 'share_agreement_status', false, false, 'only staff change it'),
      (4, 'agent_assessments', true, false, null),
      (5, 'email_logs', false, false, 'only the email assistant writes it')
    ) as t(position, table_name, pushed, bulk_insert, read_only_because)
   order by t.position
$$;

comment on function public.sync_tables() is
  'The synced tables in order, and whether devices push each (pushed), push new rows in one insert (bulk_insert), or why not (read_only_because).';

revoke execute on function public.sync_tables() from public;
grant execute on function public.sync_tables() to anon, authenticated, service_role;
