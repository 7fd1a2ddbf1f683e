import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Doc } from './merge';
import { Outbox } from './outbox';
import { OUTBOX_COLLECTION, type OutboxEntry } from './outbox-entry';

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
afterEach(async () => {
  for (const db of open.splice(0)) if (!db.closed) await db.close();
});

async function tracked() {
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

const property = (title: string) => ({
  id: crypto.randomUUID(),
  user_id: crypto.randomUUID(),
  title,
  key_features: [],
});
const entries = ({ outbox }: { outbox: Outbox }) => outbox.entries();
// RxDB runs the post-write hooks of incremental writes (incrementalPatch) without awaiting them.
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 2000, interval: 10 });

describe('the outbox', () => {
  it('records each local write once, keeping the time of the oldest', async () => {
    const local = await tracked();
    const { db } = local;
    const doc = await db.saved_properties.insert(property('Flat'));
    const [first] = await entries(local);
    expect(first).toMatchObject({ table: 'saved_properties', docId: doc.id, lastError: null });
    await doc.incrementalPatch({ title: 'Flat 2' });
    await new Promise((r) => setTimeout(r, 50));
    expect(await entries(local)).toEqual([first]);
  });

  it('a settled write leaves it; a later change is recorded again', async () => {
    const local = await tracked();
    const { db } = local;
    const doc = await db.saved_properties.insert(property('Flat'));
    await local.outbox.settle('saved_properties', [doc.toJSON()]);
    expect(await entries(local)).toEqual([]);
    await doc.getLatest().incrementalPatch({ title: 'Changed after the push' });
    await eventually(async () => expect(await entries(local)).toHaveLength(1));
  });

  it('a write the server accepted before the outbox recorded it is not left behind', async () => {
    const local = await tracked();
    const { db } = local;
    const data = property('Flat');
    // The push can be accepted while RxDB is still running the post-write hooks.
    await local.outbox.settle('saved_properties', [{ ...data, _deleted: false }]);
    await db.saved_properties.insert(data);
    expect(await entries(local)).toEqual([]);
  });

  it('a refused change stays, with its error and the refused state', async () => {
    const local = await tracked();
    const { db } = local;
    const doc = await db.saved_properties.insert(property('Flat'));
    const refusal = { message: 'new row violates check', code: '23514', column: null, constraint: null, server: null };
    await local.outbox.refuse('saved_properties', doc.id, refusal, { id: doc.id });
    const [entry] = await entries(local);
    expect(entry).toMatchObject({ lastError: 'new row violates check', refused: JSON.stringify({ id: doc.id }) });
    // A new edit clears the message (a new attempt) but keeps the refusal: the next push is
    // judged against the server's row, not the refused state.
    await doc.getLatest().incrementalPatch({ title: 'Fixed' });
    await eventually(async () => expect((await entries(local))[0]?.lastError).toBeNull());
    expect((await entries(local))[0]?.refusal).toBe(JSON.stringify(refusal));
  });

  it('a removal is a change to sync, also of a state the server had accepted', async () => {
    const local = await tracked();
    const { db } = local;
    const doc = await db.saved_properties.insert(property('Flat'));
    await local.outbox.settle('saved_properties', [{ ...(doc.toJSON() as Doc), _deleted: false }]);
    expect(await entries(local)).toEqual([]);
    await doc.getLatest().remove();
    await eventually(async () => expect(await entries(local)).toHaveLength(1));
  });

  it('a document equal to what the server has settles its entry, unless a write came since', async () => {
    const local = await tracked();
    const doc = await local.db.saved_properties.insert(property('Flat'));
    const state = { ...(doc.toJSON() as Doc), _deleted: false };
    // A write after the check: the entry stays for it.
    await local.outbox.settleIfUnchanged('saved_properties', state, () =>
      Promise.resolve({ ...state, title: 'Typed since' }),
    );
    expect(await entries(local)).toHaveLength(1);
    await local.outbox.settleIfUnchanged('saved_properties', state, () => Promise.resolve(state));
    expect(await entries(local)).toEqual([]);
  });

  it('a refused state equal to what RxDB assumes keeps its refusal and message', async () => {
    const local = await tracked();
    const doc = await local.db.saved_properties.insert(property('Flat'));
    const state = { ...(doc.toJSON() as Doc), _deleted: false };
    const refusal = { message: 'too long', code: '23514', column: 'title', constraint: null, server: null };
    await local.outbox.refuse('saved_properties', doc.id, refusal, state);
    await local.outbox.settleIfUnchanged('saved_properties', state, () => Promise.resolve(state));
    expect((await entries(local))[0]).toMatchObject({ lastError: 'too long' });
  });

  it('judges a push against the row the server kept, while RxDB assumes the refused state', async () => {
    const local = await tracked();
    const doc = await local.db.saved_properties.insert(property('Refused'));
    const refused = { ...(doc.toJSON() as Doc), _deleted: false };
    const kept = { ...refused, title: 'Server' };
    const other = { ...refused, title: 'Something else' };
    const refusal = { message: 'no', code: '23514', column: null, constraint: null, server: kept };
    await local.outbox.refuse('saved_properties', doc.id, refusal, refused);
    expect(
      await local.outbox.judgedAgainst('saved_properties', [
        { docId: doc.id, assumed: refused },
        { docId: doc.id, assumed: other },
        { docId: doc.id, assumed: undefined },
      ]),
    ).toEqual([kept, other, undefined]);
  });

  it('a conflict is merged against the state this device sent that landed, else the judged one', async () => {
    const local = await tracked();
    const doc = await local.db.saved_properties.insert(property('Flat'));
    const sent = { ...(doc.toJSON() as Doc), _deleted: false, title: 'Sent' };
    const [{ writeId } = { writeId: '' }] = await local.outbox.recordSent('saved_properties', [sent]);
    const judged = { ...sent, title: 'Judged' };
    expect(local.outbox.mergeBase('saved_properties', doc.id, judged)).toBe(judged);
    await local.outbox.noteConflicts('saved_properties', [{ docId: doc.id, judged, landedWriteId: writeId }]);
    expect(local.outbox.mergeBase('saved_properties', doc.id, undefined)).toEqual(sent);
    await local.outbox.noteConflicts('saved_properties', [{ docId: doc.id, judged, landedWriteId: 'another' }]);
    expect(local.outbox.mergeBase('saved_properties', doc.id, undefined)).toEqual(judged);
    // Once the server accepts a state, nothing is left to merge against.
    await local.outbox.settle('saved_properties', [sent]);
    expect(local.outbox.mergeBase('saved_properties', doc.id, undefined)).toBeUndefined();
  });

  it('a state sent outside a push keeps the write id it was sent with, and a push of it reuses that id', async () => {
    const local = await tracked();
    const doc = await local.db.saved_properties.insert(property('Flat'));
    const state = { ...(doc.toJSON() as Doc), _deleted: false, title: 'Sent as the page went' };
    await local.outbox.recordSentAs('saved_properties', [{ docId: doc.id, writeId: 'page-went', state }]);
    // Told twice (the journal read again): recorded once.
    await local.outbox.recordSentAs('saved_properties', [{ docId: doc.id, writeId: 'page-went', state }]);
    const entry = await local.outbox.collection.findOne(`saved_properties:${doc.id}`).exec();
    expect(JSON.parse(entry!.sent!)).toEqual([{ writeId: 'page-went', state }]);
    expect(await local.outbox.recordSent('saved_properties', [state])).toEqual([{ writeId: 'page-went', after: [] }]);
    await local.outbox.noteConflicts('saved_properties', [
      { docId: doc.id, judged: undefined, landedWriteId: 'page-went' },
    ]);
    expect(local.outbox.mergeBase('saved_properties', doc.id, undefined)).toEqual(state);
  });

  it('some fields sent over its own earlier write stand for that write with them ("<its id>+<theirs>")', async () => {
    const local = await tracked();
    const doc = await local.db.saved_properties.insert(property('Flat'));
    const earlier = { ...(doc.toJSON() as Doc), _deleted: false, title: 'Earlier', key_features: ['Garden'] };
    const own = (await local.outbox.recordSent('saved_properties', [earlier]))[0]!.writeId;
    const assumed = { ...(doc.toJSON() as Doc), _deleted: false };
    const patch = { title: 'As the page went' };
    await local.outbox.recordSentAs('saved_properties', [
      { docId: doc.id, writeId: 'p', state: { ...assumed, ...patch }, patch },
    ]);
    const base = async (landedWriteId: string) => {
      await local.outbox.noteConflicts('saved_properties', [{ docId: doc.id, judged: assumed, landedWriteId }]);
      return local.outbox.mergeBase('saved_properties', doc.id, undefined);
    };
    expect(await base(`${own}+p`)).toEqual({ ...earlier, ...patch });
    expect(await base('p')).toEqual({ ...assumed, ...patch });
    // The earlier write forgotten: the nearest known state, not the judged one.
    expect(await base('gone+p')).toEqual({ ...assumed, ...patch });
  });

  it('names, with each state sent, the pushes it descends from: the last accepted and those sent since', async () => {
    const local = await tracked();
    const doc = await local.db.saved_properties.insert(property('Flat'));
    const state = (title: string) => ({ ...(doc.toJSON() as Doc), _deleted: false, title });
    const [first] = await local.outbox.recordSent('saved_properties', [state('A')]);
    expect(first!.after).toEqual([]);
    await local.outbox.recordSentAs('saved_properties', [{ docId: doc.id, writeId: 'page-went', state: state('Ad') }]);
    const [second] = await local.outbox.recordSent('saved_properties', [state('Ada')]);
    expect(second!.after).toEqual([first!.writeId, 'page-went']);
    // Sent again (a retry), a state names what it named the first time, not the sends after it:
    // landed, those are newer than it.
    expect(await local.outbox.recordSent('saved_properties', [state('A')])).toEqual([
      { writeId: first!.writeId, after: [] },
    ]);
    // Accepted and settled: the next state names that push (the row may hold columns the server
    // set since), and nothing sent before it.
    local.outbox.noteAccepted('saved_properties', doc.id, second!.writeId);
    await local.outbox.settle('saved_properties', [state('Ada')]);
    await doc.incrementalPatch({ title: 'Ada L' });
    expect((await local.outbox.recordSent('saved_properties', [state('Ada L')]))[0]!.after).toEqual([second!.writeId]);
  });

  it('a state sent outside a push for a document with nothing waiting makes no entry, and joins its next change', async () => {
    const local = await tracked();
    const doc = await local.db.saved_properties.insert(property('Flat'));
    await local.outbox.settle('saved_properties', [doc.toJSON()]);
    expect(await local.outbox.count()).toBe(0);
    const state = { ...(doc.toJSON() as Doc), _deleted: false, title: 'Sent' };
    await local.outbox.recordSentAs('saved_properties', [{ docId: doc.id, writeId: 'p', state }]);
    expect(await local.outbox.count()).toBe(0);
    await doc.incrementalPatch({ title: 'Changed since' });
    await eventually(async () => {
      const entry = await local.outbox.collection.findOne(`saved_properties:${doc.id}`).exec();
      expect(JSON.parse(entry?.sent ?? '[]')).toEqual([{ writeId: 'p', state }]);
    });
  });
});
