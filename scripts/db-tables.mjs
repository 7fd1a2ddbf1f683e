// @ts-check
// supabase/schemas/tables declares every table of schema public once, as it is today: its columns,
// constraints, indexes, row-level security, policies, triggers, grants and comments; the
// migrations are how hosted databases got there. readTables() describes the tables of a database
// as lines of text (one per column, constraint, policy, ...), so two databases can be compared:
// the one the migrations built and one built from the declarations (declaredDatabase()).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { errorMessage } from '../supabase/local/shared/errors.mjs';
import { applyBootstrap } from '../supabase/local/stack/migrate.mjs';
import { aclSql, MIGRATION_ROLE, readSchemaFiles, SCHEMAS_DIR } from './db-schemas.mjs';

/** @typedef {import('pg').Client} Client */

/** `c` is a table of schema public. */
const PUBLIC_TABLE = `c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')`;

/** Each query gives (table, line) rows: what the table has, one thing per line. */
const ASPECTS = [
  // By place among the columns there are: a dropped column leaves a gap in attnum.
  `select c.relname, pg_catalog.format('column %s %s %s%s%s%s',
          (row_number() over (partition by a.attrelid order by a.attnum))::text, a.attname,
          pg_catalog.format_type(a.atttypid, a.atttypmod), case when a.attnotnull then ' not null' else '' end,
          coalesce(' default ' || pg_catalog.pg_get_expr(d.adbin, d.adrelid), ''),
          case a.attidentity when 'a' then ' identity always' when 'd' then ' identity by default' else '' end)
     from pg_catalog.pg_attribute as a join pg_catalog.pg_class as c on c.oid = a.attrelid
     left join pg_catalog.pg_attrdef as d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where ${PUBLIC_TABLE} and a.attnum > 0 and not a.attisdropped`,
  `select c.relname, pg_catalog.format('column %s comment %s', a.attname, pg_catalog.col_description(c.oid, a.attnum))
     from pg_catalog.pg_attribute as a join pg_catalog.pg_class as c on c.oid = a.attrelid
    where ${PUBLIC_TABLE} and a.attnum > 0 and not a.attisdropped
      and pg_catalog.col_description(c.oid, a.attnum) is not null`,
  `select c.relname, pg_catalog.format('column %s grant %s', a.attname, g)
     from pg_catalog.pg_attribute as a join pg_catalog.pg_class as c on c.oid = a.attrelid,
          unnest(${aclSql('a.attacl', 'c', 'c.relowner')}) as g
    where ${PUBLIC_TABLE} and a.attnum > 0 and not a.attisdropped and a.attacl is not null`,
  `select c.relname, pg_catalog.format('constraint %s %s', k.conname, pg_catalog.pg_get_constraintdef(k.oid, true))
     from pg_catalog.pg_constraint as k join pg_catalog.pg_class as c on c.oid = k.conrelid where ${PUBLIC_TABLE}`,
  `select c.relname, 'index ' || pg_catalog.pg_get_indexdef(i.indexrelid)
     from pg_catalog.pg_index as i join pg_catalog.pg_class as c on c.oid = i.indrelid where ${PUBLIC_TABLE}`,
  `select c.relname, pg_catalog.format('row level security %s%s', case when c.relrowsecurity then 'on' else 'off' end,
          case when c.relforcerowsecurity then ', forced' else '' end)
     from pg_catalog.pg_class as c where ${PUBLIC_TABLE}`,
  `select c.relname, pg_catalog.format('policy %s %s for %s to %s using (%s) with check (%s)', p.polname,
          case when p.polpermissive then 'permissive' else 'restrictive' end, p.polcmd,
          array(select pg_catalog.pg_get_userbyid(r) from unnest(p.polroles) as r order by 1)::text,
          pg_catalog.pg_get_expr(p.polqual, p.polrelid), pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid))
     from pg_catalog.pg_policy as p join pg_catalog.pg_class as c on c.oid = p.polrelid where ${PUBLIC_TABLE}`,
  `select c.relname, pg_catalog.format('trigger %s (%s)', pg_catalog.pg_get_triggerdef(t.oid, true), t.tgenabled)
     from pg_catalog.pg_trigger as t join pg_catalog.pg_class as c on c.oid = t.tgrelid
    where ${PUBLIC_TABLE} and not t.tgisinternal`,
  `select c.relname, 'grant ' || g
     from pg_catalog.pg_class as c, unnest(${aclSql('c.relacl', 'r', 'c.relowner')}) as g where ${PUBLIC_TABLE}`,
  `select c.relname, 'owner ' || pg_catalog.pg_get_userbyid(c.relowner) from pg_catalog.pg_class as c where ${PUBLIC_TABLE}`,
  `select c.relname, 'comment ' || pg_catalog.obj_description(c.oid, 'pg_class')
     from pg_catalog.pg_class as c where ${PUBLIC_TABLE} and pg_catalog.obj_description(c.oid, 'pg_class') is not null`,
];

