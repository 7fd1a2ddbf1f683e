// The local database is set up as a Supabase project created today (ADR 025): the API roles get
// nothing in public unless a migration grants it, hosted's statement timeouts, and the auth tables
// in Supabase Auth's shape (supabase/local/stack/auth-shape.json, written from its migrations).
// Every other integration test runs on this database, so the staff CLI (cli/staff.test.ts) and the
// auto-reply's process (email-assistant/) prove the migrations' grants are enough. The migrations
// and the seed run as `postgres`, which is not a superuser (ADR 027).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { bootstrapAndMigrate } from '../../../supabase/local/stack/migrate.mjs';
import { anonClient, deleteUsers, newUser, sql, stack } from '../fixtures';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const API_ROLES = ['anon', 'authenticated', 'service_role'];

interface Column {
  column: string;
  type: string;
  nullable: boolean;
  default?: string;
  generated?: boolean;
}
interface Shape {
  tables: Record<string, Column[]>;
  unique_indexes: Record<string, string[]>;
}

describe('a database like a hosted project created today', () => {
  it('gives the API roles no privilege on a new table, function or sequence in public', async () => {
    // As a migration makes them: the migration role, in a transaction rolled back.
    const db = new pg.Client({ connectionString: stack().dbUrl });
    await db.connect();
    try {
      await db.query('begin');
      await db.query('create table public.parity_probe (id bigserial primary key)');
      await db.query(`create function public.parity_probe_fn() returns int language sql as 'select 1'`);
      const { rows } = await db.query<{ role: string; tab: boolean; seq: boolean; fn: boolean }>(
        `select r as role,
                has_table_privilege(r, 'public.parity_probe', 'select, insert, update, delete') as tab,
                has_sequence_privilege(r, 'public.parity_probe_id_seq', 'usage, select') as seq,
                exists (select from aclexplode((select proacl from pg_proc where proname = 'parity_probe_fn')) as a
                         where a.grantee = r::regrole) as fn
           from unnest($1::text[]) as r`,
        [API_ROLES],
      );
      expect(rows).toEqual(API_ROLES.map((role) => ({ role, tab: false, seq: false, fn: false })));
    } finally {
      await db.query('rollback');
      await db.end();
    }
  });

  it('grants service_role read and write on every table of public, in the migrations', async () => {
    const missing = await sql<{ table: string }>(
      `select c.relname as table from pg_class as c
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
          and not has_table_privilege('service_role', c.oid, 'select, insert, update, delete')`,
    );
    expect(missing).toEqual([]);
  });

  it('has hosted’s statement timeouts for the API roles', async () => {
    const rows = await sql<{ role: string; setting: string }>(
      `select r.rolname as role, s.setting from pg_db_role_setting as d
         join pg_roles as r on r.oid = d.setrole, unnest(d.setconfig) as s(setting)
        where r.rolname in ('anon', 'authenticated', 'authenticator') and s.setting like 'statement_timeout=%'
        order by 1`,
    );
    expect(rows).toEqual([
      { role: 'anon', setting: 'statement_timeout=3s' },
      { role: 'authenticated', setting: 'statement_timeout=8s' },
      { role: 'authenticator', setting: 'statement_timeout=8s' },
    ]);
  });

  it('has the auth tables in Supabase Auth’s shape', async () => {
    const shape = JSON.parse(await readFile(path.join(ROOT, 'supabase/local/stack/auth-shape.json'), 'utf8')) as Shape;
    for (const [table, expected] of Object.entries(shape.tables)) {
      const columns = await sql<{
        column_name: string;
        udt_name: string;
        len: number | null;
        nullable: string;
        def: string | null;
        generated: string;
      }>(
        `select column_name, udt_name, character_maximum_length as len, is_nullable as nullable,
                column_default as def, is_generated as generated
           from information_schema.columns where table_schema = 'auth' and table_name = $1
          order by ordinal_position`,
        [table],
      );
      const actual: Column[] = columns.map((c) => ({
        column: c.column_name,
        type: c.len ? `${c.udt_name}(${c.len})` : c.udt_name,
        nullable: c.nullable === 'YES',
        ...(c.generated === 'ALWAYS' ? { generated: true } : c.def !== null ? { default: c.def } : {}),
      }));
      // Column order is how each was added; what a service reads is the set.
      const byName = (a: Column, b: Column) => a.column.localeCompare(b.column);
      expect({ table, columns: actual.sort(byName) }).toEqual({ table, columns: [...expected].sort(byName) });
    }
    for (const [table, expected] of Object.entries(shape.unique_indexes)) {
      const indexes = await sql<{ def: string }>(
        `select replace(indexdef, 'CREATE UNIQUE INDEX ', '') as def from pg_indexes
          where schemaname = 'auth' and tablename = $1 and indexdef like 'CREATE UNIQUE INDEX %' order by 1`,
        [table],
      );
      expect({ table, indexes: indexes.map((i) => i.def) }).toEqual({ table, indexes: [...expected].sort() });
    }
  });
});

/** `work` as `postgres` (the project's role), in a transaction rolled back. */
async function asPostgres<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: stack().dbUrl });
  await db.connect();
  try {
    await db.query('begin');
    return await work(db);
  } finally {
    await db.query('rollback').catch(() => {});
    await db.end();
  }
}

