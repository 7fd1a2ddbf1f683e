// @ts-check
// The database as hosted Supabase has it: what Supabase itself provides (bootstrap.sql), then
// supabase/migrations/ in order, recorded as the Supabase CLI records them.
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { errorMessage } from '../shared/errors.mjs';
import { ROOT } from '../shared/settings.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
export const MIGRATIONS_DIR = path.resolve(here, '../../migrations');

/**
 * What hosted Supabase provides before migrations (roles, auth schema), with no password set:
 * the SQL files alone. Idempotent. Run as the cluster's superuser; when that is `supabase_admin`,
 * `postgres` becomes hosted's non-superuser owner role. Returns whether it is (then `postgres`'s
 * password is the caller's to set).
 * @param {pg.Client} db
 */
export async function applyBootstrap(db) {
  await db.query(await readFile(path.join(here, 'bootstrap.sql'), 'utf8'));
  await db.query(await readFile(path.join(here, 'bootstrap-auth.sql'), 'utf8'));
  const { rows } = /** @type {{ rows: { separate: boolean }[] }} */ (
    await db.query(`select current_user <> 'postgres' as separate`)
  );
  const separate = rows[0]?.separate === true;
  if (separate) await db.query(await readFile(path.join(here, 'bootstrap-postgres-role.sql'), 'utf8'));
  return separate;
}

/**
 * Apply what hosted Supabase provides before migrations (applyBootstrap), and the passwords of the
 * roles the stack logs in as (a cluster made before keeps its superuser `postgres`).
 * @param {pg.Client} db
 * @param {string} authenticatorPassword
 * @param {{ ownerPassword?: string }} [opts] `postgres`'s password, when it is not the superuser
 */
export async function bootstrap(db, authenticatorPassword, { ownerPassword = 'postgres' } = {}) {
  const separate = await applyBootstrap(db);
  await db.query(`alter role authenticator password ${pg.escapeLiteral(authenticatorPassword)}`);
  if (separate) await db.query(`alter role postgres password ${pg.escapeLiteral(ownerPassword)}`);
}

/**
 * The migration files of `dir`, in the order they apply, as the Supabase CLI names them
 * (`<version>_<name>.sql`).
 * @param {string} [dir]
 */
export const migrationFiles = async (dir = MIGRATIONS_DIR) =>
  (await readdir(dir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();

/**
 * Apply every file of supabase/migrations/ not yet recorded, in order, each in its own transaction.
 * @param {pg.Client} db
 * @param {string} [dir]
 * @returns {Promise<string[]>} the versions applied now
 */
export async function migrate(db, dir = MIGRATIONS_DIR) {
  const files = await migrationFiles(dir);
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

/**
 * The bootstrap as the superuser, then the migrations not applied yet as `postgres`, as
 * `supabase db push` applies them.
 * @param {{ url: string, adminUrl: string }} urls `postgres`'s and the superuser's connection strings
 * @param {{ authenticatorPassword: string, migrationsDir?: string }} opts
 * @param {(db: pg.Client) => Promise<void>} [then] more work as `postgres` on the same connection
 * @returns {Promise<string[]>} the versions applied now
 */
export async function bootstrapAndMigrate({ url, adminUrl }, { authenticatorPassword, migrationsDir }, then) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await bootstrap(admin, authenticatorPassword, { ownerPassword: new URL(url).password });
  } finally {
    await admin.end();
  }
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  try {
    const applied = await migrate(owner, migrationsDir);
    await then?.(owner);
    return applied;
  } finally {
    await owner.end();
  }
}

/**
 * The stack's database, made ready: the bootstrap, the migrations not applied yet, then the seed
 * (default supabase/seed.sql, when there is one; `null` for none), the last two as `postgres`
 * (`supabase db reset` seeds as it).
 * @param {{ url: string, adminUrl: string }} urls `postgres`'s and the superuser's connection strings
 * @param {{ authenticatorPassword: string, migrationsDir?: string, seedFile?: string | null }} opts
 * @returns {Promise<string[]>} the versions applied now
 */
export const prepareDatabase = (urls, { authenticatorPassword, migrationsDir = MIGRATIONS_DIR, seedFile }) =>
  bootstrapAndMigrate(urls, { authenticatorPassword, migrationsDir }, async (owner) => {
    if (seedFile === null) return;
    const file = seedFile ?? path.join(ROOT, 'supabase/seed.sql');
    if (existsSync(file)) await owner.query(await readFile(file, 'utf8'));
  });
