import type { RxCollection } from 'rxdb';
import { BehaviorSubject, combineLatest, type Observable, type Subscription } from 'rxjs';
import type { DatabaseClient } from './client';
import type { ConflictLogEntry, OutboxEntry } from './database';
import { trackLocalWrites } from './outbox';
import { replicateTable, type ReplicationHooks, type SyncError } from './replication';
import type { SyncDoc } from './rows';
import { IDLE_INPUTS, type SyncInputs } from './sync-status';

export const RESYNC_EVERY_MS = 30_000;
const BASE_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;
/** While the server cannot be reached: how often a cheap request asks whether it is back. */
export const PROBE_EVERY_MS = 2_000;

/** What the engine needs of one table's replication, whatever its document type. */
export interface Replication {
  active$: Observable<boolean>;
  reSync(): void;
  awaitInSync(): Promise<unknown>;
  awaitInitialReplication(): Promise<void>;
  cancel(): Promise<unknown>;
}

interface SharedOptions {
  outbox: RxCollection<OutboxEntry>;
  conflictLog: RxCollection<ConflictLogEntry>;
  client: DatabaseClient;
  identifier: string;
  hooks: ReplicationHooks;
}

/** One synced table, its document type closed over: the engine handles a list of them alike. */
export interface SyncTable {
  name: string;
  start(shared: SharedOptions): Replication;
  /** The document as stored on this device, for the export of unsynced changes. */
  read(docId: string): Promise<unknown>;
}

/**
 * A synced table (pull-only tables take the server's rows and never record local writes). Where
 * the server sets values of its own on a write that the screen shows (a payment reference, the
 * signing date), they are pulled as soon as a push lands; elsewhere with the next pull.
 */
export function syncTable<T extends SyncDoc>(
  collection: RxCollection<T>,
  { pullOnly = false, serverSetsValues = false } = {},
): SyncTable {
  return {
    name: collection.name,
    start(shared) {
      if (!pullOnly) trackLocalWrites(collection, shared.outbox);
      return replicateTable({ collection, pullOnly, pullAfterPush: serverSetsValues, ...shared });
    },
    read: async (docId) => (await collection.findOne(docId).exec())?.toJSON() ?? null,
  };
}

export interface SyncEngine {
  inputs$: BehaviorSubject<SyncInputs>;
  replications: Replication[];
  /** Pull and push now (online, focus, timer, the retry action). */
  reSync(): void;
  /** Resolves once every replication has nothing left to pull or push. */
  awaitInSync(): Promise<void>;
  /** Resolves once the first pull of every table has finished (never while offline). */
  awaitInitialSync(): Promise<void>;
  /** Unsynced changes as JSON, for the 'Export unsynced changes' download. */
  exportUnsynced(): Promise<string>;
  stop(): Promise<void>;
}

export interface StartSyncOptions {
  /** The database's local collections: what waits to go up, and the values that lost a conflict. */
  db: { outbox: RxCollection<OutboxEntry>; conflict_log: RxCollection<ConflictLogEntry> };
  client: DatabaseClient;
  tables: SyncTable[];
  /** Distinguishes replications of one table: the user id, or the assessment token. */
  identifier: string;
  /** Tests turn off the browser listeners and the timer. */
  listen?: boolean;
  /** Resolves true when the server answers at all (default: a one-row-free call through `client`). */
  probe?: () => Promise<boolean>;
}

/**
 * A cheap question to the server: is it there? `sync_horizon()` reads no table. Any answer below
 * 500 means the API and the database answer (an expired token is the sync's own business).
 */
export async function probeServer(client: DatabaseClient): Promise<boolean> {
  try {
    const { status } = await client.rpc('sync_horizon');
    return status > 0 && status < 500;
  } catch {
    return false;
  }
}

