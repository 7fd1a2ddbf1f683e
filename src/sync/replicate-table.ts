import { getAssumedMasterState, type RxCollection, type RxReplicationPullStreamItem, type WithDeleted } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { filter, pairwise, Subject } from 'rxjs';
import { MAX_PULL_ROWS, MAX_PUSH_ROWS } from '../lib/limits';
import type { Json } from '../generated/database.types';
import type { DatabaseClient } from './client';
import type { ConflictLog } from './conflict-log';
import { mergeOf } from './conflict-handler';
import {
  AssumedServerStates,
  NO_PAGE_GOING_PUSH,
  pageGoingPush,
  type KeepaliveTarget,
  type PageGoingPush,
  type PageGoingState,
} from './last-push';
import { sameData, type Doc } from './merge';
import { parseSent } from './sent-states';
import type { Outbox } from './outbox';
import { push, type PushResult } from './push';
import { rowToDoc, type Row, type SyncDoc } from './rows';
import type { TableRules } from './rules';
import { callServer, type ReplicationHooks } from './server-call';

export type Checkpoint = {
  modified: string;
  id: string;
};

// The shape `sync_pull` returns as jsonb (supabase/schemas: sync_pull).
interface PullResult {
  documents: Row[];
  checkpoint: Checkpoint | null;
}

/** A pull follows the last of a run of pushes by this much (the next batch starts sooner). */
const PULL_AFTER_PUSH_MS = 30;

export interface TableReplicationOptions<T extends SyncDoc> {
  collection: RxCollection<T>;
  outbox: Outbox;
  conflictLog: ConflictLog;
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
  /** Its documents are edited in forms: a page may go a moment after the first keystroke. */
  inForms?: boolean;
  /** Where a push sent as the page goes is sent (none: such pushes are not made). */
  keepalive?: KeepaliveTarget | undefined;
}

/** One table's replication, and its last push as the page goes (last-push.ts). */
export type TableReplication<T> = RxReplicationState<T, Checkpoint> & {
  pageGoingPush: (states: readonly PageGoingState[]) => PageGoingPush;
};

/**
 * One table: checkpointed pull by (_modified, id) through `sync_pull`, batched compare-and-set
 * push through `sync_push` (a refused row is reported per row, never blocks the queue). The
 * table's name is its collection's name.
 */
