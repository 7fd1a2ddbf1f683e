import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareWithSchemas } from '../../../scripts/db-schemas.mjs';
import { splitStatements } from '../../../scripts/sql-statements.mjs';
import { sql, stack } from '../fixtures';

// supabase/schemas declares each SQL function once, as the migrations leave it: after changing a
// declaration, `npm run db:migration -- <name>` writes the migration that catches up. The stack's
// database was built by the migrations at start; each comparison runs in a transaction it rolls
// back, over the declarations' grants and comments as well as their definitions.
describe('supabase/schemas', () => {
  let db: pg.Client;
  beforeAll(async () => {
    db = new pg.Client({ connectionString: stack().adminDbUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
  });

  it('declares every function of schema public once, exactly as the migrations leave it', async () => {
    const c = await compareWithSchemas(db);
    expect(c.declarations.map((d) => d.signature)).toEqual(
      expect.arrayContaining(['public.sync_pull(text,jsonb,integer)', 'public.sync_push(text,jsonb)']),
    );
    expect(
      { duplicates: c.duplicates, undeclared: c.undeclared, added: c.added, changed: c.changed },
      'supabase/schemas and supabase/migrations disagree: run npm run db:migration -- <name>',
    ).toEqual({ duplicates: [], undeclared: [], added: [], changed: [] });
  });

  describe('the comparison', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'chloe-schemas-'));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    /** Compares a folder holding only `files` (the rest of public's functions then count as undeclared). */
    async function compare(files: Record<string, string>) {
      const here = await mkdtemp(path.join(dir, 'case-'));
      await Promise.all(Object.entries(files).map(([name, text]) => writeFile(path.join(here, name), text)));
      return compareWithSchemas(db, here);
    }

    const longestText = (body: string) => `
-- A helper.
create or replace function public.longest_text(p text[])
returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$
  ${body}
$$;
`;
    const today = 'select coalesce((select max(char_length(x)) from unnest(p) as x), 0)';

    it('tells a changed line of a definition, a grant and a comment, and a function it lacks', async () => {
      const c = await compare({
        'a.sql': `${longestText(today.replace(', 0)', ', -1)'))}
revoke execute on function public.longest_text(text[]) from public;

create or replace function public.is_email(p text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select p ~ '^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$'
$$;
`,
      });
      expect(c.changed).toEqual([
        { signature: 'public.longest_text(text[])', aspects: ['definition', 'grants'] },
        { signature: 'public.is_email(text)', aspects: ['comment'] },
      ]);
      expect(c.undeclared).toContain('public.sync_push(text,jsonb)');
      expect(c.undeclared).not.toContain('public.longest_text(text[])');
    });

    it('names a function declared twice, with where', async () => {
      const c = await compare({ '10-one.sql': longestText(today), '20-two.sql': `\n\n${longestText(today)}` });
      expect(c.duplicates).toEqual([
        {
          signature: 'public.longest_text(text[])',
          places: [expect.stringMatching(/10-one\.sql:3$/), expect.stringMatching(/20-two\.sql:5$/)],
        },
      ]);
    });

    it('refuses what belongs in a migration, and leaves the database as it was', async () => {
      await expect(compare({ 'a.sql': 'create table public.not_here (id int);' })).rejects.toThrow(
        /a\.sql:1: a schema file holds functions.*belongs in a migration/,
      );
      await expect(
        compare({ 'a.sql': `${longestText(today)}\nupdate public.saved_properties set title = title;` }),
      ).rejects.toThrow(/a\.sql:13: .*\(this is not about public\.longest_text\)/);
      await expect(compare({ 'a.sql': longestText(today).replace('or replace ', '') })).rejects.toThrow(/a\.sql:3: /);
      await expect(
        compare({ 'a.sql': `${longestText(today)}\ngrant execute on function public.is_email(text) to anon;` }),
      ).rejects.toThrow(/a\.sql:13: .*not about public\.longest_text/);
      expect(await sql(`select to_regclass('public.not_here') as t`)).toEqual([{ t: null }]);
    });
  });

  it('splits statements as Postgres reads them', () => {
    const text = `-- a; comment\nselect 'it''s; fine', E'\\'; still', "odd;name", $x$ ; $$ ; $x$, $1;\n/* a /* nested; */ one */ select 2;`;
    expect(splitStatements(text).map((s) => [s.line, s.code])).toEqual([
      [2, `select 'it''s; fine', E'\\'; still', "odd;name", $x$ ; $$ ; $x$, $1;`],
      [3, 'select 2;'],
    ]);
    expect(() => splitStatements('select $$ never closed;')).toThrow(/line 1: unterminated \$\$ body/);
  });

  it('declares synced tables that have the sync columns and the stamping trigger', async () => {
    const tables = await sql<{
      table_name: string;
      pushed: boolean;
      bulk_insert: boolean;
      read_only_because: string | null;
    }>('select * from public.sync_tables()');
    expect(tables.length).toBeGreaterThan(0);
    for (const t of tables) {
      expect(t.pushed, t.table_name).toBe(t.read_only_because === null);
      if (t.bulk_insert) expect(t.pushed, t.table_name).toBe(true);
      const columns = await sql<{ column_name: string }>(
        `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1`,
        [t.table_name],
      );
      expect(
        columns.map((c) => c.column_name),
        t.table_name,
      ).toEqual(expect.arrayContaining(['id', 'created_at', 'updated_at', '_modified', '_deleted', '_writer']));
      const stamped = await sql(
        `select from pg_trigger where tgrelid = $1::regclass and tgfoid = 'public.stamp_sync_columns'::regproc`,
        [`public.${t.table_name}`],
      );
      expect(stamped, t.table_name).toHaveLength(1);
    }
  });
});
