import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import type { DatabaseClient } from './client';
import { asError } from '../lib/errors';
import { openUserDatabase, type UserDatabase } from './database';
import { countWaiting } from './on-device';
import { startSync, type SyncEngine } from './sync-engine';
import { userSyncTables } from './synced-tables';

export const userDatabaseName = (userId: string) => `chloe-user-${userId}`;

/** The signed-in user's local data: an RxDB database replicating to Supabase while signed in. */
export interface UserData {
  userId: string;
  db: UserDatabase;
  engine: SyncEngine;
}

const UserDataContext = createContext<UserData | null>(null);
const UserDataErrorContext = createContext<Error | null>(null);

export function UserDataProvider({
  userId,
  client,
  children,
}: {
  userId: string | null;
  client: DatabaseClient;
  children: ReactNode;
}) {
  const [data, setData] = useState<UserData | null>(null);
  // Why this user's database could not be opened (kept with the user it was about).
  const [failure, setFailure] = useState<{ userId: string; error: Error } | null>(null);
  const error = failure && failure.userId === userId ? failure.error : null;

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let opened: UserData | null = null;
    void (async () => {
      const db = await openUserDatabase({ name: userDatabaseName(userId) });
      const engine = startSync({
        db,
        client,
        identifier: userId,
        tables: userSyncTables(db),
      });
      opened = { userId, db, engine };
      if (cancelled) await closeUserData(opened);
      else setData(opened);
    })().catch((e: unknown) => {
      // e.g. a browser that refuses IndexedDB (some private windows): pages say so.
      if (!cancelled) setFailure({ userId, error: asError(e) });
    });
    return () => {
      cancelled = true;
      setData(null);
      if (opened) void closeUserData(opened);
    };
  }, [userId, client]);

  return (
    <UserDataErrorContext value={error}>
      <UserDataContext value={data}>{children}</UserDataContext>
    </UserDataErrorContext>
  );
}

async function closeUserData({ engine, db }: UserData) {
  await engine.stop();
  if (!db.closed) await db.close();
}

/** Why the user's local database could not be opened, or null. */
export function useUserDataError(): Error | null {
  return use(UserDataErrorContext);
}

/** The user's data, or null while it opens (or when nobody is signed in). */
export function useUserData(): UserData | null {
  return use(UserDataContext);
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
