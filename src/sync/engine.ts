// The sync engine of one local database: a replication per synced table, the status people see,
// and when to pull and push (docs/architecture.md#a-write-from-the-form-to-another-device).
import type { RxCollection } from 'rxdb';
import { BehaviorSubject, combineLatest, type Observable, type Subscription } from 'rxjs';
import { refusalSentence, errorWords } from '../lib/refusal-words';
import type { DatabaseClient } from './client';
import type { ConflictRule } from './conflict-handler';
import type { ConflictLog } from './conflict-log';
import { attempts } from './engine-attempts';
import { listenForChanges } from './engine-events';
import { exportUnsynced } from './export-unsynced';
import { listenWhenLeading, type LiveTarget } from './live';
import type { Outbox } from './outbox';
import { sendNow, type KeepaliveTarget, type PageGoingState } from './page-going-push';
import { probeServer } from './probe';
import { replicateTable } from './replicate-table';
import type { SyncDoc } from './rows';
import { rulesOf, type SyncRules } from './rules';
import type { ReplicationHooks } from './server-call';
import { IDLE_INPUTS, type SyncInputs } from './status';

export { probeServer };
export { PROBE_EVERY_MS } from './engine-attempts';
export { RESYNC_EVERY_MS } from './engine-events';

/** What the engine needs of one table's replication, whatever its document type. */
export interface Replication {
  active$: Observable<boolean>;
  reSync(): void;
  awaitInSync(): Promise<unknown>;
  awaitInitialReplication(): Promise<void>;
  cancel(): Promise<unknown>;
  /** The push of these states in a request that outlives the page, if this tab may make it now. */
  pageGoingPush?: (states: readonly PageGoingState[]) => (() => void) | null;
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
  conflicts: ConflictRule<T>,
  { pullOnly = false, serverSetsValues = false } = {},
): SyncTable {
  return {
    name: collection.name,
    start({ rules, ...shared }) {
      if (!pullOnly) shared.outbox.track(collection);
      return replicateTable({
        ...shared,
        collection,
        conflicts,
        pullOnly,
        pullAfterPush: serverSetsValues,
        rules: rulesOf(rules, collection.name),
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
  /** The page is going: sends these newest states of `table`'s documents if this tab may (then no other request). */
  pageGoingPush(table: string, states: readonly PageGoingState[]): boolean;
  /** Sends these states as the page-going push does, and the page goes on: the device could not store them. */
  pushUnstored(table: string, states: readonly PageGoingState[]): boolean;
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
  /** Where a push sent as the page goes is sent (page-going-push.ts); none, no such push. */
  keepalive?: KeepaliveTarget;
  /** The live channel that says when to pull (live.ts); none, the timer and events alone. */
  live?: LiveTarget;
  /** Resolves once this tab is the one that replicates (RxDB's leader): only it listens live. */
  leader?: () => Promise<unknown>;
}

/** How long stopping waits for what waits to be sent (online only; the rest goes next time). */
const STOP_SETTLE_MS = 3_000;

async function settleFor(replications: readonly { awaitInSync: () => Promise<unknown> }[], ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  await Promise.race([Promise.all(replications.map((r) => r.awaitInSync().catch(() => undefined))), late]);
  clearTimeout(timer);
}

const online = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

export function startSync(options: StartSyncOptions): SyncEngine {
  const { local, client, tables } = options;
  const { inputs$, update } = statusInputs();
  let stopped = false;
  // Once the page's last push is sent, no other request starts (one could land after it, older
  // state over newer) until the page is shown again from the back-forward cache.
  const gone = pageGone();
  const tries = attempts({
    probe: options.probe ?? (() => probeServer(client)),
    onBack: () => reSync(),
    onError: (said) => said !== inputs$.value.lastError && update({ lastError: said }),
  });
  const hooks: ReplicationHooks = {
    ready: () => gone.wait().then(tries.ready),
    onAttempt: tries.onAttempt,
    signedIn: options.signedIn,
  };
  const replications = tables.map((table) =>
    table.start({
      outbox: local.outbox,
      conflictLog: local.conflictLog,
      rules: local.rules,
      client,
      identifier: options.identifier,
      keepalive: options.keepalive,
      hooks,
    }),
  );
  const pull = (table?: string) =>
    replications.forEach((r, i) => (table === undefined || tables[i]?.name === table) && r.reSync());
  const reSync = () => {
    tries.wake();
    pull();
  };
  const subs = watchInputs(replications, local, update);
  const liveChannel = options.live
    ? listenWhenLeading(options.live, {
        leader: options.leader,
        onPull: (table) => {
          tries.wake();
          pull(table);
        },
        onState: (state) => !stopped && state !== inputs$.value.live && update({ live: state, liveSince: Date.now() }),
      })
    : null;
  const unlisten = options.listen === false ? () => undefined : listenInBrowser({ tries, update, reSync, pull, gone });

  return {
    inputs$,
    replications,
    reSync,
    awaitInSync: async () => void (await Promise.all(replications.map((r) => r.awaitInSync()))),
    awaitInitialSync: async () => void (await Promise.all(replications.map((r) => r.awaitInitialReplication()))),
    exportUnsynced: () => exportUnsynced(local.outbox, tables),
    conflictLog: local.conflictLog,
    pageGoingPush: (table, states) => sendNow(replications, tables, table, states, () => gone.go()),
    pushUnstored: (table, states) => !stopped && !gone.isGone() && sendNow(replications, tables, table, states),
    stop: async () => {
      // A route left right after typing (a link, Back): what waits is sent first, for a moment.
      // Not a page that went: its last push was its page-going one, and nothing may follow it.
      if (online() && !gone.isGone()) await settleFor(replications, STOP_SETTLE_MS);
      stopped = true;
      gone.back();
      options.keepalive?.stop?.();
      tries.stop();
      unlisten();
      await liveChannel?.stop();
      for (const s of subs) s.unsubscribe();
      await Promise.all(replications.map((r) => r.cancel()));
      update({ started: false, active: false });
    },
  };
}

/** What the status is derived from, and how the engine changes it (`now` comes with every change). */
function statusInputs() {
  const inputs$ = new BehaviorSubject<SyncInputs>({
    ...IDLE_INPUTS,
    started: true,
    online: online(),
    onlineSince: Date.now(),
    now: Date.now(),
  });
  const update = (patch: Partial<SyncInputs>) => inputs$.next({ ...inputs$.value, ...patch, now: Date.now() });
  return { inputs$, update };
}

/** The browser's events, as the engine answers them (engine-events.ts); none outside a browser. */
function listenInBrowser(on: {
  tries: ReturnType<typeof attempts>;
  update: (patch: Partial<SyncInputs>) => void;
  reSync: () => void;
  pull: () => void;
  gone: ReturnType<typeof pageGone>;
}): () => void {
  if (typeof window === 'undefined') return () => undefined;
  return listenForChanges({
    online: () => {
      on.tries.cameOnline();
      on.update({ online: true, onlineSince: Date.now() });
      on.reSync();
    },
    offline: () => on.update({ online: false }),
    wake: on.reSync,
    tick: (visible) => {
      if (visible) on.pull();
      on.update({}); // refreshes `now`, so "stalled" appears without another event
    },
    pageShown: () => on.gone.back() && on.reSync(),
  });
}

/** The status's inputs from the replications, the outbox and the conflict log. */
function watchInputs(
  replications: Replication[],
  local: StartSyncOptions['local'],
  update: (patch: Partial<SyncInputs>) => void,
): Subscription[] {
  return [
    combineLatest(replications.map((r) => r.active$)).subscribe((active) => update({ active: active.some(Boolean) })),
    local.outbox.waiting$().subscribe((entries) => {
      const refused = entries.find((e) => e.lastError);
      update({
        pending: entries.length,
        oldestPendingSince: entries.length ? Math.min(...entries.map((e) => e.since)) : null,
        // Never the server's rule name: its words (lib/refusal-words.ts).
        refusedError: refused
          ? refused.refusal
            ? refusalSentence(refused.refusal)
            : errorWords(refused.lastError ?? '')
          : null,
      });
    }),
    local.conflictLog.counts$().subscribe((counts) => update(counts)),
  ];
}

/** A page whose last push has gone sends nothing more until it is shown again. */
function pageGone() {
  let gone = false;
  const waiting: (() => void)[] = [];
  return {
    go: () => void (gone = true),
    isGone: () => gone,
    /** Resolves at once, or when the page is shown again. */
    wait: () => (gone ? new Promise<void>((resolve) => waiting.push(resolve)) : Promise.resolve()),
    /** True when the page had gone. */
    back: () => {
      const was = gone;
      gone = false;
      for (const resolve of waiting.splice(0)) resolve();
      return was;
    },
  };
}
