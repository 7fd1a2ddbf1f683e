// @ts-check
// npm run gen:types: TypeScript row types generated from the migrated schema (never hand-written).
// Starts a throw-away Postgres, applies bootstrap + migrations, reads the catalog, writes
// src/generated/database.types.ts. `--check` compares instead of writing (used by the tests).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../supabase/local/shared/settings.mjs';
import { bootstrapAndMigrate } from '../supabase/local/stack/migrate.mjs';
import { startPostgres } from '../supabase/local/stack/postgres.mjs';
import { freePort } from '../supabase/local/stack/process.mjs';

export const TYPES_FILE = path.join(ROOT, 'src/generated/database.types.ts');

/** @type {Record<string, string>} */
const SCALARS = {
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'number',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  uuid: 'string',
  date: 'string',
  timestamp: 'string',
  timestamptz: 'string',
  time: 'string',
  interval: 'string',
  json: 'Json',
  jsonb: 'Json',
  void: 'undefined',
};

/** @param {string} udt */
const tsType = (udt) => (udt.startsWith('_') ? `${SCALARS[udt.slice(1)] ?? 'unknown'}[]` : (SCALARS[udt] ?? 'unknown'));

/** `col = ANY (ARRAY['a'::text, ...])` and `col <@ ARRAY[...]` checks become string unions. @param {string} def */
function enumerations(def) {
  /** @type {Map<string, string[]>} */
  const out = new Map();
  const re = /\(?\(?(\w+)\)?(?:::text)?\s*(= ANY|<@)\s*\(?\(?ARRAY\[([^\]]*)\]/g;
  for (const m of def.matchAll(re)) {
    const values = [...(m[3] ?? '').matchAll(/'((?:[^']|'')*)'/g)].map((v) => (v[1] ?? '').replace(/''/g, "'"));
    if (m[1] && values.length) out.set(m[1], values);
  }
  return out;
}

/**
 * The catalog rows read below (node-pg types rows as any).
 * @typedef {{ table_name: string, column_name: string, udt_name: string, nullable: boolean,
 *   has_default: boolean, generated: boolean }} ColumnRow
 * @typedef {{ table_name: string, def: string }} CheckRow
 * @typedef {{ proname: string, rettype: string, argnames: string[], argtypes: string[],
 *   proretset: boolean }} FunctionRow
 * @typedef {{ table_name: string, name: string, columns: string[], referenced: string,
 *   referenced_columns: string[], one_to_one: boolean }} ForeignKeyRow
 */

/** Every column of the public tables, in order. @param {import('pg').Client} db */
async function readColumns(db) {
  return /** @type {{ rows: ColumnRow[] }} */ (
    await db.query(`
    select c.table_name, c.column_name, c.udt_name, c.is_nullable = 'YES' as nullable,
           c.column_default is not null or c.is_identity = 'YES' as has_default,
           c.is_generated = 'ALWAYS' as generated
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
     order by c.table_name, c.ordinal_position`)
  ).rows;
}

/** The public tables' check constraints (where the string unions come from). @param {import('pg').Client} db */
async function readChecks(db) {
  return /** @type {{ rows: CheckRow[] }} */ (
    await db.query(`
    select cl.relname as table_name, pg_get_constraintdef(co.oid) as def
      from pg_constraint co join pg_class cl on cl.oid = co.conrelid
      join pg_namespace n on n.oid = cl.relnamespace
     where n.nspname = 'public' and co.contype = 'c' order by 1, co.conname`)
  ).rows;
}

/** The public functions a client may call (not triggers). @param {import('pg').Client} db */
async function readFunctions(db) {
  return /** @type {{ rows: FunctionRow[] }} */ (
    await db.query(`
    select p.proname, rt.typname::text as rettype,
           -- The arguments a call passes: a function returning a table also names its columns here.
           case when p.proargnames is null then '{}'::text[]
                when p.proargmodes is null then p.proargnames
                else array(select a.n from unnest(p.proargnames, p.proargmodes) as a(n, m) where a.m in ('i', 'b', 'v'))
           end as argnames,
           -- ::text: node-pg returns a name[] unparsed, as one string.
           array(select t.typname::text from unnest(p.proargtypes) with ordinality as a(oid, i) join pg_type t on t.oid = a.oid order by i) as argtypes,
           p.proretset
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      join pg_type rt on rt.oid = p.prorettype
     where n.nspname = 'public' and rt.typname <> 'trigger' and p.prokind = 'f'
     order by 1`)
  ).rows;
}

/**
 * Foreign keys between public tables: what supabase-js reads to type an embedded select
 * (`email_logs` with `gmail_accounts!inner(...)`), in the Supabase CLI's shape.
 * @param {import('pg').Client} db
 */
async function readForeignKeys(db) {
  return /** @type {{ rows: ForeignKeyRow[] }} */ (
    await db.query(`
    select cl.relname as table_name, co.conname as name,
           array(select a.attname::text from unnest(co.conkey) with ordinality k(n, i)
                   join pg_attribute a on a.attrelid = co.conrelid and a.attnum = k.n order by k.i) as columns,
           rcl.relname as referenced,
           array(select a.attname::text from unnest(co.confkey) with ordinality k(n, i)
                   join pg_attribute a on a.attrelid = co.confrelid and a.attnum = k.n order by k.i) as referenced_columns,
           exists (select from pg_index ix
                    where ix.indrelid = co.conrelid and ix.indisunique
                      and ix.indkey::int2[] @> co.conkey and co.conkey @> ix.indkey::int2[]) as one_to_one
      from pg_constraint co
      join pg_class cl on cl.oid = co.conrelid join pg_namespace n on n.oid = cl.relnamespace
      join pg_class rcl on rcl.oid = co.confrelid join pg_namespace rn on rn.oid = rcl.relnamespace
     where co.contype = 'f' and n.nspname = 'public' and rn.nspname = 'public'
     order by 1, 2`)
  ).rows;
}

/**
 * Each column's type as TypeScript: its check's string union where it has one, else its scalar.
 * @param {CheckRow[]} checks @returns {(table: string, col: ColumnRow) => string}
 */
function columnTypes(checks) {
  /** @type {Map<string, Map<string, string[]>>} */
  const enums = new Map();
  for (const { table_name, def } of checks) {
    /** @type {Map<string, string[]>} */
    const mine = enums.get(table_name) ?? new Map();
    for (const [col, values] of enumerations(def)) if (!mine.has(col)) mine.set(col, values);
    enums.set(table_name, mine);
  }
  const q = (/** @type {string} */ s) => `'${s.replace(/'/g, "\\'")}'`;
  return (table, col) => {
    const values = enums.get(table)?.get(col.column_name);
    if (!values) return tsType(col.udt_name);
    const union = values.map(q).join(' | ');
    return col.udt_name.startsWith('_') ? `(${union})[]` : union;
  };
}

/** One table's Row, Insert and Update types. @param {ColumnRow[]} cols @param {(col: ColumnRow) => string} typeOf */
function rowTypeLines(cols, typeOf) {
  const out = [];
  for (const kind of ['Row', 'Insert', 'Update']) {
    out.push(`        ${kind}: {`);
    for (const col of cols) {
      if (kind !== 'Row' && col.generated) continue;
      const t = `${typeOf(col)}${col.nullable ? ' | null' : ''}`;
      const optional = kind === 'Update' || (kind === 'Insert' && (col.nullable || col.has_default));
      out.push(`          ${col.column_name}${optional ? '?' : ''}: ${t};`);
    }
    out.push('        };');
  }
  return out;
}

/** One table's Relationships, and the end of its entry. @param {ForeignKeyRow[]} relationships */
function relationshipLines(relationships) {
  if (!relationships.length) return ['        Relationships: [];', '      };'];
  const list = (/** @type {string[]} */ names) => `[${names.map((n) => `'${n}'`).join(', ')}]`;
  const out = ['        Relationships: ['];
  for (const fk of relationships) {
    out.push(
      '          {',
      `            foreignKeyName: '${fk.name}';`,
      `            columns: ${list(fk.columns)};`,
      `            isOneToOne: ${fk.one_to_one};`,
      `            referencedRelation: '${fk.referenced}';`,
      `            referencedColumns: ${list(fk.referenced_columns)};`,
      '          },',
    );
  }
  out.push('        ];', '      };');
  return out;
}

/** @param {FunctionRow[]} functions */
function functionLines(functions) {
  return functions.map((f) => {
    const args = f.argnames.map((n, i) => `${n}: ${tsType(f.argtypes[i] ?? '')}`);
    const ret = tsType(f.rettype);
    return `      ${f.proname}: { Args: ${args.length ? `{ ${args.join('; ')} }` : 'Record<string, never>'}; Returns: ${f.proretset ? `${ret}[]` : ret} };`;
  });
}

/** @param {import('pg').Client} db */
export async function generateTypes(db) {
  const columns = await readColumns(db);
  const checks = await readChecks(db);
  const functions = await readFunctions(db);
  const foreignKeys = await readForeignKeys(db);

  const typeOf = columnTypes(checks);
  /** @type {Map<string, ColumnRow[]>} */
  const tables = new Map();
  for (const col of columns) tables.set(col.table_name, [...(tables.get(col.table_name) ?? []), col]);

  const out = [
    '// Generated by `npm run gen:types` from supabase/migrations. Do not edit by hand.',
    '',
    'export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];',
    '',
    'export interface Database {',
    '  public: {',
    '    Tables: {',
  ];
  for (const [table, cols] of tables) {
    out.push(
      `      ${table}: {`,
      ...rowTypeLines(cols, (col) => typeOf(table, col)),
      ...relationshipLines(foreignKeys.filter((fk) => fk.table_name === table)),
    );
  }
  out.push('    };', '    Views: { [_ in never]: never };', '    Functions: {', ...functionLines(functions));
  out.push(
    '    };',
    '    Enums: { [_ in never]: never };',
    '    CompositeTypes: { [_ in never]: never };',
    '  };',
    '}',
    '',
  );
  out.push(
    "export type Tables<T extends keyof Database['public']['Tables']> = Database['public']['Tables'][T]['Row'];",
    "export type TablesInsert<T extends keyof Database['public']['Tables']> = Database['public']['Tables'][T]['Insert'];",
    "export type TablesUpdate<T extends keyof Database['public']['Tables']> = Database['public']['Tables'][T]['Update'];",
    '',
  );
  return out.join('\n');
}

/** Generate from a fresh throw-away database with every migration applied. */
export async function generateFromMigrations() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chloe-types-'));
  const postgres = await startPostgres({ dataDir, port: await freePort() });
  try {
    /** @type {string} */
    let text = '';
    await bootstrapAndMigrate(postgres, { authenticatorPassword: 'types-only' }, async (db) => {
      text = await generateTypes(db);
    });
    return text;
  } finally {
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = await generateFromMigrations();
  if (process.argv.includes('--check')) {
    const current = await readFile(TYPES_FILE, 'utf8').catch(() => '');
    if (current !== text) {
      console.error(`${path.relative(ROOT, TYPES_FILE)} does not match the migrations: run npm run gen:types`);
      process.exit(1);
    }
    console.log('database types match the migrations');
  } else {
    await writeFile(TYPES_FILE, text);
    console.log(`wrote ${path.relative(ROOT, TYPES_FILE)}`);
  }
}
