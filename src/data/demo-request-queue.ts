// Demo requests made offline (DESIGN.md: online-only data, "a demo request made offline is queued
// locally and sent when back online"). The visitor is anonymous, so the queue is a small IndexedDB
// database of its own, not the per-user RxDB database. Each request carries a client id:
// re-sending one the server already has is refused with 23505 on the primary key, which counts as
// received — so a lost answer, a reload mid-send or a second tab never make a duplicate.
//
// Plain IndexedDB rather than Dexie: RxDB bundles its own pinned Dexie (4.4.2), and a second
// Dexie version in the same page throws at import ("Two different versions of Dexie loaded").
import type { DatabaseClient } from './client';
import type { Database } from './database.types';
import { requestPersistentStorage } from './storage';

/** A row for public.demo_requests, with the client's id. */
export type DemoRequestRow = Required<Omit<Database['public']['Tables']['demo_requests']['Insert'], 'created_at'>>;

/** Why the database refused a request: retrying will not change it (a check, a type, a policy). */
export interface DemoRequestRefusal {
  code: string;
  message: string;
  /** The constraint Postgres named, when it did. */
  constraint: string | null;
}

export interface QueuedDemoRequest {
  id: string;
  row: DemoRequestRow;
  queuedAt: number;
  /** The last failure worth retrying (no connection, server busy), for the status line. */
  lastError: string | null;
  /** Set once the server refused it: it then waits for the visitor, not for the network. */
  refusal: DemoRequestRefusal | null;
}

export type SendOutcome =
  /** Stored (or already stored under this id). */
  | { kind: 'sent' }
  /** The request never got an answer: no connection, or the server cannot be reached. */
  | { kind: 'offline'; message: string }
  | { kind: 'refused'; refusal: DemoRequestRefusal }
  /** An answer that is not a refusal of this request (a server error): worth trying again later. */
  | { kind: 'failed'; message: string };

const ALREADY_RECEIVED = 'demo_requests_pkey';
const SEND_TIMEOUT_MS = 30_000;

/** The constraint an error message names ('… violates check constraint "x"'). */
export function constraintOf(message: string): string | null {
  return /constraint "([^"]+)"/.exec(message)?.[1] ?? null;
}

/** One insert, return=minimal (anonymous clients may not read the table back); never throws. */
export async function sendDemoRequest(client: DatabaseClient, row: DemoRequestRow): Promise<SendOutcome> {
  let result;
  try {
    // A request that hangs (a dead connection) is given up and kept, not waited on for minutes
    // while it holds the send lock; the same id makes a late arrival harmless.
    result = await client.from('demo_requests').insert(row).abortSignal(AbortSignal.timeout(SEND_TIMEOUT_MS));
  } catch (error) {
    // postgrest-js reports a failed fetch as status 0; an abort (the timeout) is what it throws.
    return { kind: 'offline', message: error instanceof Error ? error.message : String(error) };
  }
  const { error, status } = result;
  if (!error) return { kind: 'sent' };
  if (status === 0) return { kind: 'offline', message: error.message };
  const constraint = constraintOf(error.message);
  if (error.code === '23505' && constraint === ALREADY_RECEIVED) return { kind: 'sent' };
  // Class 22 (bad data), 23 (a constraint), 42 (a policy, a privilege): the same row gets the same answer.
  if (/^(22|23|42)/.test(error.code ?? '')) {
    return { kind: 'refused', refusal: { code: error.code, message: error.message, constraint } };
  }
  return { kind: 'failed', message: error.message || `The server answered ${status}` };
}

const STORE = 'requests';

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(name: string): Promise<IDBDatabase> {
  const request = indexedDB.open(name, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id' });
  return done(request);
}

/** One transaction on the store; resolves with `work`'s result once the transaction has committed. */
function inTransaction<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => Promise<T> | T,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    let result: T;
    Promise.resolve(work(transaction.objectStore(STORE))).then(
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

// Watchers of each database in this page; other tabs hear of changes through a BroadcastChannel.
const pageWatchers = new Map<string, Set<() => void>>();

export const DEMO_REQUEST_DB = 'chloe-demo-requests';
const LOCK = 'chloe-demo-requests-send';

// Where the browser has no Web Locks (older Safari, jsdom): one chain per lock name in this page,
// which still keeps two queues of one page from sending the same entry; across tabs the 23505 on
// the client id is what stops a duplicate.
const localLocks = new Map<string, Promise<unknown>>();
function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks?.request) return locks.request(name, fn);
  const run = (localLocks.get(name) ?? Promise.resolve()).then(fn, fn);
  const tail = run.catch(() => undefined);
  localLocks.set(name, tail);
  void tail.then(() => localLocks.get(name) === tail && localLocks.delete(name));
  return run;
}

let lastQueuedAt = 0;

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export interface FlushResult {
  sent: QueuedDemoRequest[];
  refused: QueuedDemoRequest[];
  /** Entries still waiting for the network after this attempt. */
  waiting: number;
}

export interface SenderOptions {
  /** Between attempts while requests wait and the browser says it is online. */
  retryMs?: number;
}

export interface DemoRequestQueueOptions {
  client: DatabaseClient;
  dbName?: string;
  /** Requests this queue delivered (not ones another tab delivered). */
  onSent?: (entries: QueuedDemoRequest[]) => void;
  /** Requests the server refused while this queue sent them. */
  onRefused?: (entries: QueuedDemoRequest[]) => void;
}

export const DEFAULT_RETRY_MS = 15_000;

export type DemoRequestQueue = ReturnType<typeof createDemoRequestQueue>;

