// A small IndexedDB database of one object store, for what must be kept outside the per-user RxDB
// database: the anonymous visitor's demo requests, the refresh answers the tabs share.
//
// Plain IndexedDB rather than Dexie: RxDB bundles its own pinned Dexie (4.4.2), and a second
// Dexie version in the same page throws at import ("Two different versions of Dexie loaded").

/** An IndexedDB request's result, as a promise. */
export function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(name: string, store: string, keyPath: string): Promise<IDBDatabase> {
  const request = indexedDB.open(name, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(store, { keyPath });
  return done(request);
}

/** One transaction on `store`; resolves with `work`'s result once the transaction has committed. */
function inTransaction<T>(
  db: IDBDatabase,
  store: string,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => Promise<T> | T,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(store, mode);
    let result: T;
    Promise.resolve(work(transaction.objectStore(store))).then(
      (value) => (result = value),
      (error: unknown) => {
        try {
          transaction.abort();
        } catch {
          // Already finished: nothing to undo.
        }
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
    transaction.oncomplete = () => resolve(result);
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** The database `name`, opened at the first use and again after it was closed under us. */
function lazyDatabase(name: string, store: string, keyPath: string) {
  let opened: Promise<IDBDatabase> | undefined;
  const database = () => {
    opened ??= openDatabase(name, store, keyPath).then((db) => {
      const forget = () => {
        db.close();
        opened = undefined;
      };
      // A later version of the app upgrading it in another tab, or the browser closing it: let
      // go, and open it again at the next use.
      db.onversionchange = forget;
      db.onclose = forget;
      return db;
    });
    // A failed open is tried again next time (storage busy, a blocked upgrade).
    opened.catch(() => (opened = undefined));
    return opened;
  };
  const close = () => {
    void opened?.then((db) => db.close()).catch(() => undefined);
    opened = undefined;
  };
  return { database, close };
}

export interface SmallDatabase {
  /** `work` in one transaction of the store; its result once the transaction has committed. */
  run: <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T> | T) => Promise<T>;
  close: () => void;
}

/** The database `name` with its one store `store` (records keyed by `keyPath`), opened at the first use. */
export function smallDatabase(name: string, store: string, keyPath: string): SmallDatabase {
  const db = lazyDatabase(name, store, keyPath);
  return {
    run: async (mode, work) => inTransaction(await db.database(), store, mode, work),
    close: db.close,
  };
}
