import type { RxCollection } from 'rxdb';
import type { LostValue } from './conflict';
import type { ConflictLogEntry } from './database';

// Apart from database.ts: a page that only reads (the shareholder action) need not bring RxDB.
/** Keeps values that lost to the server's (a conflict, a refusal overtaken) in the conflict log. */
export async function logLostValues(
  log: RxCollection<ConflictLogEntry> | undefined,
  table: string,
  docId: string,
  lost: LostValue[],
) {
  if (!log || lost.length === 0) return;
  const at = Date.now();
  await log.bulkInsert(
    lost.map((l) => ({
      id: crypto.randomUUID(),
      table,
      docId,
      field: l.field,
      local: JSON.stringify(l.local),
      server: JSON.stringify(l.server),
      at,
    })),
  );
}
