// A conflict log over a fresh fake IndexedDB, as a device's (the unit tests of src/sync).
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase, type RxStorage } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { CONFLICT_LOG_COLLECTION, ConflictLog, type ConflictLogEntry } from '../sync/conflict-log';

addRxPlugin(RxDBMigrationSchemaPlugin);

/** A device's storage: a new IndexedDB. */
export const device = () =>
  getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }) as RxStorage<unknown, unknown>;

const open: { closed: boolean; close(): Promise<unknown> }[] = [];

/** Remembers a database to close after the test. */
export const opened = <T extends { closed: boolean; close(): Promise<unknown> }>(db: T) => (open.push(db), db);

/** Closes what the test opened (afterEach). */
export async function closeLogs() {
  for (const db of open.splice(0)) if (!db.closed) await db.close();
}

/** The conflict log of a database `name` on `storage` (a new one by default). */
export async function logOn(storage = device(), name = `log${crypto.randomUUID().slice(0, 8)}`) {
  const db: RxDatabase<{ conflict_log: RxCollection<ConflictLogEntry> }> = opened(
    await createRxDatabase({ name, storage: wrappedValidateAjvStorage({ storage }), multiInstance: false }),
  );
  await db.addCollections({ conflict_log: CONFLICT_LOG_COLLECTION });
  return new ConflictLog(db.conflict_log);
}
