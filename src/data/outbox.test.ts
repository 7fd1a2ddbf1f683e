import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Doc } from './conflict';
import { openUserDatabase, type UserDatabase } from './database';
import { markRefused, settle, trackLocalWrites } from './outbox';

const open: UserDatabase[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) if (!db.closed) await db.close();
});

async function tracked() {
  const db = await openUserDatabase({
    name: `o${crypto.randomUUID().slice(0, 8)}`,
    storage: getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }),
    multiInstance: false,
  });
  open.push(db);
  trackLocalWrites(db.saved_properties, db.outbox);
  return db;
}

const property = (title: string) => ({
  id: crypto.randomUUID(),
  user_id: crypto.randomUUID(),
  title,
  key_features: [],
});
const entries = async (db: UserDatabase) => (await db.outbox.find().exec()).map((e) => e.toJSON());
// RxDB runs the post-write hooks of incremental writes (incrementalPatch) without awaiting them.
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 2000, interval: 10 });

describe('the outbox', () => {
  it('records each local write once, keeping the time of the oldest', async () => {
    const db = await tracked();
    const doc = await db.saved_properties.insert(property('Flat'));
    const [first] = await entries(db);
    expect(first).toMatchObject({ table: 'saved_properties', docId: doc.id, lastError: null });
    await doc.incrementalPatch({ title: 'Flat 2' });
    await new Promise((r) => setTimeout(r, 50));
    expect(await entries(db)).toEqual([first]);
  });

  it('a settled write leaves it; a later change is recorded again', async () => {
    const db = await tracked();
    const doc = await db.saved_properties.insert(property('Flat'));
    await settle(db.outbox, 'saved_properties', [doc.toJSON()]);
    expect(await entries(db)).toEqual([]);
    await doc.getLatest().incrementalPatch({ title: 'Changed after the push' });
    await eventually(async () => expect(await entries(db)).toHaveLength(1));
  });

  it('a write the server accepted before the outbox recorded it is not left behind', async () => {
    const db = await tracked();
    const data = property('Flat');
    // The push can be accepted while RxDB is still running the post-write hooks.
    await settle(db.outbox, 'saved_properties', [{ ...data, _deleted: false }]);
    await db.saved_properties.insert(data);
    expect(await entries(db)).toEqual([]);
  });

  it('a refused change stays, with its error and the refused state', async () => {
    const db = await tracked();
    const doc = await db.saved_properties.insert(property('Flat'));
    const refusal = { message: 'new row violates check', code: '23514', column: null, constraint: null, server: null };
    await markRefused(db.outbox, 'saved_properties', doc.id, refusal, { id: doc.id });
    const [entry] = await entries(db);
    expect(entry).toMatchObject({ lastError: 'new row violates check', refused: JSON.stringify({ id: doc.id }) });
    // A new edit clears the message (a new attempt) but keeps the refusal: the next push is
    // judged against the server's row, not the refused state.
    await doc.getLatest().incrementalPatch({ title: 'Fixed' });
    await eventually(async () => expect((await entries(db))[0]?.lastError).toBeNull());
    expect((await entries(db))[0]?.refusal).toBe(JSON.stringify(refusal));
  });

  it('a removal is a change to sync, also of a state the server had accepted', async () => {
    const db = await tracked();
    const doc = await db.saved_properties.insert(property('Flat'));
    await settle(db.outbox, 'saved_properties', [{ ...(doc.toJSON() as Doc), _deleted: false }]);
    expect(await entries(db)).toEqual([]);
    await doc.getLatest().remove();
    await eventually(async () => expect(await entries(db)).toHaveLength(1));
  });
});
