import { describe, expect, it } from 'vitest';
import { openUserDatabase } from './database';
import { holdsLocalTable, userDatabaseName } from './user-database-name';

describe('holdsLocalTable', () => {
  it("says whether this device has ever held a user's table, from the databases' names alone", async () => {
    const userId = crypto.randomUUID();
    expect(await holdsLocalTable(userId, 'saved_properties')).toBe(false);
    const { db } = await openUserDatabase({ name: userDatabaseName(userId), multiInstance: false });
    await db.saved_properties.count().exec();
    await db.close();
    expect(await holdsLocalTable(userId, 'saved_properties')).toBe(true);
    expect(await holdsLocalTable(crypto.randomUUID(), 'saved_properties')).toBe(false);
  });
});