/** The sequences of schema public, by the table that owns them (their own name otherwise). */
const SEQUENCES = `select coalesce(t.relname, s.relname) as relname,
         pg_catalog.format('sequence %s owned by %s grants %s', s.relname, coalesce(t.relname || '.' || a.attname, 'none'),
                           ${aclSql('s.relacl', 's', 's.relowner')}::text) as line
    from pg_catalog.pg_class as s
    left join pg_catalog.pg_depend as d on d.classid = 'pg_catalog.pg_class'::regclass and d.objid = s.oid
         and d.refclassid = 'pg_catalog.pg_class'::regclass and d.deptype in ('a', 'i')
    left join pg_catalog.pg_class as t on t.oid = d.refobjid
    left join pg_catalog.pg_attribute as a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
   where s.relkind = 'S' and s.relnamespace = 'public'::regnamespace`;

/**
 * Every table of schema public, as sorted lines of what it has. In a transaction with an empty
 * search_path, so every name in an expression comes out schema-qualified.
 * @param {Client} db
 * @returns {Promise<Map<string, string[]>>}
 */
export async function readTables(db) {
  await db.query('begin');
  try {
    await db.query(`select pg_catalog.set_config('search_path', '', true)`);
    /** @type {Map<string, string[]>} */
    const tables = new Map();
    for (const query of [...ASPECTS.map((q) => `select * from (${q}) as x(relname, line)`), SEQUENCES]) {
      const { rows } = /** @type {{ rows: { relname: string, line: string }[] }} */ (await db.query(query));
      for (const { relname, line } of rows) tables.set(relname, [...(tables.get(relname) ?? []), line]);
    }
    for (const lines of tables.values()) lines.sort();
    return tables;
  } finally {
    await db.query('rollback');
  }
}

/** What differs: tables one side lacks, and each shared table's lines only one side has. */
export function tableDifferences(
  /** @type {Map<string, string[]>} */ migrated,
  /** @type {Map<string, string[]>} */ declared,
) {
  const only = (/** @type {Map<string, string[]>} */ a, /** @type {Map<string, string[]>} */ b) =>
    [...a.keys()].filter((t) => !b.has(t)).sort();
  /** @type {{ table: string, migrated: string[], declared: string[] }[]} */
  const changed = [];
  for (const [table, lines] of migrated) {
    const other = declared.get(table);
    if (!other) continue;
    const mine = lines.filter((l) => !other.includes(l));
    const theirs = other.filter((l) => !lines.includes(l));
    if (mine.length || theirs.length) changed.push({ table, migrated: mine, declared: theirs });
  }
  return { undeclared: only(migrated, declared), notMigrated: only(declared, migrated), changed };
}

/**
 * A new database on the same cluster, built from the declarations alone: what hosted Supabase
 * provides (the stack's bootstrap: applyBootstrap), every function (their bodies are checked
 * when they run: a function may read a table declared after it), then the tables. Dropped by the
 * returned stop().
 * @param {string} adminUrl the cluster superuser's connection string
 * @param {string} [dir] the declarations (supabase/schemas)
 */
export async function declaredDatabase(adminUrl, dir = SCHEMAS_DIR) {
  const name = `declared_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Owned by `postgres`, as the stack's database is (bootstrap-postgres-role.sql): it may create in public.
  await admin.query(`create database ${name} owner ${MIGRATION_ROLE}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = new pg.Client({ connectionString: url.href });
  const stop = async () => {
    await db.end().catch(() => undefined);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  try {
    await db.connect();
    // What bootstrap() applies, without the passwords: those of the stack's own logins stay.
    await applyBootstrap(db);
    await db.query(`set role ${MIGRATION_ROLE}`);
    await db.query('set check_function_bodies = off');
    const declarations = [...(await readSchemaFiles(dir)), ...(await readSchemaFiles(dir, 'tables'))];
    await applyAll(
      db,
      declarations.flatMap(({ file, statements }) => statements.map((s) => ({ file, ...s }))),
    );
    return { db, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Applies the statements in order, each on its own; one that needs what a later one makes (a
 * function over a table's row type, a table whose check calls a function) is tried again after
 * the rest, until a round makes no progress: what still fails is a declaration's own error.
 * @param {Client} db @param {{ file: string, line: number, text: string }[]} statements
 */
async function applyAll(db, statements) {
  let waiting = statements;
  for (;;) {
    /** @type {{ statement: (typeof statements)[number], error: string }[]} */
    const failed = [];
    for (const statement of waiting) {
      try {
        await db.query(statement.text);
      } catch (error) {
        failed.push({ statement, error: errorMessage(error) });
      }
    }
    if (failed.length === 0) return;
    if (failed.length === waiting.length) {
      throw new Error(failed.map(({ statement, error }) => `${statement.file}:${statement.line}: ${error}`).join('\n'));
    }
    waiting = failed.map((f) => f.statement);
  }
}
