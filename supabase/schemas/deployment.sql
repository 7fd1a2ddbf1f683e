-- What `npm run deploy:check` asks a project (scripts/deploy-check.mjs): the facts only the
-- database knows, for the service role alone. SECURITY DEFINER (owner: the migration role): it
-- reads the CLI's migration table, the catalog, and whether Vault and pg_cron hold what the
-- auto-reply's schedule needs, never a secret's value. Schemas a database lacks (vault and cron
-- locally) are reported as null.
create or replace function public.deployment_report()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_migrations jsonb;
  v_secret boolean;
  v_job jsonb;
begin
  if pg_catalog.to_regclass('supabase_migrations.schema_migrations') is not null then
    execute 'select coalesce(jsonb_agg(version order by version), ''[]'') from supabase_migrations.schema_migrations'
      into v_migrations;
  end if;
  if pg_catalog.to_regclass('vault.secrets') is not null then
    execute 'select exists (select from vault.secrets where name = $1)' into v_secret using 'auto_reply_key';
  end if;
  if pg_catalog.to_regclass('cron.job') is not null then
    execute 'select jsonb_build_object(''active'', j.active, ''schedule'', j.schedule, ''command'', j.command)
               from cron.job as j where j.jobname = $1 limit 1'
      into v_job using 'gmail-auto-reply';
  end if;
  return jsonb_build_object(
    'migrations', v_migrations,
    'tables', (select coalesce(jsonb_agg(jsonb_build_object(
                        'name', c.relname,
                        'rls', c.relrowsecurity,
                        -- Each privilege on its own: a list is true when any one of them is held.
                        'service_role', pg_catalog.has_table_privilege('service_role', c.oid, 'select')
                                        and pg_catalog.has_table_privilege('service_role', c.oid, 'insert')
                                        and pg_catalog.has_table_privilege('service_role', c.oid, 'update')
                                        and pg_catalog.has_table_privilege('service_role', c.oid, 'delete'))
                      order by c.relname), '[]')
                 from pg_catalog.pg_class as c
                where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'),
    -- By what each extension provides that the schedule uses (its job table, its request function).
    'extensions', to_jsonb(array_remove(array[
                    case when pg_catalog.to_regclass('cron.job') is not null then 'pg_cron' end,
                    case when exists (select from pg_catalog.pg_proc as p
                                       where p.proname = 'http_post'
                                         and p.pronamespace = pg_catalog.to_regnamespace('net')) then 'pg_net' end], null)),
    'vault', pg_catalog.to_regclass('vault.secrets') is not null,
    'auto_reply_key', v_secret,
    'cron_job', v_job);
end
$$;

comment on function public.deployment_report() is
  'For npm run deploy:check (service role only): applied migrations, each public table''s RLS and service-role grant, the auto-reply schedule''s extensions, Vault secret and cron job.';

revoke execute on function public.deployment_report() from public, anon, authenticated;
grant execute on function public.deployment_report() to service_role;
