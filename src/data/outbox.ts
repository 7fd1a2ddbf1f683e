import type { RxCollection } from 'rxdb';
import type { OutboxEntry } from './database';
import { requestPersistentStorage } from './storage';

const key = (collection: string, docId: string) => `${collection}:${docId}`;

/**
 * Record every write the app makes to `collection` in the outbox until the server accepts it.
 * Replication writes go straight to storage and do not run these hooks, so pulls never count.
 */
// `any`: works for every synced collection; only the primary key `id` is read.
export function trackLocalWrites(collection: RxCollection<any>, outbox: RxCollection<OutboxEntry>) {
  const touch = async (docId: string) => {
    requestPersistentStorage();
    const id = key(collection.name, docId);
    const existing = await outbox.findOne(id).exec();
    // `since` stays at the oldest unsynced change: that is what "stalled" measures.
    await outbox.upsert({
      id,
      collection: collection.name,
      docId,
      since: existing?.since ?? Date.now(),
      lastError: null,
      refused: null,
    });
  };
  collection.postInsert((data: { id: string }) => touch(data.id), false);
  collection.postSave((data: { id: string }) => touch(data.id), false);
  collection.postRemove((data: { id: string }) => touch(data.id), false);
}

export async function settle(outbox: RxCollection<OutboxEntry>, collection: string, docId: string) {
  await outbox.findOne(key(collection, docId)).remove();
}

export async function markRefused(
  outbox: RxCollection<OutboxEntry>,
  collection: string,
  docId: string,
  message: string,
  refused: unknown,
) {
  const id = key(collection, docId);
  const existing = await outbox.findOne(id).exec();
  await outbox.upsert({
    id,
    collection,
    docId,
    since: existing?.since ?? Date.now(),
    lastError: message,
    refused: JSON.stringify(refused),
  });
}
