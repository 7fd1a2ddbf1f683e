// @ts-check
// npm run db:migration -- <name>: a migration made from supabase/schemas. Starts a throw-away
// Postgres, applies bootstrap + every migration, compares the functions with their declarations
// (scripts/db-schemas.mjs) and writes supabase/migrations/<version>_<name>.sql with the
// declarations of exactly the functions that differ, and a drop for a function no schema file
// declares. Before writing, it applies that migration to the same database and checks that it
// leaves every function as declared. `--check` only reports (exit 1 when they disagree).
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPostgres } from '../supabase/local/stack/postgres.mjs';
import { bootstrapAndMigrate, MIGRATIONS_DIR } from '../supabase/local/stack/migrate.mjs';
import { freePort } from '../supabase/local/stack/process.mjs';
import {
  MIGRATION_ROLE,
  compareWithSchemas,
  differences,
  grantStatements,
  readFunctions,
  ROOT,
} from './db-schemas.mjs';

/** @typedef {import('./db-schemas.mjs').Comparison} Comparison */

/**
 * The next version: today's UTC date and a sequence number, after the latest migration
 * (20261124000016 -> 20261124000017, or 20261125000017 a day later).
 * @param {string[]} versions @param {Date} [now]
 */
export function nextVersion(versions, now = new Date()) {
  const latest = versions.toSorted().at(-1) ?? '0';
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  const next = `${date}${String(Number(latest.slice(8) || 0) + 1).padStart(6, '0')}`;
  return next > latest ? next : String(BigInt(latest) + 1n);
}

/** The declared blocks of the functions that differ, then the drops. @param {Comparison} c */
function migrationBody(c) {
  const wanted = new Set([...c.added, ...c.changed.map((x) => x.signature)]);
  // Each file named once, above its first block.
  const blocks = c.declarations
    .filter((d) => wanted.has(d.signature))
    .map((d, i, all) => `${all[i - 1]?.file === d.file ? '' : `-- From ${d.file}\n\n`}${d.text.trim()}`);
  const drops = c.undeclared.map((s) => `drop function ${s};`);
  return [...blocks, ...(drops.length ? [`-- Declared in no schema file any more.\n${drops.join('\n')}`] : [])];
}

/**
 * Applies `parts` to the migrated database (rolled back after) and returns the statements that
 * still have to follow for every function to end up as declared: a comment or a grant the
 * declaration leaves out keeps its old value on an existing function.
 * @param {pg.Client} db @param {Comparison} c @param {string[]} parts
 */
async function settle(db, c, parts) {
  await db.query('begin');
  try {
    await db.query(`set local role ${MIGRATION_ROLE}`);
    await db.query(parts.join('\n\n'));
    const got = await readFunctions(db);
    /** @type {string[]} */
    const fixes = [];
    for (const [signature, want] of c.after) {
      const has = got.get(signature);
      if (!has) continue;
      if (has.comment !== want.comment)
        fixes.push(
          `comment on function ${signature} is ${want.comment === null ? 'null' : pg.escapeLiteral(want.comment)};`,
        );
      for (const g of has.grants.filter((x) => !want.grants.includes(x))) {
        const [grantee, privilege] = g.split(' ');
        fixes.push(`revoke ${privilege?.toLowerCase()} on function ${signature} from ${grantee};`);
      }
      fixes.push(
        ...grantStatements(
          signature,
          want.grants.filter((x) => !has.grants.includes(x)),
        ),
      );
    }
    if (fixes.length) await db.query(fixes.join('\n'));
    const wrong = differences(await readFunctions(db), c.after);
    if (wrong.length) throw new Error(`the migration would not leave these as declared: ${wrong.join(', ')}`);
    return fixes;
  } finally {
    await db.query('rollback');
  }
}

/** @param {Comparison} c */
function describe(c) {
  return [
    ...c.duplicates.map((d) => `  declared more than once: ${d.signature} (${d.places.join(', ')})`),
    ...c.changed.map((x) => `  differs (${x.aspects.join(', ')}): ${x.signature}`),
    ...c.added.map((s) => `  new: ${s}`),
    ...c.undeclared.map((s) => `  in no schema file (dropped): ${s}`),
  ];
}

/** @param {(db: pg.Client) => Promise<void>} work */
async function withMigratedDatabase(work) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chloe-db-migration-'));
  const postgres = await startPostgres({ dataDir, port: await freePort() });
  // The comparison's event trigger needs the superuser; what it applies runs as postgres.
  const db = new pg.Client({ connectionString: postgres.adminUrl });
  try {
    await bootstrapAndMigrate(postgres, { authenticatorPassword: randomUUID() });
    await db.connect();
    await work(db);
  } finally {
    await db.end().catch(() => {});
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const name = args.find((a) => !a.startsWith('--'));
  if (!check && !/^[a-z0-9]+(?:_[a-z0-9]+)*$/.test(name ?? '')) {
    console.error('usage: npm run db:migration -- <name in snake_case>   (or -- --check)');
    process.exit(2);
  }
  await withMigratedDatabase(async (db) => {
    const c = await compareWithSchemas(db);
    const report = describe(c);
    if (c.duplicates.length) {
      console.error(`supabase/schemas declares a function more than once:\n${report.join('\n')}`);
      process.exitCode = 1;
      return;
    }
    if (!report.length) {
      console.log('supabase/schemas matches the migrations: nothing to write.');
      return;
    }
    if (check) {
      console.error(
        `supabase/schemas and the migrations disagree (npm run db:migration -- <name>):\n${report.join('\n')}`,
      );
      process.exitCode = 1;
      return;
    }
    const parts = migrationBody(c);
    const fixes = await settle(db, c, parts);
    if (fixes.length)
      parts.push(`-- What create or replace keeps (comments, grants), as declared.\n${fixes.join('\n')}`);
    const versions = (await readdir(MIGRATIONS_DIR)).map((f) => f.split('_')[0] ?? '').filter((v) => /^\d+$/.test(v));
    const file = path.join(MIGRATIONS_DIR, `${nextVersion(versions)}_${name}.sql`);
    const header = [
      `-- Generated by \`npm run db:migration -- ${name}\` from supabase/schemas, where each SQL function`,
      '-- is declared once: the declarations of the functions that the migrations before this one left',
      '-- different, or did not make. Never edit it (hosted databases have applied it): change the',
      '-- declaration and generate a new migration.',
    ];
    await writeFile(file, `${[header.join('\n'), ...parts].join('\n\n')}\n`);
    console.log(`wrote ${path.relative(ROOT, file)}:\n${report.join('\n')}`);
    if (c.added.length || c.undeclared.length) console.log('The API changed: run npm run gen:types.');
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
