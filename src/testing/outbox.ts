// An outbox over a database of its own on a fresh fake IndexedDB (the unit tests of src/sync).
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { vi } from 'vitest';
import type { Doc } from '../sync/merge';
import { Outbox } from '../sync/outbox';
import { OUTBOX_COLLECTION, type OutboxEntry } from '../sync/outbox-entry';

addRxPlugin(RxDBMigrationSchemaPlugin);

// A database of its own: one synced collection (a property with a list field) and the outbox.
type Property = { id: string; user_id: string; title: string; key_features: string[] };
type Db = RxDatabase<{ saved_properties: RxCollection<Property>; outbox: RxCollection<OutboxEntry> }>;
const propertySchema = {
  title: 'saved_properties',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 36 },
    user_id: { type: 'string' },
    title: { type: 'string' },
    key_features: { type: 'array', items: { type: 'string' } },
  },
  required: ['id'],
} as const;

const open: Db[] = [];

/** Closes what the test opened (afterEach). */
export async function closeOutboxes() {
  for (const db of open.splice(0)) if (!db.closed) await db.close();
}

/** A tracked collection of saved properties and its outbox. */
export async function tracked() {
  const db: Db = await createRxDatabase({
    name: `o${crypto.randomUUID().slice(0, 8)}`,
    storage: getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }),
    multiInstance: false,
  });
  await db.addCollections({ saved_properties: { schema: propertySchema }, outbox: OUTBOX_COLLECTION });
  open.push(db);
  const outbox = new Outbox(db.outbox, { saved_properties: { listFields: ['key_features'], serverOwned: [] } });
  outbox.track(db.saved_properties);
  return { db, outbox };
}

/** A new property titled `title`. */
export const property = (title: string) => ({
  id: crypto.randomUUID(),
  user_id: crypto.randomUUID(),
  title,
  key_features: [],
});
export const entries = ({ outbox }: { outbox: Outbox }) => outbox.entries();
export const stateOf = (doc: { toJSON(): unknown }): Doc => ({ ...(doc.toJSON() as Doc), _deleted: false });
// RxDB runs the post-write hooks of incremental writes (incrementalPatch) without awaiting them.
export const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 2000, interval: 10 });
