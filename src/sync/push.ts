import type { RxCollection, RxReplicationWriteToMasterRow, WithDeleted } from 'rxdb';
import type { Json } from '../generated/database.types';
import { sameState, type Doc } from './merge';
import { judgedAgainst } from './merge-base';
import { nextPushSeq } from './push-order';
import type { Outbox } from './outbox';
import type { ServerStates } from './page-going-push';
import { docToRow, rowToDoc, type Row, type SyncDoc } from './rows';
import type { TableRules } from './rules';

// The shape `sync_push` returns as jsonb (supabase/schemas: sync_push).
export interface PushResult {
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

// RxDB documents are JSON by construction (its storage holds nothing else).
const asJson = (value: object) => value as Json;

export interface PushContext<T extends SyncDoc> {
  collection: RxCollection<T>;
  outbox: Outbox;
  rules: TableRules;
  /** The collection schema's fields: a column the server has and this app does not is left out. */
  known: ReadonlySet<string>;
  /** Sends the rows to `sync_push` (with the engine's backoff and token refresh). */
  send: (rows: Json) => Promise<PushResult>;
  /** Told what each document's push is judged against, and what the server then holds. */
  serverStates?: ServerStates;
}

/** What one push came to: how many rows the server took, and the conflicts' rows for RxDB. */
export interface Pushed<T> {
  accepted: number;
  conflicts: WithDeleted<T>[];
}

/**
 * One push: each new state with the server state it is judged against and the device's id (the
 * server recognises this device's own earlier push by it). What the server answered goes to the
 * outbox: accepted states settle, refusals are kept with their reason. Returns the conflicts'
 * server rows, for RxDB to resolve (conflict-handler.ts).
 */
export async function push<T extends SyncDoc>(
  context: PushContext<T>,
  rows: RxReplicationWriteToMasterRow<T>[],
): Promise<Pushed<T>> {
  const { collection, outbox, known } = context;
  const table = collection.name;
  const writer = await collection.database.storageToken;
  const states = rows.map((r) => r.newDocumentState as Doc);
  // A state sent over one the server had: if the answer is lost, the merge base counts it as landed.
  // One equal to that state (pushed as an earlier answer was lost: conflict-handler.ts) adds nothing,
  // and would read as an answered push (merge-base.ts: sentSince).
  await outbox.noteSent(
    table,
    states.filter((state, i) => {
      const assumed = rows[i]!.assumedMasterState as Doc | undefined;
      return !!assumed && !sameState(assumed, state, context.rules);
    }),
  );
  const kept = await outbox.kept(
    table,
    states.map((s) => String(s.id)),
  );
  const judged = rows.map((r) =>
    judgedAgainst(
      r.assumedMasterState as Doc | undefined,
      kept.get(String(r.newDocumentState.id))?.refusal,
      context.rules,
    ),
  );
  states.forEach((state, i) => context.serverStates?.sending(state, judged[i]));
  const seq = nextPushSeq();
  const data = await context.send(
    asJson(
      rows.map((r, i) => ({ new: docToRow(states[i]!), assumed: judged[i] ? docToRow(judged[i]) : null, writer, seq })),
    ),
  );
  const conflicted = new Set(data.conflicts.map((c) => c.id));
  const refused = new Map(data.errors.map((e) => [e.id, e]));
  const accepted = states.filter((s) => !conflicted.has(String(s.id)) && !refused.has(String(s.id)));
  for (const state of states) {
    const error = refused.get(String(state.id));
    if (!error) continue;
    const server = error.current ? rowToDoc<Doc>(error.current, known) : null;
    await outbox.refuse(table, String(state.id), {
      message: error.message,
      code: error.code,
      column: error.column ?? null,
      constraint: error.constraint ?? null,
      server,
      refused: state,
    });
  }
  for (const state of accepted) context.serverStates?.holds(state);
  // Accepted: settled, unless the user changed it again meanwhile (that change waits).
  for (const state of accepted) await outbox.settle(table, state);
  return { accepted: accepted.length, conflicts: data.conflicts.map((row) => rowToDoc<T>(row, known)) };
}
