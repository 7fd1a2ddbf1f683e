// @vitest-environment jsdom
// Sign-out leaves nothing on the device that names the user: not a record, not a database. A
// database the browser removed under the app is noticed.
import { describe, expect, it } from 'vitest';
import { forgetLostChanges, lostChangesOf } from '../lib/changes-lost';
import { changesWaitingOnDevice, forgetChangesWaiting, noteChangesWaiting } from '../lib/changes-waiting';
import { openUserDatabase } from './database';
import type { UserData } from './user-data';
import { discardUserData, noteChangesTheBrowserRemoved } from './user-data-lifecycle';
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

describe('a database the browser removed', () => {
  it('the changes counted in it are said lost once; a database that is the same says nothing', async () => {
    const userId = crypto.randomUUID();
    const open = async () => {
      const local = await openUserDatabase({ name: userDatabaseName(userId), multiInstance: false });
      return { data: { userId, ...local } as unknown as UserData, token: await local.db.storageToken };
    };
    const first = await open();
    noteChangesWaiting(userId, 2, first.token);
    await noteChangesTheBrowserRemoved(first.data, first.token);
    expect(lostChangesOf(userId)).toBeNull();

    // The browser deletes the site's IndexedDB; localStorage stays. The app makes the database anew.
    await first.data.db.remove();
    const second = await open();
    expect(second.token).not.toBe(first.token);
    await noteChangesTheBrowserRemoved(second.data, second.token);
    const lost = lostChangesOf(userId);
    expect(lost?.count).toBe(2);
    expect(lost?.since).toBeGreaterThan(Date.now() - 60_000);
    await second.data.db.remove();
    forgetLostChanges(userId);
    forgetChangesWaiting(userId);
  });
});