describe('postgres as on a hosted project: the owner, not a superuser', () => {
  it('is the role of the printed DB URL, with hosted’s attributes and memberships', async () => {
    const role = await asPostgres(async (db) => {
      const { rows } = await db.query<Record<string, unknown>>(
        `select current_user as name, rolsuper, rolbypassrls, rolcreaterole, rolcreatedb, rolreplication,
                array(select b.rolname from pg_auth_members m join pg_roles b on b.oid = m.roleid
                       where m.member = r.oid order by 1)::text[] as member_of
           from pg_roles as r where rolname = current_user`,
      );
      return rows[0];
    });
    expect(role).toEqual({
      name: 'postgres',
      rolsuper: false,
      rolbypassrls: true,
      rolcreaterole: true,
      rolcreatedb: true,
      rolreplication: true,
      member_of: [
        'anon',
        'authenticated',
        'pg_monitor',
        'pg_read_all_data',
        'pg_signal_backend',
        'service_role',
        'supabase_auth_admin',
        'supabase_realtime_admin',
      ],
    });
  });

  it('ran the migrations: it owns every table and function they made in public', async () => {
    const owners = await sql<{ owner: string; n: number }>(
      `select owner, count(*)::int as n from (
         select pg_get_userbyid(relowner) as owner from pg_class
          where relnamespace = 'public'::regnamespace and relkind in ('r', 'v', 'S')
         union all
         select pg_get_userbyid(proowner) from pg_proc where pronamespace = 'public'::regnamespace) as o
        group by owner`,
    );
    expect(owners.map((o) => o.owner)).toEqual(['postgres']);
    expect(owners[0]!.n).toBeGreaterThan(20);
  });

  it('may do what hosted lets it: a policy on realtime.messages, a trigger on auth.users', async () => {
    await asPostgres(async (db) => {
      await db.query(`create policy parity_probe on realtime.messages for select to authenticated using (false)`);
      await db.query(
        `create function public.parity_probe() returns trigger language plpgsql as 'begin return new; end'`,
      );
      await db.query(
        `create trigger parity_probe after insert on auth.users for each row execute function public.parity_probe()`,
      );
    });
  });

  it('a migration that needs a superuser fails locally, as on `supabase db push`', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'chloe-superuser-migration-'));
    try {
      await writeFile(
        path.join(dir, '29991231000000_needs_superuser.sql'),
        `create function public.parity_probe_ddl() returns event_trigger language plpgsql as 'begin end';
         create event trigger parity_probe on ddl_command_end execute function public.parity_probe_ddl();`,
      );
      await expect(
        bootstrapAndMigrate(
          { url: stack().dbUrl, adminUrl: stack().adminDbUrl },
          { authenticatorPassword: 'authenticator-local-password', migrationsDir: dir },
        ),
      ).rejects.toThrow(
        /Migration 29991231000000_needs_superuser\.sql failed: permission denied to create event trigger/,
      );
      expect(await sql(`select from pg_proc where proname = 'parity_probe_ddl'`)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// What Supabase Auth reads into a Go value that cannot hold NULL (internal/models/user.go: string,
// int, bool, time.Time and uuid.UUID fields): a NULL in any of them fails its sign-in with a 500.
const GO_NOT_NULL = [
  'instance_id',
  'id',
  'aud',
  'role',
  'is_sso_user',
  'confirmation_token',
  'recovery_token',
  'email_change_token_current',
  'email_change_token_new',
  'email_change',
  'email_change_confirm_status',
  'phone_change_token',
  'phone_change',
  'reauthentication_token',
  'created_at',
  'updated_at',
  'is_anonymous',
];

describe('users as the real Supabase Auth reads them', () => {
  const demoId = '00000000-0000-4000-8000-000000000001';
  const made: string[] = [];
  afterAll(async () => {
    await sql(`delete from public.agent_assessments where token = 'DemoAssessmentToken0000000000001'`);
    await deleteUsers([demoId, ...made]);
  });

  const nullColumns = async (id: string) =>
    (
      await sql<{ nulls: string[] }>(
        `select coalesce(array_agg(k) filter (where j ->> k is null), '{}') as nulls
           from (select to_jsonb(u) as j from auth.users as u where u.id = $1) as r, unnest($2::text[]) as k`,
        [id, GO_NOT_NULL],
      )
    )[0]?.nulls;
  const emailIdentities = async (id: string) =>
    sql(`select provider, provider_id, identity_data ->> 'email' as email from auth.identities where user_id = $1`, [
      id,
    ]);

  it('the seeded demo user has every value, its email identity, and signs in', async () => {
    // As `supabase db reset` runs it: as postgres.
    const db = new pg.Client({ connectionString: stack().dbUrl });
    await db.connect();
    await db.query(await readFile(path.join(ROOT, 'supabase/seed.sql'), 'utf8')).finally(() => db.end());
    expect(await nullColumns(demoId)).toEqual([]);
    expect(await emailIdentities(demoId)).toEqual([
      { provider: 'email', provider_id: demoId, email: 'demo@chloe.local' },
    ]);
    const { data, error } = await anonClient().auth.signInWithPassword({
      email: 'demo@chloe.local',
      password: 'chloe-demo-password',
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(demoId);
  });

  it('a user signed up through the API is written the same way, and so is a changed address', async () => {
    const u = await newUser();
    made.push(u.user.id);
    expect(await nullColumns(u.user.id)).toEqual([]);
    expect(await emailIdentities(u.user.id)).toEqual([{ provider: 'email', provider_id: u.user.id, email: u.email }]);
    const [session] = await sql<{ aal: string; created_at: Date | null }>(
      'select aal::text, created_at from auth.sessions where user_id = $1',
      [u.user.id],
    );
    expect(session).toMatchObject({ aal: 'aal1', created_at: expect.any(Date) as unknown });
    const [token] = await sql<{ user_id: string; revoked: boolean }>(
      'select user_id, revoked from auth.refresh_tokens where user_id = $1',
      [u.user.id],
    );
    expect(token).toEqual({ user_id: u.user.id, revoked: false });
  });
});
