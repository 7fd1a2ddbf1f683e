import type { RxCollection, RxReplicationPullStreamItem } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { filter, pairwise, Subject, type Subscription } from 'rxjs';
import type { Json } from '../generated/database.types';
import { MAX_PULL_ROWS, MAX_PUSH_ROWS } from '../lib/limits';
import type { DatabaseClient } from './client';
import type { ConflictRule } from './conflict-handler';
import type { ConflictLog } from './conflict-log';
import { sameData, type Doc } from './merge';
import type { Outbox } from './outbox';
import { pageGoingPush, ServerStates, type KeepaliveTarget, type PageGoingState } from './page-going-push';
import { pull, type Checkpoint, type PullResult } from './pull';
import { debounced, heldRows } from './pull-again';
import { push, type PushResult } from './push';
import type { SyncDoc } from './rows';
import type { TableRules } from './rules';
import { callServer, type ReplicationHooks } from './server-call';
import { settleUnchanged } from './settle';

/** A pull follows the last of a run of pushes by this much (the next batch starts sooner). */
const PULL_AFTER_PUSH_MS = 30;

export interface TableReplicationOptions<T extends SyncDoc> {
  collection: RxCollection<T>;
  outbox: Outbox;
  conflictLog: ConflictLog;
  /** The collection's conflict handler, which keeps each merge for the log. */
  conflicts: ConflictRule<T>;
  rules: TableRules;
  client: DatabaseClient;
  /** Distinguishes replications of the same table (per user, per assessment token). */
  identifier: string;
  pullOnly?: boolean | undefined;
  /** Pull once a push lands (the server sets values of its own that the screen shows). */
  pullAfterPush?: boolean;
  /** Rows per push call (per pull call: MAX_PULL_ROWS). */
  batchSize?: number;
  hooks: ReplicationHooks;
  /** Where a push sent as the page goes is sent (none: such pushes are not made). */
  keepalive?: KeepaliveTarget | undefined;
}

/** One table's replication, and its last push as the page goes (page-going-push.ts). */
export type TableReplication<T> = RxReplicationState<T, Checkpoint> & {
  pageGoingPush: (states: readonly PageGoingState[]) => (() => void) | null;
};

/**
 * One table: checkpointed pull by (_modified, id) through `sync_pull`, batched compare-and-set
 * push through `sync_push` (a refused row is reported per row, never blocks the queue). The
 * table's name is its collection's name. Everything it subscribes to ends when it is cancelled.
 */
