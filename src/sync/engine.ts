import type { RxCollection } from 'rxdb';
import { BehaviorSubject, combineLatest, type Observable, type Subscription } from 'rxjs';
import { createBackoff } from './backoff';
import type { DatabaseClient } from './client';
import type { ConflictLog } from './conflict-log';
import { listenWhenLeading, type LiveTarget } from './live';
import { NO_PAGE_GOING_PUSH, type KeepaliveTarget, type PageGoingPush, type PageGoingState } from './last-push';
import type { Outbox } from './outbox';
import { replicateTable } from './replicate-table';
import type { SyncDoc } from './rows';
import { rulesOf, type SyncRules } from './rules';
import type { ReplicationHooks, SyncError } from './server-call';
import { exportUnsynced } from './export-unsynced';
import { probeServer } from './probe';
import { parseRefusal } from './refusal';
import { errorWords, refusalSentence } from './refusal-words';
import { IDLE_INPUTS, type SyncInputs } from './status';

export { probeServer };
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
  /** Makes the push of these states in a request that outlives the page (last-push.ts). */
  pageGoingPush?: (states: readonly PageGoingState[]) => PageGoingPush;
}

interface SharedOptions {
  keepalive?: KeepaliveTarget | undefined;
  outbox: Outbox;
  conflictLog: ConflictLog;
  rules: SyncRules;
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
  { pullOnly = false, serverSetsValues = false, inForms = false } = {},
): SyncTable {
  return {
    name: collection.name,
    start({ rules, ...shared }) {
      if (!pullOnly) shared.outbox.track(collection);
      return replicateTable({
        collection,
        pullOnly,
        pullAfterPush: serverSetsValues,
        inForms,
        rules: rulesOf(rules, collection.name),
        ...shared,
      });
    },
    read: async (docId) => (await collection.findOne(docId).exec())?.toJSON() ?? null,
  };
}

export interface SyncEngine {
  inputs$: BehaviorSubject<SyncInputs>;
  replications: Replication[];
  /** Pull and push now (online, focus, timer, the live channel, the retry action). */
  reSync(): void;
  /** Resolves once every replication has nothing left to pull or push. */
  awaitInSync(): Promise<void>;
  /** Resolves once the first pull of every table has finished (never while offline). */
  awaitInitialSync(): Promise<void>;
  /** Unsynced changes as JSON, for the 'Export unsynced changes' download. */
  exportUnsynced(): Promise<string>;
  /** The values kept; Sync details lists those the user has not seen yet. */
  conflictLog: Pick<ConflictLog, 'toReview$' | 'review'>;
  /** The page is going: the push of these newest states of `table`'s documents (then no other request). */
  pageGoingPush(table: string, states: readonly PageGoingState[]): PageGoingPush;
  stop(): Promise<void>;
}

export interface StartSyncOptions extends Pick<ReplicationHooks, 'signedIn'> {
  /** The database's outbox (what waits to go up) and conflict log (values that lost a conflict). */
  local: { outbox: Outbox; conflictLog: ConflictLog; rules: SyncRules };
  client: DatabaseClient;
  tables: SyncTable[];
  /** Distinguishes replications of one table: the user id, or the assessment token. */
  identifier: string;
  /** Tests turn off the browser listeners and the timer. */
  listen?: boolean;
  /** Resolves true when the server answers at all (default: a one-row-free call through `client`). */
  probe?: () => Promise<boolean>;
  /** Where a push sent as the page goes is sent (last-push.ts); none, no such push. */
  keepalive?: KeepaliveTarget;
  /** The live channel that says when to pull (live.ts); none, the timer and events alone. */
  live?: LiveTarget;
  /** Resolves once this tab is the one that replicates (RxDB's leader): only it listens live. */
  leader?: () => Promise<unknown>;
}

