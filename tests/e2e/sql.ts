// Postgres as the superuser sees it, for the e2e and the engines' tests (no Playwright here).
import pg from 'pg';

/** SQL as the superuser (bypasses RLS): what really reached Postgres. */
export async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = []) {
  const db = new pg.Client({ connectionString: process.env.E2E_DB_URL });
  await db.connect();
  try {
    return (await db.query<T>(text, params)).rows;
  } finally {
    await db.end();
  }
}