export function startSync({
  db,
  client,
  tables,
  identifier,
  listen = true,
  probe = () => probeServer(client),
}: StartSyncOptions): SyncEngine {
  const outbox = db.outbox;
  const conflictLog = db.conflict_log;
  const online = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);
  const inputs$ = new BehaviorSubject<SyncInputs>({
    ...IDLE_INPUTS,
    started: true,
    online: online(),
    onlineSince: Date.now(),
    now: Date.now(),
  });
  const update = (patch: Partial<SyncInputs>) => inputs$.next({ ...inputs$.value, ...patch, now: Date.now() });

  const backoff = createBackoff(BASE_RETRY_MS, MAX_RETRY_MS);
  // The backoff keeps failing requests from hammering a server that is down, but after a long
  // outage it would wait up to a minute once the server is back (and `online` does not fire when
  // only the server was away). So while requests fail, a cheap probe asks every PROBE_EVERY_MS
  // and ends the wait as soon as the server answers.
  let probeTimer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const stopProbing = () => {
    if (probeTimer) clearTimeout(probeTimer);
    probeTimer = null;
  };
  const scheduleProbe = () => {
    if (probeTimer || stopped) return;
    probeTimer = setTimeout(() => {
      void probe().then((back) => {
        probeTimer = null;
        if (stopped || !inputs$.value.lastError) return;
        if (back) reSync();
        else scheduleProbe();
      });
    }, PROBE_EVERY_MS);
  };
  const onAttempt = (error: SyncError | null) => {
    if (error) backoff.fail();
    else backoff.succeed();
    if (error?.retryable) scheduleProbe();
    else if (!error) stopProbing();
    if ((error?.message ?? null) !== inputs$.value.lastError) update({ lastError: error?.message ?? null });
  };

  const replications = tables.map((table) =>
    table.start({ outbox, conflictLog, client, identifier, hooks: { ready: backoff.ready, onAttempt } }),
  );

  const subs: Subscription[] = [
    combineLatest(replications.map((r) => r.active$)).subscribe((active) => update({ active: active.some(Boolean) })),
    outbox.find().$.subscribe((entries) => {
      const refused = entries.find((e) => e.lastError);
      update({
        pending: entries.length,
        oldestPendingSince: entries.length ? Math.min(...entries.map((e) => e.since)) : null,
        refusedError: refused?.lastError ?? null,
      });
    }),
    conflictLog.count().$.subscribe((conflicts) => update({ conflicts })),
  ];

  const pull = () => {
    for (const r of replications) r.reSync();
  };
  // Something changed (back online, the tab came back, the retry action): try now, not after the backoff.
  const reSync = () => {
    backoff.wake();
    pull();
  };

  const cleanups: (() => void)[] = [];
  if (listen && typeof window !== 'undefined') {
    const onOnline = () => {
      update({ online: true, onlineSince: Date.now() });
      reSync();
    };
    const onOffline = () => update({ online: false });
    const onVisible = () => {
      if (document.visibilityState === 'visible') reSync();
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    window.addEventListener('focus', reSync);
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') pull();
      update({}); // refreshes `now`, so "stalled" appears without another event
    }, RESYNC_EVERY_MS);
    cleanups.push(() => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('focus', reSync);
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
    });
  }

  return {
    inputs$,
    replications,
    reSync,
    awaitInSync: async () => {
      await Promise.all(replications.map((r) => r.awaitInSync()));
    },
    awaitInitialSync: async () => {
      await Promise.all(replications.map((r) => r.awaitInitialReplication()));
    },
    exportUnsynced: async () => {
      const entries = await outbox.find().exec();
      const changes = await Promise.all(
        entries.map(async (e) => {
          const stored = await tables.find((t) => t.name === e.table)?.read(e.docId);
          return {
            table: e.table,
            id: e.docId,
            waitingSince: new Date(e.since).toISOString(),
            lastError: e.lastError,
            document: stored ?? null,
            refusedVersion: e.refused ? (JSON.parse(e.refused) as unknown) : null,
          };
        }),
      );
      return JSON.stringify({ exportedAt: new Date().toISOString(), changes }, null, 2);
    },
    stop: async () => {
      stopped = true;
      stopProbing();
      for (const c of cleanups) c();
      backoff.wake();
      for (const s of subs) s.unsubscribe();
      await Promise.all(replications.map((r) => r.cancel()));
      update({ started: false, active: false });
    },
  };
}

/**
 * Exponential backoff shared by every request of one engine: a failure starts a wait (doubling
 * from `base` to `max`; failures of requests that were already under way do not double it again),
 * a success ends it, and `wake()` cuts the current wait short.
 */
export function createBackoff(base: number, max: number) {
  let delay = 0;
  let until = 0;
  const waiters = new Set<() => void>();
  return {
    fail: () => {
      if (Date.now() < until) return;
      delay = Math.min(Math.max(delay * 2, base), max);
      until = Date.now() + delay;
    },
    succeed: () => {
      delay = 0;
      until = 0;
    },
    wake: () => {
      until = 0;
      for (const w of [...waiters]) w();
    },
    ready: (): Promise<void> => {
      const wait = until - Date.now();
      if (wait <= 0) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, wait);
        waiters.add(done);
      });
    },
  };
}
