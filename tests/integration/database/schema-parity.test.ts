import { describe, expect, it } from 'vitest';
import {
  agentAssessmentSchemaLiteral,
  emailLogSchemaLiteral,
  savedPropertySchemaLiteral,
  shareAgreementStatusSchemaLiteral,
  shareSubscriptionSchemaLiteral,
} from '../../../src/data/schemas';
import { ASSESSMENT_TABLES, USER_TABLES } from '../../../src/data/synced-tables';
import { sql } from '../fixtures';

// RxDB schemas mirror the columns a client may read of their tables, column for column; only the
// sync columns differ (`_modified` → serverModified, `_deleted` is RxDB's own, `_writer` and
// `_writer_seq` are the push's conflict handling's). A column kept from clients (agent_assessments'
// created_by) never reaches a device, so its schema has none.
describe('RxDB schemas mirror the Postgres tables', () => {
  it.each([
    savedPropertySchemaLiteral,
    shareSubscriptionSchemaLiteral,
    shareAgreementStatusSchemaLiteral,
    agentAssessmentSchemaLiteral,
    emailLogSchemaLiteral,
  ])('$title', async (schema) => {
    const rows = await sql<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = 'public' and table_name = $1
          and has_column_privilege('authenticated', format('public.%I', table_name), column_name, 'SELECT')`,
      [schema.title],
    );
    const columns = rows
      .map((r) => r.column_name)
      .filter((c) => !['_deleted', '_writer', '_writer_seq'].includes(c))
      .map((c) => (c === '_modified' ? 'serverModified' : c));
    expect(Object.keys(schema.properties).sort()).toEqual(columns.sort());
  });
});

// The tables devices replicate, and which they push, are the server's list (sync_tables()).
describe('the synced tables', () => {
  it('are the same on the devices and in sync_tables()', async () => {
    const server = await sql<{ table_name: string; pushed: boolean }>('select * from public.sync_tables()');
    const devices = Object.entries({ ...USER_TABLES, ...ASSESSMENT_TABLES }).map(([table, options]) => ({
      table_name: table,
      pushed: !('pullOnly' in options && options.pullOnly),
    }));
    const byName = (a: { table_name: string }, b: { table_name: string }) => a.table_name.localeCompare(b.table_name);
    expect(server.map(({ table_name, pushed }) => ({ table_name, pushed })).sort(byName)).toEqual(devices.sort(byName));
  });
});
