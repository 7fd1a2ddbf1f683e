// Opening, closing and removing a user's local data: RxDB and the sync engine, loaded only once
// somebody signs in (user-data.tsx imports this module when it needs it).
import type { DatabaseClient } from '../sync/client';
import { startSync, type SyncEngine } from '../sync/engine';
import { openUserDatabase, type LocalDatabase, type UserDatabase } from './database';
import { keepaliveTarget } from './keepalive';
import { userLiveTarget } from './live-target';
import { countWaiting } from './on-device';
import { forgetKeptChanges, noteKeptSends, writeKeptChanges } from './page-going';
import { userSyncTables } from './synced-tables';
import { userDatabaseName } from './user-database-name';

/** The signed-in user's local data: an RxDB database replicating to Supabase while signed in. */
export interface UserData extends LocalDatabase<UserDatabase> {
  userId: string;
  engine: SyncEngine;
}

export async function openUserData(userId: string, client: DatabaseClient): Promise<UserData> {
  const local = await openUserDatabase({ name: userDatabaseName(userId) });
  // Before the engine's first push: it may meet what a page sent as it went.
  await noteKeptSends(local);
  const engine = startSync({
    local,
    client,
    identifier: userId,
    tables: userSyncTables(local.db),
    keepalive: keepaliveTarget(client),
    live: userLiveTarget(client, userId),
    leader: () => local.db.waitForLeadership(),
  });
  // After the engine has started: the write is recorded in the outbox, and sent.
  await writeKeptChanges(local);
  return { userId, ...local, engine };
}

export async function closeUserData({ engine, db, writes }: UserData) {
  await writes.idle();
  await engine.stop();
  if (!db.closed) await db.close();
}

/**
 * Sign-out: how many changes would be lost, and then the removal of this user's local data so the
 * next person on the device sees none of it.
 */
export async function pendingChanges(data: UserData | null): Promise<number> {
  if (!data) return 0;
  const [synced, online] = await Promise.all([data.outbox.count(), countWaiting(data.db)]);
  return synced + online;
}

export async function discardUserData(data: UserData | null, userId?: string) {
  if (data) {
    await data.writes.idle();
    await data.engine.stop();
    forgetKeptChanges(data.db.name);
    await data.db.remove();
    await deleteDatabasesOf(data.db.name);
    return;
  }
  if (userId) {
    forgetKeptChanges(userDatabaseName(userId));
    // Not open (e.g. signed out from another screen): remove it by name.
    const { db } = await openUserDatabase({ name: userDatabaseName(userId) });
    await db.remove();
    await deleteDatabasesOf(db.name);
  }
}

/**
 * RxDB's remove() empties its stores but leaves each IndexedDB database, named with the user's
 * id, on the device: the next person there could read who used it. Each is deleted by name (a
 * delete another tab still blocks completes when that tab lets go; it is not waited for).
 */
async function deleteDatabasesOf(name: string) {
  if (typeof indexedDB === 'undefined' || !indexedDB.databases) return;
  const prefix = `rxdb-dexie-${name}--`;
  const names = (await indexedDB.databases()).flatMap((d) => (d.name?.startsWith(prefix) ? [d.name] : []));
  await Promise.all(
    names.map(
      (n) =>
        new Promise<void>((resolve) => {
          const request = indexedDB.deleteDatabase(n);
          request.onsuccess = request.onerror = request.onblocked = () => resolve();
        }),
    ),
  );
}
