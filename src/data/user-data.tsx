import { createContext, use, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { asError } from '../lib/errors';
import type { DatabaseClient } from '../sync/client';
import type { UserData } from './user-data-lifecycle';

export type { UserData };

const UserDataContext = createContext<UserData | null>(null);
const UserDataErrorContext = createContext<Error | null>(null);
const UserIdContext = createContext<string | null>(null);

export function UserDataProvider({
  userId,
  client,
  after,
  children,
}: {
  userId: string | null;
  /** The Supabase client to replicate through, loaded with the database when somebody signs in. */
  client: () => Promise<DatabaseClient>;
  /** What the database's code waits for: the first page's own code (main.tsx). */
  after?: Promise<unknown> | undefined;
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
    // RxDB and its replication arrive with the first signed-in render, not with the first page,
    // and after that page's code: their dozen files would delay it.
    const lifecycle = Promise.resolve(after).then(() => import('./user-data-lifecycle'));
    void (async () => {
      const { openUserData, closeUserData } = await lifecycle;
      opened = await openUserData(userId, await client());
      if (cancelled) await closeUserData(opened);
      else setData(opened);
    })().catch((e: unknown) => {
      // e.g. a browser that refuses IndexedDB (some private windows): pages say so.
      if (!cancelled) setFailure({ userId, error: asError(e) });
    });
    return () => {
      cancelled = true;
      setData(null);
      if (opened) {
        const closing = opened;
        void lifecycle.then(({ closeUserData }) => closeUserData(closing));
      }
    };
  }, [userId, client, after]);

  return (
    <UserIdContext value={userId}>
      <UserDataErrorContext value={error}>
        <UserDataContext value={data}>{children}</UserDataContext>
      </UserDataErrorContext>
    </UserIdContext>
  );
}

/** Why the user's local database could not be opened, or null. */
export function useUserDataError(): Error | null {
  return use(UserDataErrorContext);
}

/** The signed-in user's id, known before their local database has opened (null: nobody). */
export function useUserId(): string | null {
  return use(UserIdContext);
}

/** The user's data, or null while it opens (or when nobody is signed in). */
export function useUserData(): UserData | null {
  return use(UserDataContext);
}

/**
 * The user's data once it has opened: for an action taken on what a page shows before that (a new
 * device lists the server's copy while its database opens), which then waits rather than doing nothing.
 */
export function useWhenOpen(data: UserData | null): () => Promise<UserData> {
  const current = useRef(data);
  const waiting = useRef<((open: UserData) => void)[]>([]);
  useEffect(() => {
    current.current = data;
    if (data) for (const resolve of waiting.current.splice(0)) resolve(data);
  }, [data]);
  return useCallback(
    () =>
      current.current ? Promise.resolve(current.current) : new Promise((resolve) => waiting.current.push(resolve)),
    [],
  );
}
