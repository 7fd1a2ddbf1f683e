// Sign-out leaves nothing on the device that names the user: not a record, not a database.
import { describe, expect, it } from 'vitest';
import { changesWaitingOnDevice, noteChangesWaiting } from '../lib/changes-waiting';
import { openUserDatabase } from './database';
import { discardUserData } from './user-data-lifecycle';
import { userDatabaseName } from './user-database-name';
import { savedProperty } from '../testing/saved-property';

const namesOf = async (userId: string) =>
  (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.includes(userId));

describe('discarding a user’s local data', () => {
  it('deletes every IndexedDB database named with the user’s id, and makes none on the way', async () => {
    const userId = crypto.randomUUID();
    const { db } = await openUserDatabase({ name: userDatabaseName(userId), multiInstance: false });
    await db.saved_properties.insert(
      savedProperty({ user_id: userId, title: 'Kept on the device', updated_at: new Date().toISOString() }),
    );
    await db.close();
    expect((await namesOf(userId)).length).toBeGreaterThan(0);
    noteChangesWaiting(userId, 2);

    // Signed out while the data is not open (another screen): opened by name, then removed.
    await discardUserData(null, userId);
    expect(await namesOf(userId)).toEqual([]);
    // Nor does a signed-out page say that changes of theirs wait here.
    expect(changesWaitingOnDevice()).toBe(0);
  });
});
