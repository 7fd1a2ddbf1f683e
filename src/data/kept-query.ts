import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../lib/errors';
import { isOnline } from '../lib/online';
import { keepCopy, readCopy, type CopyKey } from './on-device';
import type { UserDatabase } from './database';

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
 * Online-only data read from the server (useServerQuery's contract), with the last answer kept on
 * the device (on-device.ts): the copy shows at once and whenever the server cannot be asked,
 * marked with when it was loaded. A fresh answer replaces it and is kept in turn. Asks again when
 * the connection returns. `db` is null while the user's database opens: nothing is kept then.
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
      const loadedAt = Date.now();
      if (current()) setState({ data, loadedAt, fromDevice: false, error: null, loading: false });
      if (db && !db.closed) await keepCopy(db, key, data, loadedAt);
    } catch (error) {
      if (current()) {
        setState((s) => ({ ...s, error: errorMessage(error), loading: false, fromDevice: s.data !== undefined }));
      }
    }
  }, [db, key, load]);

  useEffect(() => {
    let live = true;
    // The kept copy first, unless an answer came before it was read.
    if (db) {
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
    }
    void reload();
    const again = () => void reload();
    window.addEventListener('online', again);
    return () => {
      live = false;
      latest.current = null;
      window.removeEventListener('online', again);
    };
  }, [db, key, reload]);

  return { ...state, reload };
}
