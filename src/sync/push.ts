import type { RxCollection, RxReplicationWriteToMasterRow } from 'rxdb';
import type { Json } from '../generated/database.types';
import { sameData, type Doc } from './merge';
import type { Outbox } from './outbox';
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
  /** Told each document's write id before it is sent. */
  onSent?: (docId: string, writeId: string) => void;
}

/**
 * One push: the new states with the server state each is judged against, and the device's id
 * (the server recognises this device's own earlier pushes by it). What the server answered goes
 * to the outbox: accepted states settle, refusals are kept with their reason, and each conflict
 * notes the state it is merged against. Returns the conflicts' server rows, for RxDB to resolve.
 */
export async function push<T extends SyncDoc>(context: PushContext<T>, rows: RxReplicationWriteToMasterRow<T>[]) {
  const { collection, outbox, rules, known } = context;
  const table = collection.name;
  const writer = await collection.database.storageToken;
  // Kept until answered: if the answer is lost, the server's `_landed` later says which landed.
  const sends = await outbox.recordSent(
    table,
    rows.map((r) => r.newDocumentState as Doc),
  );
  rows.forEach((r, i) => context.onSent?.(String(r.newDocumentState.id), sends[i]!.writeId));
  const judged = await outbox.judgedAgainst(
    table,
    rows.map((r) => ({ docId: String(r.newDocumentState.id), assumed: r.assumedMasterState })),
  );
  const data = await context.send(
    asJson(
      rows.map((r, i) => ({
        new: docToRow(r.newDocumentState),
        assumed: judged[i] ? docToRow(judged[i]) : null,
        writer,
        write_id: sends[i]!.writeId,
        after: sends[i]!.after,
      })),
    ),
  );

  const index = new Map(rows.map((r, i) => [String(r.newDocumentState.id), i]));
  await outbox.noteConflicts(
    table,
    data.conflicts.map((c) => ({
      docId: c.id,
      judged: judged[index.get(c.id) ?? -1],
      landedWriteId: (c._landed as Record<string, string> | null | undefined)?.[writer],
    })),
  );
  const conflicted = new Set(data.conflicts.map((c) => c.id));
  const refused = new Map(data.errors.map((e) => [e.id, e]));
  const accepted: Doc[] = [];
  for (const [i, r] of rows.entries()) {
    const doc: Doc = r.newDocumentState;
    const error = refused.get(r.newDocumentState.id);
    if (error) {
      const refusal = {
        message: error.message,
        code: error.code,
        column: error.column ?? null,
        constraint: error.constraint ?? null,
        server: error.current ? rowToDoc<Doc>(error.current, known) : null,
      };
      await outbox.refuse(table, r.newDocumentState.id, refusal, doc);
    } else if (!conflicted.has(r.newDocumentState.id)) {
      outbox.noteAccepted(table, String(doc.id), sends[i]!.writeId);
      accepted.push(doc);
    }
  }
  // Accepted: settled unless the user changed it again meanwhile (that change waits).
  const current = await collection.findByIds(accepted.map((d) => String(d.id))).exec();
  await outbox.settle(
    table,
    accepted.filter((doc) => {
      const now = current.get(String(doc.id));
      return now ? !doc._deleted && sameData(now.toMutableJSON(true), doc, rules) : Boolean(doc._deleted);
    }),
  );
  return { accepted: accepted.length, conflicts: data.conflicts.map((row) => rowToDoc<T>(row, known)) };
}
