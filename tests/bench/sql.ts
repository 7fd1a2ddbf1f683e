import pg from 'pg';

/** One statement against the bench's own stack. */
export async function sql<T extends pg.QueryResultRow>(dbUrl: string, text: string, params: unknown[] = []) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    return (await db.query<T>(text, params)).rows;
  } finally {
    await db.end();
  }
}
