import type { RxCollection, RxReplicationPullStreamItem } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { Subject } from 'rxjs';
import { errorMessage } from '../lib/errors';
import { MAX_PUSH_ROWS } from '../lib/limits';
import type { DatabaseClient } from './client';
import { sameData, type Doc } from './conflict';
import type { Json } from './database.types';
import type { ConflictLogEntry, OutboxEntry } from './database';
import { logLostValues } from './lost-values';
import { answered, markRefused, recordSent, refusalsAmong, settle, trueServerStates } from './outbox';
import { docToRow, rowToDoc, type Row, type SyncDoc } from './rows';

export type Checkpoint = {
  modified: string;
  id: string;
};

// The shapes `sync_pull` and `sync_push` return as jsonb (migrations/*_sync.sql).
interface PullResult {
  documents: Row[];
  checkpoint: Checkpoint | null;
}

interface PushResult {
  conflicts: Row[];
  errors: {
    id: string;
    code: string;
    message: string;
    detail?: string | null;
    column?: string | null;
    constraint?: string | null;
    /** The row as the server kept it (null: it has none). */
    current?: Row | null;
  }[];
}

export class SyncError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    /** Worth retrying (network, server busy) rather than a refusal that will not change. */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

function asSyncError(error: unknown): SyncError {
  const raw = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  const code = typeof raw === 'string' ? raw : undefined;
  const message = errorMessage(error) || 'Unknown sync error';
  const network = /fetch|network|load failed|timed? ?out/i.test(message) || code === '' || code === undefined;
  return new SyncError(
    network ? 'The server cannot be reached' : message,
    code,
    network || code?.startsWith('PGRST') === true,
  );
}

/** A pull follows the last of a run of pushes by this much (the next batch starts sooner). */
const PULL_AFTER_PUSH_MS = 30;

const isExpiredJwt = (error: { message?: string; code?: string }) =>
  error.code === 'PGRST303' || /jwt expired/i.test(error.message ?? '');

// RxDB documents are JSON by construction (its storage holds nothing else).
const asJson = (value: object) => value as Json;

export interface ReplicationHooks {
  /** Resolves when the next request may go (the engine's backoff after failures). */
  ready: () => Promise<void>;
  /** A handler call finished: `error` is null on success. */
  onAttempt: (error: SyncError | null) => void;
}

export interface TableReplicationOptions<T extends SyncDoc> {
  collection: RxCollection<T>;
  outbox: RxCollection<OutboxEntry>;
  conflictLog: RxCollection<ConflictLogEntry>;
  client: DatabaseClient;
  /** Distinguishes replications of the same table (per user, per assessment token). */
  identifier: string;
  pullOnly?: boolean | undefined;
  /** Pull once a push lands (the server sets values of its own that the screen shows). */
  pullAfterPush?: boolean;
  batchSize?: number;
  hooks: ReplicationHooks;
}

/**
 * One table: checkpointed pull by (_modified, id) through `sync_pull`, batched compare-and-set
 * push through `sync_push` (a refused row is reported per row, never blocks the queue). The
 * table's name is its collection's name.
 */
