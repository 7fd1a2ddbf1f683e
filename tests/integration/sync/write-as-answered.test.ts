// A change made while the answer to the push before it is being settled. RxDB stores the change,
// then records it in the outbox a moment later (its hook is not awaited). The settling of the
// older push reads the document in the outbox entry's own turn, so the change is either seen there
// or recorded after: it waits until the server has it, and 'landed' is said only then (ADR 041).
import { afterEach, describe, expect, it } from 'vitest';
import { whenServerHas } from '../../../src/data/refusals';
import { closeDevices, inSync, savedListing, storageInterleavingReads, until, userDevice } from './devices';
import { newUser, sql } from '../fixtures';

afterEach(closeDevices);

const titleOf = async (id: string) =>
  (await sql<{ title: string }>('select title from saved_properties where id = $1', [id]))[0]?.title;

describe('a change made as the answer to the push before it is settled', () => {
  it('waits until the server has it, and is said to have landed only then', async () => {
    const u = await newUser();
    const { storage, faults } = storageInterleavingReads();
    const a = await userDevice(u.email, u.password, u.user.id, undefined, storage);
    await inSync(a);
    const id = await savedListing(u, a);
    const doc = await until(
      () => a.db.saved_properties.findOne(id).exec(),
      (d) => d !== null,
    );

    let answer: Promise<{ outcome: string; server: string | undefined }> | undefined;
    faults.afterRead = async (collection, ids) => {
      if (collection !== 'saved_properties' || !ids.includes(id) || (await titleOf(id)) !== 'One') return;
      // The server has the first change: the next read of the document is the one settling it.
      faults.afterRead = undefined;
      await (await a.db.saved_properties.findOne(id).exec())!.incrementalPatch({ title: 'Two' });
      answer = whenServerHas(a.outbox, 'saved_properties', id, 10_000).then(async ({ outcome }) => ({
        outcome,
        server: await titleOf(id),
      }));
    };
    await doc!.incrementalPatch({ title: 'One' });

    await until(
      async () => answer,
      (p) => p !== undefined,
    );
    // What the device says of the second change is what the server holds at that moment.
    expect(await answer).toEqual({ outcome: 'landed', server: 'Two' });
    await inSync(a);
    expect(await a.outbox.count()).toBe(0);
    expect(await titleOf(id)).toBe('Two');
  });
});
