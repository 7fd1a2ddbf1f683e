import type { SupabaseClient } from '@supabase/supabase-js';
import type { RxCollection, RxReplicationPullStreamItem } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { Subject } from 'rxjs';
import { sameData, type Doc } from './conflict';
import type { OutboxEntry, SyncedCollectionName } from './database';
import { markRefused, settle } from './outbox';
import { docToRow, rowToDoc, type Row } from './rows';

export interface Checkpoint {
  modified: string;
  id: string;
}

interface PullResult {
  documents: Row[];
  checkpoint: Checkpoint | null;
}

interface PushResult {
  conflicts: Row[];
  errors: { id: string; code: string; message: string; detail?: string | null }[];
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

function asSyncError(error: { message: string; code?: string; status?: number } | Error): SyncError {
  const code = 'code' in error ? error.code : undefined;
  const message = error.message || 'Unknown sync error';
  const network = /fetch|network|load failed|timed? ?out/i.test(message) || code === '' || code === undefined;
  return new SyncError(
    network ? 'The server cannot be reached' : message,
    code,
    network || code?.startsWith('PGRST') === true,
  );
}

const isExpiredJwt = (error: { message?: string; code?: string }) =>
  error.code === 'PGRST303' || /jwt expired/i.test(error.message ?? '');

export interface ReplicationHooks {
  /** Resolves when the next request may go (the engine's backoff after failures). */
  ready: () => Promise<void>;
  /** A handler call finished: `error` is null on success. */
  onAttempt: (error: SyncError | null) => void;
}

// The replication code is generic over the four synced tables; their document types differ, so
// collections and documents are handled as `any` here and typed at the hooks that read them.
export interface TableReplicationOptions {
  table: SyncedCollectionName;
  collection: RxCollection<any>;
  outbox: RxCollection<OutboxEntry>;
  client: SupabaseClient;
  /** Distinguishes replications of the same table (per user, per assessment token). */
  identifier: string;
  pullOnly?: boolean;
  batchSize?: number;
  hooks: ReplicationHooks;
}

/**
 * One table: checkpointed pull by (_modified, id) through `sync_pull`, batched compare-and-set
 * push through `sync_push` (a refused row is reported per row, never blocks the queue).
 */
export function replicateTable(options: TableReplicationOptions): RxReplicationState<any, Checkpoint> {
  const { table, collection, outbox, client, hooks } = options;
  const batchSize = options.batchSize ?? 100;

  async function call<T>(fn: string, args: Record<string, unknown>): Promise<T> {
    await hooks.ready();
    let result;
    try {
      result = await client.rpc(fn, args);
      // An access token the server finds expired (a device asleep, a clock running behind) is
      // refreshed and the request sent again: that is not a sync problem to show anyone.
      if (result.error && isExpiredJwt(result.error)) {
        const { error } = await client.auth.refreshSession();
        if (!error) result = await client.rpc(fn, args);
      }
    } catch (error) {
      const e = asSyncError(error as Error);
      hooks.onAttempt(e);
      throw e;
    }
    if (result.error) {
      const e = asSyncError(result.error);
      hooks.onAttempt(e);
      throw e;
    }
    hooks.onAttempt(null);
    return result.data as T;
  }

  // No Realtime server: pulls happen at start and on reSync(), which the engine triggers.
  const stream$ = new Subject<RxReplicationPullStreamItem<any, Checkpoint>>();

  const state = replicateRxCollection<any, Checkpoint>({
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
        const data = await call<PullResult>('sync_pull', {
          p_table: table,
          p_checkpoint: checkpoint ?? null,
          p_limit: limit,
        });
        return {
          documents: data.documents.map((row) => rowToDoc(row)),
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
            const data = await call<PushResult>('sync_push', {
              p_table: table,
              p_rows: rows.map((r) => ({
                new: docToRow(r.newDocumentState as Doc),
                assumed: r.assumedMasterState ? docToRow(r.assumedMasterState as Doc) : null,
              })),
            });
            const conflicted = new Set(data.conflicts.map((c) => c.id));
            const refused = new Map(data.errors.map((e) => [e.id, e]));
            const accepted: Doc[] = [];
            for (const r of rows) {
              const doc = r.newDocumentState as Doc;
              const error = refused.get(String(doc.id));
              if (error) await markRefused(outbox, table, String(doc.id), error.message, doc);
              else if (!conflicted.has(String(doc.id))) accepted.push(doc);
            }
            // Accepted: settled unless the user changed it again meanwhile (that change waits).
            const current = await collection.findByIds(accepted.map((d) => String(d.id))).exec();
            await settle(
              outbox,
              table,
              accepted.filter((doc) => {
                const now = current.get(String(doc.id));
                return now ? !doc._deleted && sameData(now.toMutableJSON(true) as Doc, doc) : Boolean(doc._deleted);
              }),
            );
            return data.conflicts.map((row) => rowToDoc(row));
          },
        },
  });

  // A conflict whose resolution is the server's row is never pushed again: it is settled.
  state.conflict$.subscribe(({ input, output }) => {
    if (sameData(output as Doc, input.realMasterState as Doc)) {
      void settle(outbox, table, [output as Doc]);
    }
  });
  return state;
}
