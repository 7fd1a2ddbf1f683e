// RxDB stores a pulled document, then its record of the server's state (the assumed master state).
// A page that goes between the two writes, or a change made in that moment, leaves a document with
// no record: its next change is pushed as if the server had no row. A removal is judged against
// the state it was made over (outbox.ts: record), not taken for a conflict with the server's row.
import { afterEach, describe, expect, it } from 'vitest';
import { closeDevices, inSync, savedListing, storageLosingPullRecords, until, userDevice } from './devices';
import { newUser, sql } from '../fixtures';

afterEach(closeDevices);

const row = async (id: string) =>
  (
    await sql<{ title: string; _deleted: boolean }>('select title, _deleted from saved_properties where id = $1', [id])
  )[0];

/** A device whose record of a listing the extension saved was lost after the pull stored it. */
async function deviceWithoutRecord() {
  const u = await newUser();
  const { storage, faults } = storageLosingPullRecords();
  const a = await userDevice(u.email, u.password, u.user.id, undefined, storage);
  await inSync(a);
  faults.losing = true;
  const id = await savedListing(u, a);
  const doc = await until(
    () => a.db.saved_properties.findOne(id).exec(),
    (d) => d !== null,
  );
  faults.losing = false;
  return { u, a, id, doc: doc!, faults };
}

const waiting = (a: Awaited<ReturnType<typeof deviceWithoutRecord>>['a']) =>
  a.db.outbox.count({ selector: { waiting: true } }).exec();

describe('a pulled document whose record RxDB lost', () => {
  it('removed: the removal applies, and no conflict is logged', async () => {
    const { a, id, doc } = await deviceWithoutRecord();
    await doc.remove();
    // RxDB writes the removal's outbox record just after the removal resolves: counted before
    // that, nothing would wait yet.
    await a.outbox.recorded('saved_properties', id);
    await inSync(a);
    await until(
      () => waiting(a),
      (n) => n === 0,
    );
    expect(await row(id)).toEqual({ title: '2 bed flat', _deleted: true });
    expect(await a.db.saved_properties.findOne(id).exec()).toBeNull();
    expect(await a.db.conflict_log.count().exec()).toBe(0);
  });

  it('removed on a busy device, its record written after the server answered: the removal applies', async () => {
    const { a, id, doc, faults } = await deviceWithoutRecord();
    // The push goes as the removal is stored; its record of the state it was made over comes
    // later. The server's answer (its row, a conflict) is merged only once that record is there.
    faults.outboxDelayMs = 1_500;
    await doc.remove();
    faults.outboxDelayMs = 0;
    await inSync(a);
    await until(
      () => waiting(a),
      (n) => n === 0,
    );
    expect(await row(id)).toEqual({ title: '2 bed flat', _deleted: true });
    expect(await a.db.conflict_log.count().exec()).toBe(0);
  });

  it('removed while the extension saved it again: the row stands and the removal is logged', async () => {
    const { u, a, id, doc } = await deviceWithoutRecord();
    a.setOnline(false);
    await doc.remove();
    await a.outbox.recorded('saved_properties', id);
    const { error } = await u.client.from('saved_properties').update({ title: '2 bed flat, reduced' }).eq('id', id);
    expect(error).toBeNull();
    a.setOnline(true);
    await inSync(a);
    await until(
      () => waiting(a),
      (n) => n === 0,
    );
    expect(await row(id)).toEqual({ title: '2 bed flat, reduced', _deleted: false });
    const logged = (await a.db.conflict_log.find().exec()).map((e) => e.field);
    expect(logged).toEqual(['_deleted']);
  });
});