export function startSync({
  local,
  client,
  tables,
  identifier,
  listen = true,
  probe = () => probeServer(client),
  keepalive,
  live,
  leader,
  signedIn,
}: StartSyncOptions): SyncEngine {
  const { outbox, conflictLog, rules } = local;
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
  // The backoff keeps failing requests from hammering a server that is down, but after a long outage it would
  // wait up to a minute once the server is back (and `online` does not fire when only the server was away). So
  // while requests fail, a cheap probe asks every PROBE_EVERY_MS and ends the wait as soon as the server answers.
  let probeTimer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  // Once the page's last push is sent (pageGoingPush), no other request starts: one started after it could
  // land after it, older state over newer. A page restored from the back-forward cache syncs again.
  let pageGone = false;
  let pageBack: (() => void) | null = null;
  const ready = () =>
    pageGone ? new Promise<void>((resolve) => (pageBack = resolve)).then(backoff.ready) : backoff.ready();
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
    const said = error ? errorWords(error.message) : null;
    if (said !== inputs$.value.lastError) update({ lastError: said });
  };

  const replications = tables.map((table) =>
    table.start({
      outbox,
      conflictLog,
      rules,
      client,
      identifier,
      keepalive,
      hooks: { ready, onAttempt, signedIn },
    }),
  );

  const subs: Subscription[] = [
    combineLatest(replications.map((r) => r.active$)).subscribe((active) => update({ active: active.some(Boolean) })),
    outbox.waiting$().subscribe((entries) => {
      const refused = entries.find((e) => e.lastError);
      const why = parseRefusal(refused)?.refusal;
      update({
        pending: entries.length,
        oldestPendingSince: entries.length ? Math.min(...entries.map((e) => e.since)) : null,
        // Never the server's rule name: its words (refusal-words.ts).
        refusedError: refused ? (why ? refusalSentence(why) : errorWords(refused.lastError ?? '')) : null,
      });
    }),
    conflictLog.counts$().subscribe((counts) => update(counts)),
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
  const liveChannel = live
    ? listenWhenLeading(live, {
        leader,
        onPull: (table) => {
          backoff.wake();
          replications.forEach((r, i) => {
            if (table === undefined || tables[i]?.name === table) r.reSync();
          });
        },
        onState: (state) => {
          if (!stopped && state !== inputs$.value.live) update({ live: state, liveSince: Date.now() });
        },
      })
    : null;

  if (listen && typeof window !== 'undefined') {
    const onOnline = () => {
      update({ online: true, onlineSince: Date.now() });
      reSync();
    };
    const onOffline = () => update({ online: false });
    const onVisible = () => {
      if (document.visibilityState === 'visible') reSync();
    };
    const onPageShow = () => {
      if (!pageGone) return;
      pageGone = false;
      pageBack?.();
      reSync();
    };
    window.addEventListener('pageshow', onPageShow);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    window.addEventListener('focus', reSync);
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') pull();
      update({}); // refreshes `now`, so "stalled" appears without another event
    }, RESYNC_EVERY_MS);
    cleanups.push(() => {
      window.removeEventListener('pageshow', onPageShow);
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
    exportUnsynced: () => exportUnsynced(outbox, tables),
    conflictLog,
    pageGoingPush: (table, states) => {
      const pushes = tables.flatMap((t, i) =>
        t.name === table ? [replications[i]?.pageGoingPush?.(states) ?? NO_PAGE_GOING_PUSH] : [],
      );
      return {
        sent: pushes.flatMap((p) => p.sent),
        send: () => {
          pageGone = true;
          for (const p of pushes) p.send();
        },
      };
    },
    stop: async () => {
      stopped = true;
      pageBack?.();
      keepalive?.stop?.();
      stopProbing();
      for (const c of cleanups) c();
      await liveChannel?.stop();
      backoff.wake();
      for (const s of subs) s.unsubscribe();
      await Promise.all(replications.map((r) => r.cancel()));
      update({ started: false, active: false });
    },
  };
}