export function createDemoRequestQueue({
  client,
  dbName = DEMO_REQUEST_DB,
  onSent,
  onRefused,
}: DemoRequestQueueOptions) {
  let opened: Promise<IDBDatabase> | undefined;
  const database = () => {
    opened ??= openDatabase(dbName).then((db) => {
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
  const run = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T> | T) =>
    inTransaction(await database(), mode, work);

  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`${dbName}-changes`);
  const watchers = pageWatchers.get(dbName) ?? new Set<() => void>();
  pageWatchers.set(dbName, watchers);
  const changed = () => {
    for (const watcher of watchers) watcher();
    channel?.postMessage('changed');
  };
  const heard = () => {
    for (const watcher of watchers) watcher();
  };
  channel?.addEventListener('message', heard);

  const all = async () =>
    (await run('readonly', (store) => done(store.getAll() as IDBRequest<QueuedDemoRequest[]>))).sort(
      (a, b) => a.queuedAt - b.queuedAt,
    );
  const put = async (entry: QueuedDemoRequest) => {
    await run('readwrite', (store) => done(store.put(entry)));
    changed();
  };
  const remove = async (id: string) => {
    await run('readwrite', (store) => done(store.delete(id)));
    changed();
  };
  /** Changes an entry that is still there (another tab may have sent and removed it meanwhile). */
  const update = async (id: string, patch: Partial<QueuedDemoRequest>) => {
    await run(
      'readwrite',
      (store) =>
        new Promise<void>((resolve, reject) => {
          const read = store.get(id);
          // The write is made in the read's own callback: the transaction is certainly still open.
          read.onsuccess = () => {
            const entry = read.result as QueuedDemoRequest | undefined;
            if (entry) store.put({ ...entry, ...patch });
            resolve();
          };
          read.onerror = () => reject(read.error ?? new Error('IndexedDB read failed'));
        }),
    );
    changed();
  };
  const waitingEntries = async () => (await all()).filter((e) => !e.refusal);

  /** Sends every waiting request once, oldest first, under one lock for all tabs. */
  function flush(): Promise<FlushResult> {
    return withLock(LOCK, async () => {
      const result: FlushResult = { sent: [], refused: [], waiting: 0 };
      // Read inside the lock: what another tab sent meanwhile is gone from the table.
      const waiting = await waitingEntries();
      for (const [i, entry] of waiting.entries()) {
        if (!isOnline()) {
          result.waiting = waiting.length - i;
          break;
        }
        const outcome = await sendDemoRequest(client, entry.row);
        if (outcome.kind === 'sent') {
          await remove(entry.id);
          result.sent.push(entry);
        } else if (outcome.kind === 'refused') {
          const refused = { ...entry, refusal: outcome.refusal, lastError: null };
          await update(entry.id, { refusal: outcome.refusal, lastError: null });
          result.refused.push(refused);
        } else {
          await update(entry.id, { lastError: outcome.message });
          // The server is out of reach: the rest would fail the same way.
          result.waiting = waiting.length - i;
          break;
        }
      }
      if (result.sent.length) onSent?.(result.sent);
      if (result.refused.length) onRefused?.(result.refused);
      return result;
    });
  }

  // The sender: one per queue however many components start it (a module-level singleton for
  // the app's queue), stopped when the last of them stops.
  let starts = 0;
  let stopSending: (() => void) | null = null;

  function startSender({ retryMs = DEFAULT_RETRY_MS }: SenderOptions) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let running: Promise<void> | null = null;
    let again = false;
    const attempt = () => {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      clearTimeout(timer);
      running = flush()
        .then(
          (result) => result.waiting,
          () => 1,
        )
        .then(async (waiting) => {
          running = null;
          if (stopped) return;
          if (again) {
            again = false;
            return attempt();
          }
          // Entries another tab added, or ones left by an attempt that went offline: a timer
          // while any wait; the 'online' event covers the way back from offline.
          const left = waiting || (await waitingEntries().catch(() => [])).length;
          if (left && !stopped) timer = setTimeout(attempt, retryMs);
        });
    };
    window.addEventListener('online', attempt);
    attempt();
    return {
      attempt,
      stop: () => {
        stopped = true;
        clearTimeout(timer);
        window.removeEventListener('online', attempt);
      },
    };
  }

  let sender: ReturnType<typeof startSender> | null = null;

  return {
    /** Keeps a request on the device until it is sent (or the visitor removes it). */
    async add(row: DemoRequestRow) {
      void requestPersistentStorage();
      // Oldest first: two requests in the same millisecond keep the order they were made in.
      lastQueuedAt = Math.max(Date.now(), lastQueuedAt + 1);
      await put({ id: row.id, row, queuedAt: lastQueuedAt, lastError: null, refusal: null });
      sender?.attempt();
    },
    remove,
    all,
    flush,
    /** Calls `listener` with every entry now and after each change (in any tab). */
    watch(listener: (entries: QueuedDemoRequest[]) => void, onError?: (error: unknown) => void) {
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
    },
    /**
     * Sends at once, on every `online` event and on a timer while requests wait. Idempotent:
     * each call returns its own stop, and the sender stops with the last one.
     */
    startSending(options: SenderOptions = {}) {
      starts += 1;
      if (starts === 1) {
        sender = startSender(options);
        stopSending = sender.stop;
      } else sender?.attempt();
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        starts -= 1;
        if (starts === 0) {
          stopSending?.();
          stopSending = null;
          sender = null;
        }
      };
    },
    /** Sends now if the sender runs (the status line's 'Send now'). */
    sendNow() {
      if (sender) sender.attempt();
      else void flush();
    },
    close() {
      channel?.removeEventListener('message', heard);
      channel?.close();
      void opened?.then((db) => db.close()).catch(() => undefined);
      opened = undefined;
    },
  };
}
