import { afterEach, describe, expect, it } from 'vitest';
import { closeLocalData, localUserData } from '../../testing/local-data';
import { removeSavedProperty, restoreSavedProperty } from './saved-properties';
import type { SavedPropertyDoc } from '../../data/schemas';

afterEach(closeLocalData);

const property = (userId: string): SavedPropertyDoc => ({
  id: crypto.randomUUID(),
  user_id: userId,
  title: '3 bed terraced house',
  address: '12 Acacia Avenue, Leeds LS6 2AB',
  price: 450000,
  bedrooms: 3,
  property_type: 'Terraced',
  key_features: ['Garden', 'Off-street parking'],
  agent_name: 'Sam Patel',
  agency_name: 'Yopa',
  created_at: '2026-11-22T12:00:00.000Z',
  serverModified: '2026-11-22T12:00:00.123456+00:00',
});

describe('removeSavedProperty and restoreSavedProperty (Undo)', () => {
  it('brings back the same document, un-deleted, as a newer revision that replication pushes', async () => {
    const data = await localUserData();
    const saved = property(data.userId);
    await data.db.saved_properties.insert(saved);
    const collection = data.db.saved_properties;

    await removeSavedProperty(data, saved.id);
    expect(await collection.find().exec()).toHaveLength(0);
    const [deleted] = await collection.storageInstance.findDocumentsById([saved.id], true);
    expect(deleted?._deleted).toBe(true);

    // A pull has since brought the server's deleted row with a newer timestamp: Undo keeps it.
    await collection.storageInstance.bulkWrite(
      [
        {
          previous: deleted!,
          document: {
            ...deleted!,
            serverModified: '2026-11-22T12:05:00.000001+00:00',
            _rev: `${Number(deleted!._rev.split('-')[0]) + 1}-pull`,
          },
        },
      ],
      'test-pull',
    );

    await restoreSavedProperty(data, saved.id);
    const docs = await collection.find().exec();
    expect(docs.map((d) => d.toJSON())).toEqual([{ ...saved, serverModified: '2026-11-22T12:05:00.000001+00:00' }]);
    const [restored] = await collection.storageInstance.findDocumentsById([saved.id], true);
    expect(restored?._deleted).toBe(false);
    // A later revision than the deletion: the push sends it with _deleted false, over the same id.
    expect(Number(restored!._rev.split('-')[0])).toBeGreaterThan(Number(deleted!._rev.split('-')[0]));
  });

  it('does nothing to a property that is not deleted (Undo pressed twice)', async () => {
    const data = await localUserData();
    const saved = property(data.userId);
    await data.db.saved_properties.insert(saved);
    await restoreSavedProperty(data, saved.id);
    await restoreSavedProperty(data, crypto.randomUUID());
    expect((await data.db.saved_properties.find().exec()).map((d) => d.toJSON())).toEqual([saved]);
  });
});
