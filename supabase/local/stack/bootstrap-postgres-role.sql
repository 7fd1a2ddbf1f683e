-- `postgres` as a hosted project has it: the role of the project's connection string, of
-- `supabase db push` and of the SQL editor, and not a superuser. Run by the superuser
-- (`supabase_admin`) after bootstrap.sql and bootstrap-auth.sql; the migrations and the seed then
-- run as `postgres`, so one that needs a superuser's right fails here before it fails on a push.
-- Facts from supabase/postgres (migrate.sh, 10000000000000_demote-postgres.sql and the migrations
-- that grant `postgres` roles since) and from hosted projects' role dumps; written for this stack.

do $$
begin
  if not exists (select from pg_roles where rolname = 'postgres') then
    create role postgres login;
  end if;
  -- The owners of the auth and realtime schemas' objects; `postgres` is a member of both, which
  -- is how it may add a trigger on auth.users or a policy on realtime.messages.
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin nologin noinherit createrole;
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin nologin noinherit;
  end if;
end
$$;

alter role postgres nosuperuser createdb createrole login replication bypassrls;
alter database postgres owner to postgres;

grant anon, authenticated to postgres;
grant service_role to postgres with admin option;
grant pg_monitor, pg_read_all_data, pg_signal_backend to postgres;
grant supabase_auth_admin, supabase_realtime_admin to postgres;

-- Each platform schema's objects belong to its service's role, as on hosted.
do $$
declare
  target record;
begin
  for target in
    select n.nspname, c.relname, case c.relkind when 'S' then 'sequence' else 'table' end as kind,
           case n.nspname when 'auth' then 'supabase_auth_admin' else 'supabase_realtime_admin' end as owner
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('auth', 'realtime') and c.relkind in ('r', 'p', 'S')
       -- a serial's sequence follows its table
       and not exists (select from pg_depend d
                        where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i'))
  loop
    execute format('alter %s %I.%I owner to %I', target.kind, target.nspname, target.relname, target.owner);
  end loop;
  for target in
    select p.oid::regprocedure as routine,
           case n.nspname when 'auth' then 'supabase_auth_admin' else 'supabase_realtime_admin' end as owner
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('auth', 'realtime')
  loop
    execute format('alter routine %s owner to %I', target.routine, target.owner);
  end loop;
end
$$;
alter schema auth owner to supabase_auth_admin;
alter schema realtime owner to supabase_realtime_admin;

grant all on schema auth, extensions, realtime to postgres;
grant all on all tables in schema auth, extensions, realtime to postgres;
grant all on all sequences in schema auth, extensions, realtime to postgres;
grant all on all routines in schema auth, extensions, realtime to postgres;

-- The Supabase CLI makes its history table as `postgres`.
alter schema supabase_migrations owner to postgres;
alter table supabase_migrations.schema_migrations owner to postgres;

-- What `postgres` creates in public is granted to no API role (hosted's default since 2026).
alter default privileges for role postgres in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke all on sequences from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke all on functions from anon, authenticated, service_role;
