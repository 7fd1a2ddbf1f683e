// @ts-check
// supabase/schemas declares every SQL function of schema public once, as it is today; the
// migrations are how hosted databases got there. compareWithSchemas() tells whether the two agree:
// on a database the migrations built, in a transaction it always rolls back, it resets each
// function's comment and grants to what a new function gets, applies the schema files on top (in
// lexical order of their paths, as the Supabase CLI does), and compares every function's
// definition (pg_get_functiondef), comment and grants before and after. So a schema file states a
// function's grants and comment in full, not only its body.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { splitStatements } from './sql-statements.mjs';

/** @typedef {import('pg').Client} Client */
/** @typedef {import('./sql-statements.mjs').Statement} Statement */
/**
 * @typedef {{ oid: string, signature: string, definition: string, comment: string | null,
 *   grants: string[] }} FunctionState grants: 'anon EXECUTE', sorted
 * @typedef {{ file: string, line: number, oid: string, name: string, signature: string, text: string }} Declaration
 *   one function's block: its `create or replace function` and the comment and grants after it
 * @typedef {{ signature: string, aspects: ('definition' | 'comment' | 'grants')[] }} Change
 * @typedef {{ declarations: Declaration[], duplicates: { signature: string, places: string[] }[],
 *   undeclared: string[], added: string[], changed: Change[], after: Map<string, FunctionState> }} Comparison
 */

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const SCHEMAS_DIR = path.join(ROOT, 'supabase/schemas');
const SCHEMA = 'public';

const message = (/** @type {unknown} */ error) => (error instanceof Error ? error.message : String(error));

/** The folder of supabase/schemas that declares the tables (scripts/db-tables.mjs); the rest, functions. */
export const TABLES_FOLDER = 'tables';

/**
 * The .sql files under `dir` that declare functions (or, with `part` 'tables', tables), in the
 * order they apply, split into statements.
 * @param {string} [dir] @param {'functions' | 'tables'} [part]
 */
export async function readSchemaFiles(dir = SCHEMAS_DIR, part = 'functions') {
  const names = (await readdir(dir, { recursive: true }))
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.sql') && f.startsWith(`${TABLES_FOLDER}/`) === (part === 'tables'))
    // Code-unit order, like a C-locale sort: `10-b.sql` before `9-a.sql`, folders by their name.
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return Promise.all(
    names.map(async (name) => {
      const file = path.relative(ROOT, path.join(dir, name));
      try {
        return { file, statements: splitStatements(await readFile(path.join(dir, name), 'utf8')) };
      } catch (error) {
        throw new Error(`${file}: ${message(error)}`, { cause: error });
      }
    }),
  );
}

/**
 * An ACL as sorted 'grantee PRIVILEGE' strings: SQL over the aclitem[] `acl` of an object of
 * `kind` (acldefault's letter) owned by `owner` (its default when the ACL is null).
 * @param {string} acl @param {string} kind @param {string} owner
 */
export const aclSql = (acl, kind, owner) => `array(select pg_catalog.format('%s %s%s',
                       case when a.grantee = 0 then 'public' else pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)) end,
                       a.privilege_type, case when a.is_grantable then ' with grant option' else '' end)
                  from pg_catalog.aclexplode(coalesce(${acl}, pg_catalog.acldefault('${kind}', ${owner}))) as a
                 order by 1)`;

/** One function's grants (SQL over pg_proc `p`). */
const GRANTS = aclSql('p.proacl', 'f', 'p.proowner');

/**
 * Every function of schema public (extensions' own excluded), by signature. Inside a transaction:
 * the search_path is emptied for it, so every name and type comes out schema-qualified.
 * @param {Client} db
 * @returns {Promise<Map<string, FunctionState>>}
 */
