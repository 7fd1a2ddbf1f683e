// @ts-check
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { errorMessage } from './process.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
export const MIGRATIONS_DIR = path.resolve(here, '../migrations');

/**
 * Apply what hosted Supabase provides before migrations (roles, auth schema). Idempotent.
 * @param {pg.Client} db
 * @param {string} authenticatorPassword
 */
export async function bootstrap(db, authenticatorPassword) {
  await db.query(await readFile(path.join(here, 'bootstrap.sql'), 'utf8'));
  await db.query(`alter role authenticator password ${pg.escapeLiteral(authenticatorPassword)}`);
}

/**
 * Apply every file of supabase/migrations/ not yet recorded, in order, each in its own transaction.
 * @param {pg.Client} db
 * @param {string} [dir]
 * @returns {Promise<string[]>} the versions applied now
 */
export async function migrate(db, dir = MIGRATIONS_DIR) {
  const files = (await readdir(dir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  const rows = /** @type {{ rows: { version: string }[] }} */ (
    await db.query('select version from supabase_migrations.schema_migrations')
  ).rows;
  const done = new Set(rows.map((r) => r.version));
  const applied = [];
  for (const file of files) {
    const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
    if (!version || done.has(version)) continue;
    const sql = await readFile(path.join(dir, file), 'utf8');
    await db.query('begin');
    try {
      await db.query(sql);
      await db.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
        [version, rest.join('_'), [sql]],
      );
      await db.query('commit');
    } catch (error) {
      await db.query('rollback');
      const message = errorMessage(error);
      throw new Error(`Migration ${file} failed: ${message}`, { cause: error });
    }
    applied.push(version);
  }
  return applied;
}