export function replicateTable<T extends SyncDoc>(options: TableReplicationOptions<T>): TableReplication<T> {
  const { collection, outbox, conflictLog, rules, client, hooks } = options;
  const table = collection.name;
  const known = new Set(Object.keys(collection.schema.jsonSchema.properties));
  const assumedStates = new AssumedServerStates();
  // The device's id, read once: a push sent as the page goes has no time to wait for it.
  let writer: string | null = null;
  void collection.database.storageToken.then((token) => (writer = token));
  const batchSize = options.batchSize ?? MAX_PUSH_ROWS;
  const call = <R>(send: Parameters<typeof callServer>[1]) => callServer(client, send, hooks) as Promise<R>;
  let pullTimer: ReturnType<typeof setTimeout> | undefined;
  const pullSoon = () => {
    clearTimeout(pullTimer);
    pullTimer = setTimeout(() => {
      if (!state.isStopped()) state.reSync();
    }, PULL_AFTER_PUSH_MS);
  };

  // Pulls happen at start and on reSync(), which the engine triggers.
  const stream$ = new Subject<RxReplicationPullStreamItem<T, Checkpoint>>();

  const state = replicateRxCollection<T, Checkpoint>({
    replicationIdentifier: `supabase-${table}-${options.identifier}`,
    collection,
    deletedField: '_deleted',
    live: true,
    // RxDB's own wait between retries cannot be cut short, so it is kept short; the real
    // backoff is `hooks.ready()`, which reSync() (online, focus, the retry action) ends at once.
    retryTime: 500,
    waitForLeadership: true,
    autoStart: true,
    pull: {
      batchSize: MAX_PULL_ROWS,
      stream$: stream$.asObservable(),
      handler: async (checkpoint, limit) => {
        const data = await call<PullResult>(() =>
          client.rpc('sync_pull', { p_table: table, p_checkpoint: checkpoint ?? null, p_limit: limit }),
        );
        const documents = await keepRefusedValues(data.documents.map((row) => rowToDoc<T>(row, known)));
        return {
          documents,
          checkpoint: data.checkpoint ??
            checkpoint ?? { modified: '-infinity', id: '00000000-0000-0000-0000-000000000000' },
        };
      },
    },
    push: options.pullOnly
      ? undefined
      : {
          batchSize,
          handler: async (rows) => {
            const send = (p_rows: Json) => call<PushResult>(() => client.rpc('sync_push', { p_table: table, p_rows }));
            const { accepted, conflicts } = await push(
              { collection, outbox, rules, known, send, onSent: (id, writeId) => assumedStates.noteSent(id, writeId) },
              rows,
            );
            // The server's own values (a payment reference, the signing date) pulled now rather than
            // at the next timer, so the screen shows them at once; once for a run of batches.
            if (accepted > 0 && options.pullAfterPush) pullSoon();
            return conflicts;
          },
        },
  });

  // A refused state still on this device that a pull is about to replace with the server's newer
  // row (RxDB takes the server's row when the device has nothing newer than what it pushed): the
  // refused values go to the conflict log, and the refusal is over. The row the server kept when
  // it refused, pulled again (the pull began before the refusal, or its checkpoint was behind), is
  // not newer: it is left out, and the refused values stay on screen with their message until
  // corrected (the next push is judged against that row: Outbox.judgedAgainst).
  async function keepRefusedValues<D extends Doc>(documents: D[]): Promise<D[]> {
    const found = await outbox.refusalsAmong(
      table,
      documents.map((d) => String(d.id)),
    );
    const stale = new Set<string>();
    for (const { docId, refused, refusal } of found) {
      const pulled = documents.find((d) => d.id === docId)!;
      const local = (await collection.findOne(docId).exec())?.toMutableJSON(true) as Doc | undefined;
      if (!local || !sameData(local, refused, rules)) continue;
      // A final row (signed, completed) is taken even as the row the server kept: the refused
      // values can never be corrected into it, so they go to the conflict log now.
      if (refusal.server && sameData(pulled, refusal.server, rules) && !rules.serverIsFinal?.(pulled)) {
        stale.add(docId);
        continue;
      }
      const lost = Object.keys(refused)
        .filter((field) => !sameData({ [field]: refused[field] }, { [field]: refusal.server?.[field] ?? null }, rules))
        .map((field) => ({ field, local: refused[field], server: pulled[field] ?? null }));
      await conflictLog.keep(table, docId, lost, rules.serverIsFinal?.(pulled) ? 'final' : 'other-device');
      await outbox.settle(table, [pulled]);
    }
    return stale.size > 0 ? documents.filter((d) => !stale.has(String(d.id))) : documents;
  }

  // A resolved conflict: the local values that lost go to the conflict log (the handler itself
  // only merges). A resolution that is the server's row is never pushed again: it is settled —
  // unless the user changed the document again meanwhile: that change waits, with what was sent.
  state.conflict$.subscribe(({ input, output }) => {
    const { lost } = mergeOf(table, rules, outbox, input);
    const docId = String(output.id);
    void (async () => {
      const final = rules.serverIsFinal?.(input.realMasterState);
      await conflictLog.keep(table, docId, lost, final ? 'final' : 'other-device');
      if (!sameData(output, input.realMasterState, rules)) return;
      const now = await collection.findOne(docId).exec();
      if (!now || sameData(now.toMutableJSON(true), output, rules)) await outbox.settle(table, [output]);
    })();
  });

  // What RxDB assumes the server holds, for a push sent as the page goes: noted as RxDB pulls or
  // pushes a state, and read from its replication meta for a document with a change waiting to be
  // sent (a page that pulled nothing of it, offline or already up to date, notes nothing).
  state.received$.subscribe((doc) => assumedStates.note(doc));
  state.sent$.subscribe((doc) => assumedStates.note(doc));
  if (options.keepalive && !options.pullOnly) {
    const reading = new Set<string>();
    const readAssumed = (id: string) => {
      if (assumedStates.get(id) || reading.has(id)) return;
      reading.add(id);
      void state.startPromise
        .then(async () => {
          const internal = state.internalReplicationState;
          if (!internal || state.isStopped()) return;
          const master = (await getAssumedMasterState(internal, [id]))[id]?.docData as Doc | undefined;
          if (master) assumedStates.noteIfUnknown(master);
        })
        .catch(() => undefined)
        .finally(() => reading.delete(id));
    };
    // The documents with a change waiting: only what this device wrote, not every pulled row.
    // Their sends, by whichever tab pushed them (the lead tab replicates): a page's last push names
    // them, as its document's state descends from each.
    outbox.waiting$(table).subscribe((entries) =>
      entries.forEach((entry) => {
        readAssumed(entry.docId);
        for (const sent of parseSent(entry)) assumedStates.noteSent(entry.docId, sent.writeId);
      }),
    );
    // A form's document: what the server holds of it is read before any change, so a page closed
    // at once after typing still sends that change (nothing waits in the outbox yet to ask).
    if (options.inForms) {
      void state.startPromise
        .then(async () => (await collection.find().exec()).forEach((doc) => readAssumed(String(doc.primary))))
        .catch(() => undefined);
    }
  }

  // RxDB pushes nothing for a document equal to the state it assumes the server has: once the
  // replication is idle, such a document's waiting change is settled (Outbox.settleIfUnchanged).
  if (!options.pullOnly) {
    state.active$
      .pipe(
        pairwise(),
        filter(([was, now]) => was && !now),
      )
      .subscribe(() => void settleUnchanged());
  }
  async function settleUnchanged() {
    const internal = state.internalReplicationState;
    if (!internal || state.isStopped()) return;
    await internal.streamQueue.up;
    const ids = await outbox.waitingIds(table);
    if (ids.length === 0 || state.isStopped()) return;
    const assumed = await getAssumedMasterState(internal, ids);
    const read = async (id: string) =>
      ((await collection.storageInstance.findDocumentsById([id], true))[0] as WithDeleted<T> | undefined) ?? null;
    for (const id of ids) {
      const master = assumed[id]?.docData as Doc | undefined;
      const local = await read(id);
      if (!master || !local || !sameData(master, local, rules) || Boolean(master._deleted) !== local._deleted) continue;
      await outbox.settleIfUnchanged(table, local, () => read(id));
    }
  }

  return Object.assign(state, {
    pageGoingPush: (states: readonly PageGoingState[]) =>
      options.keepalive && !options.pullOnly
        ? pageGoingPush(options.keepalive, table, states, writer, assumedStates, rules)
        : NO_PAGE_GOING_PUSH,
  });
}
