// WebKit keeps a page in its back/forward cache with its IndexedDB work suspended: a transaction,
// or the first creation of a user's databases, that it had in flight then holds its stores, and
// every later page of this origin waits on them until that page is shown again, 'Loading…' for
// ever (found by tests/engines/; Chromium and Firefox evict such a page instead). So a page that
// goes into that cache aborts what it has in flight and closes its connections, as those engines'
// eviction would, and one that comes back from it reloads, opening them again. Every connection of
// the local databases is opened through `trackedIndexedDB`.
const connections = new Set<IDBDatabase>();
const inFlight = new Set<IDBTransaction>();

function watch(tx: IDBTransaction) {
  inFlight.add(tx);
  const done = () => inFlight.delete(tx);
  tx.addEventListener('complete', done);
  tx.addEventListener('abort', done);
  tx.addEventListener('error', done);
  return tx;
}

function track(request: IDBOpenDBRequest) {
  const keep = () => {
    const db = request.result;
    if (connections.has(db)) return;
    connections.add(db);
    db.addEventListener('close', () => connections.delete(db));
    const transaction = db.transaction.bind(db);
    db.transaction = ((...args: Parameters<IDBDatabase['transaction']>) =>
      watch(transaction(...args))) as IDBDatabase['transaction'];
  };
  request.addEventListener('upgradeneeded', () => {
    if (request.transaction) watch(request.transaction);
    keep();
  });
  request.addEventListener('success', keep);
  return request;
}

let listening = false;

/** Closes the connections when the page goes into the cache; reloads it if it comes back. */
export function releaseOnPageFreeze(win: Window, reload: () => void) {
  let closedForCache = false;
  win.addEventListener('pagehide', (event) => {
    if (!event.persisted || connections.size === 0) return;
    for (const tx of inFlight) {
      try {
        tx.abort();
      } catch {
        // finished meanwhile
      }
    }
    inFlight.clear();
    for (const db of connections) db.close();
    connections.clear();
    closedForCache = true;
  });
  win.addEventListener('pageshow', (event) => {
    if (event.persisted && closedForCache) reload();
  });
}

/**
 * WebKit alone (Safari, and every browser on iOS, Chrome's too): Chromium and Firefox evict a cached page that blocks
 * another, and there a write in flight as the page goes (an answer typed and left by another
 * address) must be let finish, not aborted.
 */
const suspendsInCache = () =>
  typeof navigator !== 'undefined' &&
  /AppleWebKit/.test(navigator.userAgent) &&
  !/Chrome\/|Chromium\//.test(navigator.userAgent);

function listen() {
  if (listening || typeof window === 'undefined' || !suspendsInCache()) return;
  listening = true;
  releaseOnPageFreeze(window, () => window.location.reload());
}

/** The browser's IndexedDB, with each connection known, so a page frozen in the cache holds none. */
export function trackedIndexedDB(): IDBFactory {
  listen();
  return {
    open: (name, version) => track(version === undefined ? indexedDB.open(name) : indexedDB.open(name, version)),
    deleteDatabase: (name) => indexedDB.deleteDatabase(name),
    cmp: (a, b) => indexedDB.cmp(a, b),
    databases: () => indexedDB.databases(),
  };
}
