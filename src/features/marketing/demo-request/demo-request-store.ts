// Where demo requests wait on the device. The visitor is anonymous, so this is a small IndexedDB
// database of its own (lib/small-database), not the per-user RxDB database.
import { done, smallDatabase } from '../../../lib/small-database';
import type { DemoRequestRefusal, DemoRequestRow } from './api/send-demo-request';

export interface QueuedDemoRequest {
  id: string;
  row: DemoRequestRow;
  queuedAt: number;
  /** The last failure worth retrying (no connection, server busy), for the status line. */
  lastError: string | null;
  /** Set once the server refused it: it then waits for the visitor, not for the network. */
  refusal: DemoRequestRefusal | null;
}

// Watchers of each database in this page; other tabs hear of changes through a BroadcastChannel.
const pageWatchers = new Map<string, Set<() => void>>();

/** Who hears of a change to `dbName`: its watchers in this page, and other tabs. */
function changeNotices(dbName: string) {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`${dbName}-changes`);
  const watchers = pageWatchers.get(dbName) ?? new Set<() => void>();
  pageWatchers.set(dbName, watchers);
  const heard = () => {
    for (const watcher of watchers) watcher();
  };
  channel?.addEventListener('message', heard);
  return {
    watchers,
    changed: () => {
      for (const watcher of watchers) watcher();
      channel?.postMessage('changed');
    },
    close: () => {
      channel?.removeEventListener('message', heard);
      channel?.close();
    },
  };
}

/** `update`'s read and write, in the one transaction. */
function patchEntry(store: IDBObjectStore, id: string, patch: Partial<QueuedDemoRequest>) {
  return new Promise<void>((resolve, reject) => {
    const read = store.get(id);
    // The write is made in the read's own callback: the transaction is certainly still open.
    read.onsuccess = () => {
      const entry = read.result as QueuedDemoRequest | undefined;
      if (entry) store.put({ ...entry, ...patch });
      resolve();
    };
    read.onerror = () => reject(read.error ?? new Error('IndexedDB read failed'));
  });
}

/** Calls `listener` with every entry now and after each change (in any tab), until the returned stop. */
function watchEntries(
  watchers: Set<() => void>,
  all: () => Promise<QueuedDemoRequest[]>,
  listener: (entries: QueuedDemoRequest[]) => void,
  onError?: (error: unknown) => void,
) {
  let live = true;
  let reading = Promise.resolve();
  // Reads one after another, so the last change's state is the last one told.
  const read = () => {
    reading = reading.then(all).then(
      (entries) => {
        if (live) listener(entries);
      },
      (error: unknown) => onError?.(error),
    );
  };
  watchers.add(read);
  read();
  return () => {
    live = false;
    watchers.delete(read);
  };
}

export type DemoRequestStore = ReturnType<typeof openDemoRequestStore>;

/** The requests kept in the IndexedDB database `dbName`, oldest first; opened at the first use. */
export function openDemoRequestStore(dbName: string) {
  const db = smallDatabase(dbName, 'requests', 'id');
  const { run } = db;
  const notices = changeNotices(dbName);

  const all = async () =>
    (await run('readonly', (store) => done(store.getAll() as IDBRequest<QueuedDemoRequest[]>))).sort(
      (a, b) => a.queuedAt - b.queuedAt,
    );

  return {
    all,
    /** The requests not refused: those the sender still tries. */
    waiting: async () => (await all()).filter((e) => !e.refusal),
    put: async (entry: QueuedDemoRequest) => {
      await run('readwrite', (store) => done(store.put(entry)));
      notices.changed();
    },
    remove: async (id: string) => {
      await run('readwrite', (store) => done(store.delete(id)));
      notices.changed();
    },
    /** Changes an entry that is still there (another tab may have sent and removed it meanwhile). */
    update: async (id: string, patch: Partial<QueuedDemoRequest>) => {
      await run('readwrite', (store) => patchEntry(store, id, patch));
      notices.changed();
    },
    /** Calls `listener` with every entry now and after each change (in any tab). */
    watch: (listener: (entries: QueuedDemoRequest[]) => void, onError?: (error: unknown) => void) =>
      watchEntries(notices.watchers, all, listener, onError),
    close: () => {
      notices.close();
      db.close();
    },
  };
}
