import type { Outbox } from './outbox';

/** Unsynced changes as JSON, for the 'Export unsynced changes' download. */
export async function exportUnsynced(
  outbox: Outbox,
  // The engine's tables (SyncTable), by what this needs of them.
  tables: readonly { name: string; read(docId: string): Promise<unknown> }[],
): Promise<string> {
  const entries = await outbox.entries();
  const changes = await Promise.all(
    entries.map(async (e) => {
      const stored = await tables.find((t) => t.name === e.table)?.read(e.docId);
      return {
        table: e.table,
        id: e.docId,
        waitingSince: new Date(e.since).toISOString(),
        lastError: e.lastError,
        document: stored ?? null,
        refusedVersion: e.refusal?.refused ?? null,
      };
    }),
  );
  return JSON.stringify({ exportedAt: new Date().toISOString(), changes }, null, 2);
}
