import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { forgetLostChanges, useLostChanges, type LostChanges } from '../lib/changes-lost';
import { failureWords } from '../lib/refusal-words';
import { storageInfo, type StorageInfo } from '../lib/storage';
import type { KeptValue } from '../sync/conflict-log';
import type { SyncEngine } from '../sync/engine';
import { deriveSyncStatus, IDLE_INPUTS, type SyncStatus } from '../sync/status';
import type { WriteQueue } from './write-queue';

const noop = () => () => {};

/** What a status is drawn from: a database's replication and its writes (a full device fails them). */
export interface SyncSource {
  engine: SyncEngine;
  writes: WriteQueue;
}

export interface SyncStatusView extends SyncStatus {
  retry: () => void;
  exportUnsynced: () => Promise<string>;
  storage: StorageInfo | null;
  /** The replaced values not yet seen, live (Sync details lists them), and marking them seen. */
  watchToReview: (listener: (kept: KeptValue[]) => void) => () => void;
  markSeen: (ids: readonly string[]) => Promise<void>;
  /** Changes the browser did not keep, until the person has read so. */
  lost: LostChanges | null;
  readLost: () => void;
}

/**
 * The one hook behind every sync status display; `userId`: whose changes the browser may have
 * lost; `writes`: the database's writes, whose failure (a full device) the status says.
 */
export function useSyncStatus(
  engine: SyncEngine | null | undefined,
  userId?: string | null,
  writes?: WriteQueue | null,
): SyncStatusView {
  const lost = useLostChanges(userId);
  const failure = useSyncExternalStore(writes ? (notify) => writes.watch(notify) : noop, () => writes?.failure ?? null);
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
  // Stable while the engine is: Sync details subscribes with it in an effect.
  const watchToReview = useCallback(
    (listener: (kept: KeptValue[]) => void) => {
      const sub = engine?.conflictLog.toReview$().subscribe(listener);
      return () => sub?.unsubscribe();
    },
    [engine],
  );
  return {
    ...deriveSyncStatus({ ...inputs, lost, notSaved: failure ? failureWords(failure) : null }),
    lost,
    readLost: () => userId && forgetLostChanges(userId),
    retry: () => engine?.reSync(),
    exportUnsynced: () => engine?.exportUnsynced() ?? Promise.resolve('{"changes":[]}'),
    storage,
    watchToReview,
    markSeen: (ids) => engine?.conflictLog.review(ids) ?? Promise.resolve(),
  };
}
