import { readdirSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { bootstrapAndMigrate, MIGRATIONS_DIR } from '../../../supabase/local/stack/migrate.mjs';
import { sql, stack } from '../fixtures';

describe('migrations', () => {
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d+_.+\.sql$/.test(f));

  it('recorded every migration file once at start', async () => {
    const rows = await sql<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    expect(files.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.version)).toEqual(files.map((f) => f.split('_')[0]).sort());
  });

  it('applied twice, they apply once: a restart runs only new files', async () => {
    const db = new pg.Client({ connectionString: stack().adminDbUrl });
    await db.connect();
    try {
      const before = await db.query<{ n: number }>('select count(*)::int as n from pg_policies');
      const urls = { url: stack().dbUrl, adminUrl: stack().adminDbUrl };
      expect(await bootstrapAndMigrate(urls, { authenticatorPassword: 'authenticator-local-password' })).toEqual([]);
      const after = await db.query<{ n: number }>('select count(*)::int as n from pg_policies');
      expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
      const recorded = await db.query<{ n: number }>(
        'select count(*)::int as n from supabase_migrations.schema_migrations',
      );
      expect(recorded.rows[0]!.n).toBe(files.length);
    } finally {
      await db.end();
    }
  });

  it('turned on row level security for every table in public', async () => {
    const rows = await sql<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    );
    expect(rows.map((r) => r.relname)).toEqual(
      expect.arrayContaining([
        'agent_assessments',
        'auto_reply_settings',
        'demo_requests',
        'email_logs',
        'gmail_accounts',
        'saved_properties',
        'share_agreement_status',
        'share_subscriptions',
      ]),
    );
    expect(rows.filter((r) => !r.relrowsecurity)).toEqual([]);
  });
});
