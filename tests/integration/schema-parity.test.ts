import { describe, expect, it } from 'vitest';
import {
  agentAssessmentSchemaLiteral,
  emailLogSchemaLiteral,
  savedPropertySchemaLiteral,
  shareAgreementStatusSchemaLiteral,
  shareSubscriptionSchemaLiteral,
} from '../../src/data/schemas';
import { sql } from './fixtures';

// RxDB schemas mirror their tables column for column; only the sync columns differ
// (`_modified` → serverModified, `_deleted` is RxDB's own, `_writer` and `_landed` are the push's conflict handling's).
describe('RxDB schemas mirror the Postgres tables', () => {
  it.each([
    savedPropertySchemaLiteral,
    shareSubscriptionSchemaLiteral,
    shareAgreementStatusSchemaLiteral,
    agentAssessmentSchemaLiteral,
    emailLogSchemaLiteral,
  ])('$title', async (schema) => {
    const rows = await sql<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1`,
      [schema.title],
    );
    const columns = rows
      .map((r) => r.column_name)
      .filter((c) => !['_deleted', '_writer', '_landed'].includes(c))
      .map((c) => (c === '_modified' ? 'serverModified' : c));
    expect(Object.keys(schema.properties).sort()).toEqual(columns.sort());
  });
});