export async function readFunctions(db) {
  const { rows: setting } = /** @type {{ rows: { value: string }[] }} */ (
    await db.query(`select pg_catalog.current_setting('search_path') as value`)
  );
  const saved = setting[0]?.value ?? '';
  await db.query(`select pg_catalog.set_config('search_path', '', true)`);
  const { rows } = /** @type {{ rows: FunctionState[] }} */ (
    await db.query(
      `select p.oid::text as oid, p.oid::regprocedure::text as signature,
              pg_catalog.pg_get_functiondef(p.oid) as definition,
              pg_catalog.obj_description(p.oid, 'pg_proc') as comment, ${GRANTS} as grants
         from pg_catalog.pg_proc as p
        where p.pronamespace = $1::regnamespace and p.prokind in ('f', 'p')
          and not exists (select from pg_catalog.pg_depend as d
                           where d.classid = 'pg_catalog.pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
        order by 2`,
      [SCHEMA],
    )
  );
  await db.query(`select pg_catalog.set_config('search_path', $1, true)`, [saved]);
  return new Map(rows.map((r) => [r.signature, r]));
}

/**
 * Each function's comment dropped and its grants set to those of a function created now, so that
 * what the schema files state is all that decides them.
 * @param {Client} db @param {Map<string, FunctionState>} functions
 */
async function resetToNew(db, functions) {
  await db.query(`create function ${SCHEMA}.db_schemas_probe() returns void language plpgsql as 'begin end'`);
  const probe = (await readFunctions(db)).get(`${SCHEMA}.db_schemas_probe()`);
  await db.query(`drop function ${SCHEMA}.db_schemas_probe()`);
  const sql = [...functions.values()].flatMap((f) => {
    const grantees = [...new Set(f.grants.map((g) => g.split(' ')[0]))];
    return [
      `comment on function ${f.signature} is null;`,
      ...(grantees.length ? [`revoke all on function ${f.signature} from ${grantees.join(', ')};`] : []),
      ...grantStatements(f.signature, probe?.grants ?? []),
    ];
  });
  if (sql.length) await db.query(sql.join('\n'));
}

/** @param {string} signature @param {string[]} grants */
export const grantStatements = (signature, grants) =>
  grants.map((g) => {
    const [grantee, privilege, ...option] = g.split(' ');
    return `grant ${privilege?.toLowerCase()} on function ${signature} to ${grantee}${option.length ? ` ${option.join(' ')}` : ''};`;
  });

/** Records each DDL command the session runs (until rollback), to tell what a statement did. @param {Client} db */
async function recordCommands(db) {
  await db.query(`
    create temp table db_schemas_commands (n serial primary key, tag text not null, object_type text, objid oid);
    create function pg_temp.db_schemas_record() returns event_trigger language plpgsql as $$
    begin
      insert into pg_temp.db_schemas_commands (tag, object_type, objid)
      select c.command_tag, c.object_type, c.objid from pg_catalog.pg_event_trigger_ddl_commands() as c;
    end
    $$;
    grant all on pg_temp.db_schemas_commands, pg_temp.db_schemas_commands_n_seq to ${MIGRATION_ROLE};
    create event trigger db_schemas_record on ddl_command_end execute function pg_temp.db_schemas_record();`);
}

/**
 * Applies the files statement by statement: each `create or replace function` opens a block, and
 * the `comment on function`, `grant` and `revoke` statements after it must be about that function.
 * Anything else (a table, a trigger, data) belongs in a migration and is refused.
 * @param {Client} db @param {{ file: string, statements: Statement[] }[]} files
 * @returns {Promise<Omit<Declaration, 'signature'>[]>}
 */
