import type { DatabaseClient } from './client';

/**
 * A cheap question to the server: is it there? `sync_horizon()` reads no table. Any answer below
 * 500 means the API and the database answer (an expired token is the sync's own business).
 */
export async function probeServer(client: DatabaseClient): Promise<boolean> {
  try {
    const { status } = await client.rpc('sync_horizon');
    return status > 0 && status < 500;
  } catch {
    return false;
  }
}
