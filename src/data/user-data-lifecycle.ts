// Opening, closing and removing a user's local data: RxDB and the sync engine, loaded only once
// somebody signs in (user-data.tsx imports this module when it needs it).
import { combineLatest, Observable } from 'rxjs';
import { forgetLostChanges, noteLostChanges } from '../lib/changes-lost';
import { forgetChangesWaiting, lastWaiting, noteChangesWaiting } from '../lib/changes-waiting';
import type { DatabaseClient } from '../sync/client';
import { startSync, type SyncEngine } from '../sync/engine';
import { openUserDatabase, type LocalDatabase, type UserDatabase } from './database';
import { keepaliveTarget } from './keepalive';
import { userLiveTarget } from './live-target';
import { countWaiting, watchWaitingCount } from './on-device';
import { forgetKeptChanges, takeInOtherTabsChanges, writeKeptChanges } from './page-going';
import { userSyncTables } from './synced-tables';
import { storedDatabasesOf, userDatabaseName } from './user-database-name';

/** The signed-in user's local data: an RxDB database replicating to Supabase while signed in. */
export interface UserData extends LocalDatabase<UserDatabase> {
  userId: string;
  engine: SyncEngine;
}

export async function openUserData(userId: string, client: DatabaseClient): Promise<UserData> {
  const local = await openUserDatabase({ name: userDatabaseName(userId) });
  const engine = startSync({
    local,
    client,
    identifier: userId,
    tables: userSyncTables(local),
    keepalive: keepaliveTarget(client, local.db),
    live: userLiveTarget(client, userId),
    leader: () => local.db.waitForLeadership(),
    // Sent as anonymous once the session has gone, a change would be refused as another account's.
    signedIn: async () => {
      const { data } = await client.auth.getSession().catch(() => ({ data: { session: null } }));
      return data.session?.user.id === userId;
    },
  });
  // After the engine has started: the write is recorded in the outbox, and sent.
  await writeKeptChanges(local);
  const opened: UserData = { userId, ...local, engine };
  const database = await local.db.storageToken;
  await noteChangesTheBrowserRemoved(opened, database);
  const stopTakingIn = takeInOtherTabsChanges(local);
  const stopCountingChanges = countWaitingChanges(opened, database);
  stopCounting.set(opened, () => {
    stopTakingIn();
    stopCountingChanges();
  });
  return opened;
}

const stopCounting = new WeakMap<UserData, () => void>();

/**
 * Changes this device counted in another database than the one open now: the browser removed
 * that one (eviction) and RxDB made this one anew. What the page kept as it went is back already
 * (writeKeptChanges); the rest can never be sent, and the sync status says so (lib/changes-lost).
 */
export async function noteChangesTheBrowserRemoved(data: UserData, database: string) {
  const last = lastWaiting(data.userId);
  if (!last || last.database === database) return;
  const lost = last.count - (await pendingChanges(data));
  if (lost > 0) noteLostChanges(data.userId, { count: lost, since: last.since });
}

/**
 * Keeps how many changes wait where a signed-out page reads it (lib/changes-waiting): when the
 * session ends elsewhere, the last count stays, and the page says they wait for the next sign-in.
 */
function countWaitingChanges({ userId, outbox, db }: UserData, database: string): () => void {
  const online = new Observable<number>((subscriber) => watchWaitingCount(db, (n) => subscriber.next(n)));
  const sub = combineLatest([outbox.waiting$(), online]).subscribe(([entries, n]) =>
    noteChangesWaiting(userId, entries.length + n, database),
  );
  return () => sub.unsubscribe();
}

function stopCountingWaiting(data: UserData) {
  stopCounting.get(data)?.();
  stopCounting.delete(data);
}

export async function closeUserData(data: UserData) {
  const { engine, db, writes } = data;
  await writes.idle();
  await engine.stop();
  stopCountingWaiting(data);
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
    stopCountingWaiting(data);
    forgetChangesWaiting(data.userId);
    forgetLostChanges(data.userId);
    forgetKeptChanges(data.db.name);
    await data.db.remove();
    await deleteDatabasesOf(data.db.name);
    return;
  }
  if (userId) {
    forgetChangesWaiting(userId);
    forgetLostChanges(userId);
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
  const names = (await storedDatabasesOf(name)) ?? [];
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
