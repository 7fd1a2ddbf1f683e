// A pull reads only below the horizon (supabase/schemas/sync/30-pull.sql: sync_horizon): a row
// written while another transaction is open waits until that transaction ends. The live channel's
// "pull" for that row has then been spent on a pull that found nothing, so the device itself must
// ask again once the horizon moves, not wait for the 30-s timer.
import { afterEach, describe, expect, it } from 'vitest';
import { closeDevices, inSync, savedListing, until, userDevice } from './devices';
import { newUser } from '../fixtures';
import { pgClient, pull } from '../sync-fixtures';

afterEach(closeDevices);

/** Another transaction that holds an xid, open until `end()`: it holds the horizon back. */
async function slowWriter() {
  const db = await pgClient();
  await db.query('begin');
  await db.query('select pg_current_xact_id()');
  return {
    end: async () => {
      await db.query('commit');
      await db.end();
    },
  };
}

describe('rows the horizon held back', () => {
  it('sync_pull says so, and stops saying so once the horizon has passed them', async () => {
    const u = await newUser();
    const first = await pull(u.client, 'saved_properties', null);
    const slow = await slowWriter();
    try {
      const { error } = await u.client
        .from('saved_properties')
        .insert({ id: crypto.randomUUID(), user_id: u.user.id, title: 'Held' });
      expect(error).toBeNull();
      const during = await pull(u.client, 'saved_properties', first.checkpoint);
      expect(during).toMatchObject({ documents: [], held: true });
    } finally {
      await slow.end();
    }
    const after = await pull(u.client, 'saved_properties', first.checkpoint);
    expect(after.documents.map((d) => d.title)).toEqual(['Held']);
    expect(after.held).toBe(false);
  });

  it("another user's held rows are not this user's: nothing is said to be held", async () => {
    const [u, other] = [await newUser(), await newUser()];
    const first = await pull(u.client, 'saved_properties', null);
    const slow = await slowWriter();
    try {
      const { error } = await other.client
        .from('saved_properties')
        .insert({ id: crypto.randomUUID(), user_id: other.user.id, title: 'Not yours' });
      expect(error).toBeNull();
      expect(await pull(u.client, 'saved_properties', first.checkpoint)).toMatchObject({ documents: [], held: false });
    } finally {
      await slow.end();
    }
  });

  it('a device whose pull found its row held back pulls it once the horizon moves, with no other call', async () => {
    const u = await newUser();
    // No live channel and no timer (listen: false): only the device's own pulls.
    const a = await userDevice(u.email, u.password, u.user.id);
    const id = await savedListing(u, a);
    const slow = await slowWriter();
    try {
      const { error } = await u.client.from('saved_properties').update({ title: 'Changed elsewhere' }).eq('id', id);
      expect(error).toBeNull();
      // The pull the live channel would start: the row is above the horizon.
      await inSync(a);
      expect((await a.db.saved_properties.findOne(id).exec())?.title).toBe('2 bed flat');
    } finally {
      await slow.end();
    }
    const doc = await until(
      async () => (await a.db.saved_properties.findOne(id).exec())?.title,
      (title) => title === 'Changed elsewhere',
    );
    expect(doc).toBe('Changed elsewhere');
  });
});
