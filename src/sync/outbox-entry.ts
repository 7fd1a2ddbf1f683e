import type { RxJsonSchema } from 'rxdb';

/** A change made on this device and not yet accepted by the server. */
export interface OutboxEntry {
  id: string;
  /** The synced table. Not `collection`: RxDocument owns that property name. */
  table: string;
  docId: string;
  since: number;
  lastError: string | null;
  /** The refused state (JSON) when the server refused it, so an export still has it. */
  refused: string | null;
  /** Why, and the row as the server kept it (JSON `Refusal`): kept until the server accepts a
   * later state, so the next push is judged against the server's row, not the refused one. */
  refusal?: string | null;
  /** States sent in pushes not answered yet (JSON `SentState[]`): if an answer is lost and one of
   * them landed, a conflict is merged against it rather than against an older assumed state. */
  sent?: string | null;
}

const outboxSchema: RxJsonSchema<OutboxEntry> = {
  title: 'outbox',
  version: 2,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 120 },
    table: { type: 'string' },
    docId: { type: 'string' },
    since: { type: 'number' },
    lastError: { type: ['string', 'null'] },
    refused: { type: ['string', 'null'] },
    refusal: { type: ['string', 'null'] },
    sent: { type: ['string', 'null'] },
  },
  required: ['id', 'table', 'docId', 'since'],
  additionalProperties: false,
};

/** The collection's definition, for a database's addCollections. */
export const OUTBOX_COLLECTION = {
  schema: outboxSchema,
  // Versions 1 and 2 added `refusal` and `sent`: entries from before simply have none.
  migrationStrategies: { 1: (oldDoc: OutboxEntry) => oldDoc, 2: (oldDoc: OutboxEntry) => oldDoc },
} as const;