export function replicateTable<T extends SyncDoc>(options: TableReplicationOptions<T>): TableReplication<T> {
  const { collection, client, hooks } = options;
  const table = collection.name;
  const known = new Set(Object.keys(collection.schema.jsonSchema.properties));
  const call = <R>(send: Parameters<typeof callServer>[1]) => callServer(client, send, hooks) as Promise<R>;
  const serverStates = new ServerStates();
  const reSync = () => {
    if (!state.isStopped()) state.reSync();
  };
  const pullSoon = debounced(reSync, PULL_AFTER_PUSH_MS);
  const pullWhileHeld = heldRows(reSync);

  const state = replicateRxCollection<T, Checkpoint>({
    replicationIdentifier: `supabase-${table}-${options.identifier}`,
    collection,
    deletedField: '_deleted',
    live: true,
    // RxDB's own wait between retries cannot be cut short, so it is kept short; the real
    // backoff is `hooks.ready()`, which reSync() (online, focus, the retry action) ends at once.
    retryTime: 500,
    // Both waited for in startWhenReady, with the outbox read: RxDB's own start cannot wait for it.
    waitForLeadership: false,
    autoStart: false,
    pull: {
      batchSize: MAX_PULL_ROWS,
      // Pulls happen at start and on reSync(), which the engine triggers.
      stream$: new Subject<RxReplicationPullStreamItem<T, Checkpoint>>().asObservable(),
      handler: async (checkpoint, limit) => {
        const { held, ...page } = await pull(
          {
            ...options,
            known,
            call: (from, n) =>
              call<PullResult>(() => client.rpc('sync_pull', { p_table: table, p_checkpoint: from, p_limit: n })),
          },
          checkpoint,
          limit,
        );
        pullWhileHeld.note(held);
        return page;
      },
    },
    push: options.pullOnly
      ? undefined
      : {
          batchSize: options.batchSize ?? MAX_PUSH_ROWS,
          handler: async (rows) => {
            const send = (p_rows: Json) => call<PushResult>(() => client.rpc('sync_push', { p_table: table, p_rows }));
            const { accepted, conflicts } = await push({ ...options, known, send, serverStates }, rows);
            for (const row of conflicts) serverStates.holds(row);
            // The server's own values (a payment reference, the signing date) pulled now rather than
            // at the next timer, so the screen shows them at once; once for a run of batches.
            if (accepted > 0 && options.pullAfterPush) pullSoon.run();
            return conflicts;
          },
        },
  });

  startWhenReady(state, options.outbox);
  const subscriptions = [logConflicts(state, options), state.received$.subscribe((doc) => serverStates.holds(doc))];
  if (!options.pullOnly) subscriptions.push(settleWhenIdle(state, options));
  const cancel = state.cancel.bind(state);
  return Object.assign(state, {
    cancel: () => {
      for (const s of subscriptions) s.unsubscribe();
      pullSoon.cancel();
      pullWhileHeld.cancel();
      return cancel();
    },
    // Any tab, the lead one or not yet (leadership can take a second to settle): the push is
    // numbered after all of the device's (push-order.ts), and another open tab takes the change in.
    pageGoingPush: (states: readonly PageGoingState[]) => {
      if (!options.keepalive || options.pullOnly) return null;
      return pageGoingPush(options.keepalive, table, states, serverStates);
    },
  });
}

/**
 * A resolved conflict: the local values that lost go to the conflict log (the handler itself
 * only merges). A resolution that is the server's row is never pushed again: it is settled —
 * unless the user changed the document again meanwhile: that change waits.
 */
function logConflicts<T extends SyncDoc>(
  state: RxReplicationState<T, Checkpoint>,
  { collection, outbox, conflictLog, conflicts, rules }: TableReplicationOptions<T>,
): Subscription {
  return state.conflict$.subscribe(({ input, output }) => {
    const merged = conflicts.mergedFor(input);
    const server = input.realMasterState as Doc;
    const docId = String(output.id);
    void (async () => {
      const final = rules.serverIsFinal?.(server) === true;
      await conflictLog.keep(collection.name, docId, merged?.lost ?? [], final ? 'final' : 'other-device');
      if (sameData(output, server, rules)) await outbox.settle(collection.name, server);
    })().catch(() => undefined);
  });
}

/** Once the replication goes idle, documents equal to what the server has settle their entries. */
function settleWhenIdle<T extends SyncDoc>(
  state: RxReplicationState<T, Checkpoint>,
  { collection, outbox, rules }: TableReplicationOptions<T>,
): Subscription {
  return state.active$
    .pipe(
      pairwise(),
      filter(([was, now]) => was && !now),
    )
    .subscribe(() => void settleUnchanged(state, collection, outbox, rules).catch(() => undefined));
}

/**
 * Starts the replication as RxDB would (in the lead tab: waitForLeadership), once the outbox is
 * read: the conflict handler's equality checks ask it (conflict-handler.ts).
 */
function startWhenReady<T extends SyncDoc>(state: RxReplicationState<T, Checkpoint>, outbox: Outbox) {
  const { database } = state.collection;
  const leader = database.multiInstance ? database.waitForLeadership() : Promise.resolve(true);
  void Promise.all([outbox.ready, leader]).then(() =>
    state.isStopped() ? undefined : state.start().catch(() => undefined),
  );
}
