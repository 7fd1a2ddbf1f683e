import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from './errors';

export interface ServerQuery<T> {
  /** The last answer, kept while a reload runs; undefined until the first one. */
  data: T | undefined;
  /** Why the last request failed, or null. */
  error: string | null;
  loading: boolean;
  reload: () => Promise<void>;
}

/**
 * Online data read from the server (not through RxDB): the request runs on mount, again when
 * `load` changes (memoise it with useCallback) and on `reload()`. An answer that arrives after a
 * newer request started is dropped, so a slow first response never overwrites a fresh one.
 */
export function useServerQuery<T>(load: () => Promise<T>): ServerQuery<T> {
  const [state, setState] = useState<Omit<ServerQuery<T>, 'reload'>>({ data: undefined, error: null, loading: true });
  // The request whose answer counts; null once unmounted.
  const latest = useRef<object | null>(null);

  const reload = useCallback(async () => {
    const request = {};
    latest.current = request;
    setState((s) => (s.loading ? s : { ...s, loading: true }));
    try {
      const data = await load();
      if (latest.current === request) setState({ data, error: null, loading: false });
    } catch (error) {
      if (latest.current === request) setState((s) => ({ data: s.data, error: errorMessage(error), loading: false }));
    }
  }, [load]);

  useEffect(() => {
    void reload();
    return () => {
      latest.current = null;
    };
  }, [reload]);

  return { ...state, reload };
}