async function applyDeclarations(db, files) {
  /** @type {Omit<Declaration, 'signature'>[]} */
  const declarations = [];
  let seen = 0;
  for (const { file, statements } of files) {
    /** @type {Omit<Declaration, 'signature'> | undefined} */
    let current;
    for (const statement of statements) {
      const where = `${file}:${statement.line}`;
      try {
        await db.query(statement.code);
      } catch (error) {
        throw new Error(`${where}: ${message(error)}`, { cause: error });
      }
      const { rows } =
        /** @type {{ rows: { n: number, tag: string, object_type: string | null, objid: string | null }[] }} */ (
          await db.query(
            'select n, tag, object_type, objid::text from pg_temp.db_schemas_commands where n > $1 order by n',
            [seen],
          )
        );
      seen = rows.at(-1)?.n ?? seen;
      const [command] = rows;
      const kind = rows.length === 1 && command ? `${command.tag} ${command.object_type?.toLowerCase()}` : '';
      if (kind === 'CREATE FUNCTION function' && command?.objid) {
        if (!/^create\s+or\s+replace\s+function\b/i.test(statement.code))
          throw new Error(
            `${where}: write "create or replace function", so that it applies over the function as it is`,
          );
        const { rows: found } = /** @type {{ rows: { proname: string, ours: boolean }[] }} */ (
          await db.query(
            'select proname, pronamespace = $2::regnamespace as ours from pg_catalog.pg_proc where oid = $1',
            [command.objid, SCHEMA],
          )
        );
        const [created] = found;
        if (!created?.ours) throw new Error(`${where}: only functions of schema ${SCHEMA} are declared here`);
        current = {
          file,
          line: statement.line,
          oid: command.objid,
          name: created.proname,
          text: statement.text.replace(/^\s*\n/, ''),
        };
        declarations.push(current);
      } else if (current && kind === 'COMMENT function' && command?.objid === current.oid) {
        current.text += statement.text;
      } else if (
        current &&
        (kind === 'GRANT function' || kind === 'REVOKE function') &&
        new RegExp(`\\b${SCHEMA}\\.${current.name}\\s*\\(`).test(statement.code)
      ) {
        current.text += statement.text;
      } else {
        throw new Error(
          `${where}: a schema file holds functions, each followed by its own comment and grants` +
            (current ? ` (this is not about ${SCHEMA}.${current.name})` : '') +
            `; anything else belongs in a migration (and a table's declaration in supabase/schemas/${TABLES_FOLDER}/)`,
        );
      }
    }
  }
  return declarations;
}

/** The role migrations run as (hosted's `supabase db push`; not a superuser there). */
export const MIGRATION_ROLE = 'postgres';

/**
 * What applying supabase/schemas over the database `db` would change, which functions it declares
 * twice, and which it does not declare. `db` is connected as a superuser (the event trigger); the
 * declarations apply as the migration role, so grants read as a migration leaves them.
 * @param {Client} db @param {string} [dir]
 * @returns {Promise<Comparison>}
 */
export async function compareWithSchemas(db, dir = SCHEMAS_DIR) {
  const files = await readSchemaFiles(dir);
  await db.query('begin');
  try {
    await db.query(`set local role ${MIGRATION_ROLE}`);
    const before = await readFunctions(db);
    await resetToNew(db, before);
    await db.query('reset role');
    await recordCommands(db);
    await db.query(`set local role ${MIGRATION_ROLE}`);
    const applied = await applyDeclarations(db, files);
    const after = await readFunctions(db);
    const signatureOf = new Map([...after.values()].map((f) => [f.oid, f.signature]));
    const declarations = applied.map((d) => ({ ...d, signature: signatureOf.get(d.oid) ?? d.oid }));

    /** @type {Map<string, string[]>} */
    const places = new Map();
    for (const d of declarations) places.set(d.signature, [...(places.get(d.signature) ?? []), `${d.file}:${d.line}`]);
    const duplicates = [...places].filter(([, p]) => p.length > 1).map(([signature, p]) => ({ signature, places: p }));
    const undeclared = [...before.keys()].filter((s) => !places.has(s));

    /** @type {string[]} */
    const added = [];
    /** @type {Change[]} */
    const changed = [];
    for (const signature of places.keys()) {
      const was = before.get(signature);
      const now = after.get(signature);
      if (!was || !now) {
        added.push(signature);
        continue;
      }
      /** @type {Change['aspects']} */
      const aspects = [];
      if (was.definition !== now.definition) aspects.push('definition');
      if (was.comment !== now.comment) aspects.push('comment');
      if (was.grants.join() !== now.grants.join()) aspects.push('grants');
      if (aspects.length) changed.push({ signature, aspects });
    }
    for (const s of undeclared) after.delete(s);
    return { declarations, duplicates, undeclared, added, changed, after };
  } finally {
    await db.query('rollback');
  }
}

/** Functions whose definition, comment or grants differ between two states. @param {Map<string, FunctionState>} a @param {Map<string, FunctionState>} b */
export function differences(a, b) {
  return [...new Set([...a.keys(), ...b.keys()])].filter((s) => {
    const x = a.get(s);
    const y = b.get(s);
    return !x || !y || x.definition !== y.definition || x.comment !== y.comment || x.grants.join() !== y.grants.join();
  });
}
