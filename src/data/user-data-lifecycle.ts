// Opening, closing and removing a user's local data: RxDB and the sync engine, loaded only once
// somebody signs in (user-data.tsx imports this module when it needs it).
import type { DatabaseClient } from './client';
import { openUserDatabase } from './database';
import { countWaiting } from './on-device';
import { startSync } from './sync-engine';
import { userSyncTables } from './synced-tables';
import type { UserData } from './user-data';
import { userDatabaseName } from './user-database-name';

export async function openUserData(userId: string, client: DatabaseClient): Promise<UserData> {
  const db = await openUserDatabase({ name: userDatabaseName(userId) });
  const engine = startSync({ db, client, identifier: userId, tables: userSyncTables(db) });
  return { userId, db, engine };
}

export async function closeUserData({ engine, db }: UserData) {
  await engine.stop();
  if (!db.closed) await db.close();
}

/**
 * Sign-out: how many changes would be lost, and then the removal of this user's local data so the
 * next person on the device sees none of it.
 */
export async function pendingChanges(data: UserData | null): Promise<number> {
  if (!data) return 0;
  const [synced, online] = await Promise.all([data.db.outbox.count().exec(), countWaiting(data.db)]);
  return synced + online;
}

export async function discardUserData(data: UserData | null, userId?: string) {
  if (data) {
    await data.engine.stop();
    await data.db.remove();
    return;
  }
  if (userId) {
    // Not open (e.g. signed out from another screen): remove it by name.
    const db = await openUserDatabase({ name: userDatabaseName(userId) });
    await db.remove();
  }
}
