import { useEffect, useState, useSyncExternalStore } from 'react';
import { storageInfo, type StorageInfo } from '../lib/storage';
import type { SyncEngine } from '../sync/engine';
import { deriveSyncStatus, IDLE_INPUTS, type SyncStatus } from '../sync/status';

const noop = () => () => {};

export interface SyncStatusView extends SyncStatus {
  retry: () => void;
  exportUnsynced: () => Promise<string>;
  storage: StorageInfo | null;
}

/** The one hook behind every sync status display. */
export function useSyncStatus(engine: SyncEngine | null | undefined): SyncStatusView {
  const inputs = useSyncExternalStore(
    engine
      ? (notify) => {
          const sub = engine.inputs$.subscribe(notify);
          return () => sub.unsubscribe();
        }
      : noop,
    () => engine?.inputs$.value ?? IDLE_INPUTS,
  );
  const [storage, setStorage] = useState<StorageInfo | null>(null);
  useEffect(() => {
    let live = true;
    void storageInfo().then((info) => live && setStorage(info));
    return () => {
      live = false;
    };
  }, [inputs.pending]);
  return {
    ...deriveSyncStatus(inputs),
    retry: () => engine?.reSync(),
    exportUnsynced: () => engine?.exportUnsynced() ?? Promise.resolve('{"changes":[]}'),
    storage,
  };
}
