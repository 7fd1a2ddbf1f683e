import type { RxCollection } from 'rxdb';
import type { ConflictLog } from './conflict-log';
import { sameData, type Doc } from './merge';
import type { Outbox } from './outbox';
import { rowToDoc, type Row, type SyncDoc } from './rows';
import type { TableRules } from './rules';

export type Checkpoint = {
  modified: string;
  id: string;
};

// The shape `sync_pull` returns as jsonb (supabase/schemas: sync_pull).
export interface PullResult {
  documents: Row[];
  checkpoint: Checkpoint | null;
  /** Rows after the checkpoint wait above the server's horizon (a transaction still open). */
  held?: boolean;
}

/** Where a table's first pull starts. */
export const FIRST_CHECKPOINT: Checkpoint = { modified: '-infinity', id: '00000000-0000-0000-0000-000000000000' };

export interface PullContext<T extends SyncDoc> {
  collection: RxCollection<T>;
  outbox: Outbox;
  conflictLog: ConflictLog;
  rules: TableRules;
  known: ReadonlySet<string>;
  /** Calls `sync_pull` (with the engine's backoff and token refresh). */
  call: (checkpoint: Checkpoint | null, limit: number) => Promise<PullResult>;
}

/**
 * One pull from `checkpoint`: the server's newer rows as documents, where the next starts, and
 * whether rows newer still wait on the server (held: ask again soon).
 */
export async function pull<T extends SyncDoc>(
  context: PullContext<T>,
  checkpoint: Checkpoint | undefined,
  limit: number,
) {
  const data = await context.call(checkpoint ?? null, limit);
  const documents = data.documents.map((row) => rowToDoc<T>(row, context.known));
  return {
    documents: await keepRefusedValues(context, documents),
    checkpoint: data.checkpoint ?? checkpoint ?? FIRST_CHECKPOINT,
    held: data.held === true,
  };
}

/**
 * A refused state still on this device that a pull is about to replace with the server's newer
 * row (RxDB takes the server's row when the device has nothing newer than what it pushed): the
 * refused values go to the conflict log, and the refusal is over. The row the server kept when
 * it refused, pulled again (the pull began before the refusal, or its checkpoint was behind), is
 * not newer: it is left out, and the refused values stay on screen with their message until
 * corrected (the next push is judged against that row).
 */
async function keepRefusedValues<T extends SyncDoc, D extends Doc>(
  context: PullContext<T>,
  documents: D[],
): Promise<D[]> {
  const { collection, outbox, conflictLog, rules } = context;
  const table = collection.name;
  const refused = await outbox.refusalsAmong(
    table,
    documents.map((d) => String(d.id)),
  );
  const stale = new Set<string>();
  for (const { docId, refusal } of refused) {
    const pulled = documents.find((d) => d.id === docId)!;
    const local = (await collection.findOne(docId).exec())?.toMutableJSON(true) as Doc | undefined;
    if (!local || !sameData(local, refusal.refused, rules)) continue;
    const final = rules.serverIsFinal?.(pulled) === true;
    // A final row (signed, completed) is taken even as the row the server kept: the refused
    // values can never be corrected into it, so they go to the conflict log now.
    if (refusal.server && sameData(pulled, refusal.server, rules) && !final) {
      stale.add(docId);
      continue;
    }
    const lost = Object.keys(refusal.refused)
      .filter((f) => !sameData({ [f]: refusal.refused[f] }, { [f]: refusal.server?.[f] ?? null }, rules))
      .map((field) => ({ field, local: refusal.refused[field], server: pulled[field] ?? null }));
    await conflictLog.keep(table, docId, lost, final ? 'final' : 'other-device');
    await outbox.settle(table, pulled, refusal.refused);
  }
  return stale.size > 0 ? documents.filter((d) => !stale.has(String(d.id))) : documents;
}
