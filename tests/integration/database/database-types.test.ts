import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { expect, it } from 'vitest';
import { generateTypes, TYPES_FILE } from '../../../scripts/gen-types.mjs';
import { stack } from '../fixtures';

// src/generated/database.types.ts is generated, committed, and must match what the migrations build.
it('the committed database types match the migrated schema (run npm run gen:types if not)', async () => {
  const db = new pg.Client({ connectionString: stack().adminDbUrl });
  await db.connect();
  try {
    const generated = await generateTypes(db);
    expect(generated).toContain('share_subscriptions: {');
    expect(await readFile(TYPES_FILE, 'utf8')).toBe(generated);
  } finally {
    await db.end();
  }
});
