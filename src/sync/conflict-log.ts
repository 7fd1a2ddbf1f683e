// The conflict log: local values that lost to another (both sides changed one field, a refusal
// overtaken by a newer server row, a form's save over a value pulled meanwhile). Kept on the
// device and shown in the sync details, never dropped without a trace.
import type { RxCollection, RxJsonSchema } from 'rxdb';
import type { LostValue } from './merge';

/** A local value that lost to another: kept, never dropped. */
export interface ConflictLogEntry {
  id: string;
  table: string;
  docId: string;
  field: string;
  local: string;
  server: string;
  at: number;
}

export const conflictLogSchema: RxJsonSchema<ConflictLogEntry> = {
  title: 'conflict_log',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 36 },
    table: { type: 'string' },
    docId: { type: 'string' },
    field: { type: 'string' },
    local: { type: 'string' },
    server: { type: 'string' },
    at: { type: 'number' },
  },
  required: ['id', 'table', 'docId', 'field', 'local', 'server', 'at'],
  additionalProperties: false,
};

/** The collection's definition, for a database's addCollections. */
export const CONFLICT_LOG_COLLECTION = { schema: conflictLogSchema } as const;

/** The log of one database: the only writer of its `conflict_log` collection. */
export class ConflictLog {
  constructor(readonly collection: RxCollection<ConflictLogEntry>) {}

  /** Keeps the values of `docId` that lost. */
  async keep(table: string, docId: string, lost: readonly LostValue[]): Promise<void> {
    if (lost.length === 0) return;
    const at = Date.now();
    await this.collection.bulkInsert(
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

  /** How many values are kept, live. */
  count$() {
    return this.collection.count().$;
  }
}
