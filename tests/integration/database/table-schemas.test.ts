import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../../scripts/db-schemas.mjs';
import { declaredDatabase, readTables, tableDifferences } from '../../../scripts/db-tables.mjs';
import { stack } from '../fixtures';

// supabase/schemas/tables declares each table of schema public once (columns, constraints,
// indexes, row-level security, policies, triggers, grants, comments), as the migrations leave it.
// The stack's database was built by the migrations; a second database on the same cluster is
// built from supabase/schemas alone, and the two must describe every table alike.
describe('supabase/schemas/tables', () => {
  let db: pg.Client;
  let migrated: Map<string, string[]>;
  let dir: string;
  beforeAll(async () => {
    db = new pg.Client({ connectionString: stack().adminDbUrl });
    await db.connect();
    migrated = await readTables(db);
    dir = await mkdtemp(path.join(os.tmpdir(), 'chloe-tables-'));
  });
  afterAll(async () => {
    await db.end();
    await rm(dir, { recursive: true, force: true });
  });

  /** The tables of a database built from `schemas`, compared with the migrated one. */
  async function compared(schemas = SCHEMAS_DIR) {
    const declared = await declaredDatabase(stack().adminDbUrl, schemas);
    try {
      return tableDifferences(migrated, await readTables(declared.db));
    } finally {
      await declared.stop();
    }
  }

  /** A copy of supabase/schemas with `change` made to one of its table files. */
  async function changedCopy(file: string, change: (text: string) => string | null) {
    const copy = await mkdtemp(path.join(dir, 'case-'));
    await cp(SCHEMAS_DIR, copy, { recursive: true });
    const target = path.join(copy, 'tables', file);
    const text = change(await readFile(target, 'utf8'));
    if (text === null) await rm(target);
    else await writeFile(target, text);
    return copy;
  }

  it('declares every table of schema public once, exactly as the migrations leave it', async () => {
    expect([...migrated.keys()]).toEqual(
      expect.arrayContaining(['saved_properties', 'share_subscriptions', 'agent_assessments', 'demo_requests']),
    );
    // Policies, triggers and grants are part of what is compared.
    expect(migrated.get('saved_properties')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^policy saved_properties_select_own permissive for r to \{authenticated\}/),
        expect.stringMatching(/^trigger CREATE TRIGGER saved_properties_stamp_sync_columns /),
        'grant authenticated SELECT',
        'row level security on',
      ]),
    );
    expect(await compared(), 'supabase/schemas/tables and the migrations disagree').toEqual({
      undeclared: [],
      notMigrated: [],
      changed: [],
    });
  });

  it('names a policy the declarations leave out, and a table they do not declare', async () => {
    const withoutPolicy = await changedCopy('110-saved-properties.sql', (text) =>
      text.replace(/create policy "saved_properties_update_own"[^;]+;/, ''),
    );
    const c = await compared(withoutPolicy);
    expect(c.changed).toEqual([
      {
        table: 'saved_properties',
        migrated: [expect.stringMatching(/^policy saved_properties_update_own permissive for w /)],
        declared: [],
      },
    ]);
    const withoutTable = await changedCopy('100-norman-access-attempts.sql', () => null);
    expect((await compared(withoutTable)).undeclared).toEqual(['norman_access_attempts']);
  });

  it('refuses a table declared twice, naming the file and line', async () => {
    const twice = await changedCopy('110-saved-properties.sql', (text) => `${text}\n${text}`);
    await expect(compared(twice)).rejects.toThrow(
      /tables\/110-saved-properties\.sql:\d+: relation "saved_properties" already exists/,
    );
  });
});