export function replicateTable<T extends SyncDoc>(
  options: TableReplicationOptions<T>,
): RxReplicationState<T, Checkpoint> {
  const { collection, outbox, conflictLog, client, hooks } = options;
  const table = collection.name;
  const known = new Set(Object.keys(collection.schema.jsonSchema.properties));
  const batchSize = options.batchSize ?? MAX_PUSH_ROWS;
  let pullTimer: ReturnType<typeof setTimeout> | undefined;
  const pullSoon = () => {
    clearTimeout(pullTimer);
    pullTimer = setTimeout(() => {
      if (!state.isStopped()) state.reSync();
    }, PULL_AFTER_PUSH_MS);
  };

  async function call(send: () => PromiseLike<{ data: Json; error: { message: string; code?: string } | null }>) {
    await hooks.ready();
    let result;
    try {
      result = await send();
      // An access token the server finds expired (a device asleep, a clock running behind) is
      // refreshed and the request sent again: that is not a sync problem to show anyone.
      if (result.error && isExpiredJwt(result.error)) {
        const { error } = await client.auth.refreshSession();
        if (!error) result = await send();
      }
    } catch (error) {
      const e = asSyncError(error);
      hooks.onAttempt(e);
      throw e;
    }
    if (result.error) {
      const e = asSyncError(result.error);
      hooks.onAttempt(e);
      throw e;
    }
    hooks.onAttempt(null);
    return result.data;
  }

  // No Realtime server: pulls happen at start and on reSync(), which the engine triggers.
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
      batchSize,
      stream$: stream$.asObservable(),
      handler: async (checkpoint, limit) => {
        const data = (await call(() =>
          client.rpc('sync_pull', { p_table: table, p_checkpoint: checkpoint ?? null, p_limit: limit }),
        )) as unknown as PullResult;
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
            // The server recognises this device's own earlier pushes by it (an answer lost).
            const writer = await collection.database.storageToken;
            // Kept until answered: if the answer is lost, the server's `_landed` later says which landed.
            const writeIds = await recordSent(
              outbox,
              table,
              rows.map((r) => r.newDocumentState as Doc),
            );
            const assumed = await trueServerStates(
              outbox,
              table,
              rows.map((r) => ({ docId: String(r.newDocumentState.id), assumed: r.assumedMasterState })),
            );
            const p_rows = rows.map((r, i) => ({
              new: docToRow(r.newDocumentState),
              assumed: assumed[i] ? docToRow(assumed[i]) : null,
              writer,
              write_id: writeIds[i]!,
            }));
            const data = (await call(() =>
              client.rpc('sync_push', { p_table: table, p_rows: asJson(p_rows) }),
            )) as unknown as PushResult;
            const conflicted = new Set(data.conflicts.map((c) => c.id));
            const landedHere = new Map<string, string>();
            for (const c of data.conflicts) {
              const landed = (c._landed as Record<string, string> | null | undefined)?.[writer];
              if (landed) landedHere.set(c.id, landed);
            }
            await answered(outbox, table, landedHere);
            const refused = new Map(data.errors.map((e) => [e.id, e]));
            const accepted: Doc[] = [];
            for (const r of rows) {
              const doc: Doc = r.newDocumentState;
              const error = refused.get(r.newDocumentState.id);
              if (error) {
                await markRefused(
                  outbox,
                  table,
                  r.newDocumentState.id,
                  {
                    message: error.message,
                    code: error.code,
                    column: error.column ?? null,
                    constraint: error.constraint ?? null,
                    server: error.current ? rowToDoc<Doc>(error.current, known) : null,
                  },
                  doc,
                );
              } else if (!conflicted.has(r.newDocumentState.id)) accepted.push(doc);
            }
            // Accepted: settled unless the user changed it again meanwhile (that change waits).
            const current = await collection.findByIds(accepted.map((d) => String(d.id))).exec();
            await settle(
              outbox,
              table,
              accepted.filter((doc) => {
                const now = current.get(String(doc.id));
                return now ? !doc._deleted && sameData(now.toMutableJSON(true), doc) : Boolean(doc._deleted);
              }),
            );
            // The server's own values (a payment reference, the signing date) pulled now rather than
            // at the next timer, so the screen shows them at once; once for a run of batches.
            if (accepted.length > 0 && options.pullAfterPush) pullSoon();
            return data.conflicts.map((row) => rowToDoc<T>(row, known));
          },
        },
  });

  // A refused state still on this device that a pull is about to replace with the server's newer
  // row (RxDB takes the server's row when the device has nothing newer than what it pushed): the
  // refused values go to the conflict log, and the refusal is over. The row the server kept when
  // it refused, pulled again (the pull began before the refusal, or its checkpoint was behind), is
  // not newer: it is left out, and the refused values stay on screen with their message until
  // corrected (the next push is judged against that row: trueServerState).
  async function keepRefusedValues<D extends Doc>(documents: D[]): Promise<D[]> {
    const found = await refusalsAmong(
      outbox,
      table,
      documents.map((d) => String(d.id)),
    );
    const stale = new Set<string>();
    for (const { docId, refused, refusal } of found) {
      const pulled = documents.find((d) => d.id === docId)!;
      const local = (await collection.findOne(docId).exec())?.toMutableJSON(true) as Doc | undefined;
      if (!local || !sameData(local, refused)) continue;
      if (refusal.server && sameData(pulled, refusal.server)) {
        stale.add(docId);
        continue;
      }
      const lost = Object.keys(refused)
        .filter((field) => !sameData({ [field]: refused[field] }, { [field]: refusal.server?.[field] ?? null }))
        .map((field) => ({ field, local: refused[field], server: pulled[field] ?? null }));
      await logLostValues(conflictLog, table, docId, lost);
      await settle(outbox, table, [pulled]);
    }
    return stale.size > 0 ? documents.filter((d) => !stale.has(String(d.id))) : documents;
  }

  // A conflict whose resolution is the server's row is never pushed again: it is settled.
  // Unless the user changed it again meanwhile: that change waits, with what was sent before it.
  state.conflict$.subscribe(({ input, output }) => {
    if (!sameData(output, input.realMasterState)) return;
    void (async () => {
      const now = await collection.findOne(String(output.id)).exec();
      if (!now || sameData(now.toMutableJSON(true), output)) await settle(outbox, table, [output]);
    })();
  });
  return state;
}
