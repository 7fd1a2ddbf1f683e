import { useCallback, useEffect, useRef, useState } from 'react';
import type { RxCollection } from 'rxdb';
import type { UserDatabase } from './database';
import { keepCopy, readCopy, type CopyKey } from './on-device';
import { errorMessage } from '../lib/errors';
import { isOnline } from '../lib/online';

export interface KeptQuery<T> {
  /** The newest answer: from the server, or the copy this device kept of the last one. */
  data: T | undefined;
  /** When `data` was loaded from the server (ms since the epoch), or null before any answer. */
  loadedAt: number | null;
  /** `data` is the kept copy: the server could not be asked (offline) or did not answer. */
  fromDevice: boolean;
  /** Why the last request failed, or null. */
  error: string | null;
  /** A request is under way. */
  loading: boolean;
  /** Asks the server again (when online); resolves once the answer is in. */
  reload: () => Promise<void>;
}

type State<T> = Omit<KeptQuery<T>, 'reload'>;

/**
 * Online-only data read from the server (not through RxDB): the request runs on mount, again when
 * `load` changes (memoise it with useCallback) and on `reload()`; an answer that arrives after a
 * newer request started is dropped, so a slow first response never overwrites a fresh one. The
 * last answer is kept on the device (on-device.ts): the copy shows at once and whenever the server
 * cannot be asked,
 * marked with when it was loaded. A fresh answer replaces it and is kept in turn. Asks again when
 * the connection returns. `db` is null while the user's database opens: the server is asked at
 * once all the same, and the answer is kept when the database is there.
 */
export function useKeptQuery<T>(db: UserDatabase | null, key: CopyKey, load: () => Promise<T>): KeptQuery<T> {
  const [state, setState] = useState<State<T>>({
    data: undefined,
    loadedAt: null,
    fromDevice: false,
    error: null,
    loading: true,
  });
  // The request whose answer counts; null once unmounted.
  const latest = useRef<object | null>(null);
  const database = useRef(db);
  // The last server answer, for a database that opens after it came.
  const fresh = useRef<{ data: T; loadedAt: number } | null>(null);

  const keep = useCallback(
    (answer: { data: T; loadedAt: number }) => {
      const target = database.current;
      if (target && !target.closed) void keepCopy(target, key, answer.data, answer.loadedAt).catch(() => undefined);
    },
    [key],
  );

  const reload = useCallback(async () => {
    const request = {};
    latest.current = request;
    const current = () => latest.current === request;
    if (!isOnline()) {
      setState((s) => ({ ...s, loading: false, fromDevice: s.data !== undefined }));
      return;
    }
    setState((s) => (s.loading ? s : { ...s, loading: true }));
    try {
      const data = await load();
      if (!current()) return;
      const answer = { data, loadedAt: Date.now() };
      fresh.current = answer;
      setState({ ...answer, fromDevice: false, error: null, loading: false });
      keep(answer);
    } catch (error) {
      if (current()) {
        setState((s) => ({ ...s, error: errorMessage(error), loading: false, fromDevice: s.data !== undefined }));
      }
    }
  }, [load, keep]);

  // The server: now, and whenever the connection returns.
  useEffect(() => {
    void reload();
    const again = () => void reload();
    window.addEventListener('online', again);
    return () => {
      latest.current = null;
      window.removeEventListener('online', again);
    };
  }, [reload]);

  // The device: its copy, unless a newer answer is here (which it keeps instead).
  useEffect(() => {
    database.current = db;
    if (!db) return;
    if (fresh.current) {
      keep(fresh.current);
      return;
    }
    let live = true;
    void readCopy<T>(db, key)
      .then((copy) => {
        if (!live || !copy) return;
        setState((s) =>
          s.loadedAt !== null && s.loadedAt >= copy.loadedAt
            ? s
            : { ...s, data: copy.value, loadedAt: copy.loadedAt, fromDevice: true },
        );
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [db, key, keep]);

  return { ...state, reload };
}

/** How long a burst of changes is gathered before the server is asked once for all of them. */
const GATHER_MS = 250;

/**
 * Asks again when the synced copy of the same rows changes (the live channel pulled new ones, a
 * few hundred milliseconds after the server wrote them) and when the page comes back into view.
 */
export function useReloadOnChange(collection: RxCollection | null | undefined, reload: () => Promise<void>) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void reload(), GATHER_MS);
    };
    const changes = collection?.$.subscribe(soon);
    const shown = () => {
      if (document.visibilityState === 'visible') soon();
    };
    document.addEventListener('visibilitychange', shown);
    return () => {
      clearTimeout(timer);
      changes?.unsubscribe();
      document.removeEventListener('visibilitychange', shown);
    };
  }, [collection, reload]);
}
