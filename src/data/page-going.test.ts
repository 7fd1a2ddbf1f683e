// @vitest-environment jsdom
// What a form held as its page went: kept in localStorage, taken in by another open tab at once
// or by the database when it opens again, as the form would have written it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeLocalData, localUserData, trackWrites } from '../testing/local-data';
import { hasKeptChanges, keepChange, takeInOtherTabsChanges, writeKeptChanges } from './page-going';
import type { ShareSubscriptionDoc } from './schemas';
import type { UserData } from './user-data';

afterEach(async () => {
  await closeLocalData();
  localStorage.clear();
  vi.restoreAllMocks();
});

async function draft(data: UserData, name: string) {
  const doc = await data.db.share_subscriptions.insert({
    id: crypto.randomUUID(),
    user_id: data.userId,
    status: 'draft',
    subscriber_name: name,
    number_of_shares: 5000,
    subscription_price: 1.25,
    total_amount: 6250,
  });
  return doc.toJSON() as ShareSubscriptionDoc;
}

const stored = async (data: UserData, id: string) =>
  (await data.db.share_subscriptions.findOne(id).exec())!.toJSON() as ShareSubscriptionDoc;

/** The page went with `typed` in the name field, typed over `over`. */
const keptName = (data: UserData, id: string, typed: string, over: string, extra = {}) =>
  keepChange(data.db.name, {
    table: 'share_subscriptions',
    id,
    changed: { subscriber_name: typed },
    base: { subscriber_name: over },
    serverModified: null,
    ...extra,
  });

const logged = async (data: UserData) =>
  (await data.db.conflict_log.find().exec()).map((e) => ({
    field: e.field,
    local: JSON.parse(e.local) as unknown,
    server: JSON.parse(e.server) as unknown,
    replacedBy: e.replacedBy,
  }));

describe('a change kept as the page went', () => {
  it('kept again after a failed write, it goes under a newer change of the same document kept meanwhile', async () => {
    const data = await localUserData();
    const doc = await draft(data, 'Ada');
    keptName(data, doc.id, 'Ada L', 'Ada');
    const full = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    vi.spyOn(data.db.share_subscriptions.storageInstance, 'bulkWrite').mockImplementationOnce(() => {
      // Another tab's page goes while this write is under way, keeping a newer value.
      keptName(data, doc.id, 'Ada Lovelace', 'Ada L');
      return Promise.reject(full);
    });
    await writeKeptChanges(data);
    const journal = JSON.parse(localStorage.getItem(`chloe-page-going:${data.db.name}`) ?? '[]') as {
      changed: Record<string, unknown>;
      base: Record<string, unknown>;
    }[];
    expect(journal).toMatchObject([{ changed: { subscriber_name: 'Ada Lovelace' }, base: { subscriber_name: 'Ada' } }]);
  });

  it('stays kept when the device is full as the database opens, and is written once there is space', async () => {
    const data = await localUserData();
    const doc = await draft(data, 'Ada');
    keptName(data, doc.id, 'Ada Lovelace', 'Ada');
    const full = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    // The browser refuses the next write to the drafts' store, as a full disk does.
    vi.spyOn(data.db.share_subscriptions.storageInstance, 'bulkWrite').mockRejectedValueOnce(full);
    await writeKeptChanges(data);
    // Opening goes on; the status is told why (the write queue's failure); the change is kept.
    expect(data.writes.failure).toBe(full);
    expect(hasKeptChanges(data.db.name)).toBe(true);
    expect((await stored(data, doc.id)).subscriber_name).toBe('Ada');

    await writeKeptChanges(data);
    expect((await stored(data, doc.id)).subscriber_name).toBe('Ada Lovelace');
    expect(hasKeptChanges(data.db.name)).toBe(false);
    expect(data.writes.failure).toBeNull();
  });

  it('is written when the database opens again, as the form would have written it', async () => {
    const data = await localUserData();
    trackWrites(data);
    const doc = await draft(data, 'Ada');
    expect(keptName(data, doc.id, 'Ada Lovelace', 'Ada')).toBe(true);
    expect(hasKeptChanges(data.db.name)).toBe(true);
    await writeKeptChanges(data);
    expect((await stored(data, doc.id)).subscriber_name).toBe('Ada Lovelace');
    expect(hasKeptChanges(data.db.name)).toBe(false);
    expect(await logged(data)).toEqual([]);
  });

  it('a document made as the page went, before its first write was done, is made then', async () => {
    const data = await localUserData();
    const id = crypto.randomUUID();
    const made = { id, user_id: data.userId, status: 'draft', subscriber_name: 'Ada', number_of_shares: 5000 };
    keepChange(data.db.name, {
      table: 'share_subscriptions',
      id,
      changed: { subscriber_name: 'Ada' },
      base: { subscriber_name: null },
      serverModified: null,
      made: { ...made, subscription_price: 1.25, total_amount: 6250 },
    });
    await writeKeptChanges(data);
    expect(await stored(data, id)).toMatchObject({ subscriber_name: 'Ada', status: 'draft' });
    // What it was made from is its merge base until the server has it.
    const entry = (await data.outbox.kept('share_subscriptions', [id])).get(id);
    expect(entry?.base).toMatchObject({ subscriber_name: null, number_of_shares: 5000 });
  });

  it('a field another writer stored first keeps that value; the kept one goes to the conflict log', async () => {
    const data = await localUserData();
    const doc = await draft(data, 'Theirs');
    keptName(data, doc.id, 'Mine', 'Before', { serverModified: 'earlier' });
    await writeKeptChanges(data);
    expect((await stored(data, doc.id)).subscriber_name).toBe('Theirs');
    expect(await logged(data)).toEqual([
      { field: 'subscriber_name', local: 'Mine', server: 'Theirs', replacedBy: 'other-device' },
    ]);
  });

  it('already in the database (the write was done after all): nothing more', async () => {
    const data = await localUserData();
    const doc = await draft(data, 'Ada Lovelace');
    keptName(data, doc.id, 'Ada Lovelace', 'Ada');
    await writeKeptChanges(data);
    expect((await stored(data, doc.id)).subscriber_name).toBe('Ada Lovelace');
    expect(await logged(data)).toEqual([]);
  });

  it('what the page sent as it went is told to the outbox: a push that meets it merges from it', async () => {
    const data = await localUserData();
    trackWrites(data);
    const doc = await draft(data, 'Ada');
    const sent = { ...doc, subscriber_name: 'Ada L' };
    keptName(data, doc.id, 'Ada L', 'Ada', { sent });
    await writeKeptChanges(data);
    await vi.waitFor(async () => {
      const entry = (await data.outbox.kept('share_subscriptions', [doc.id])).get(doc.id);
      expect(entry?.sent).toEqual([sent]);
    });
  });

  it('kept twice before it is taken in: the newest values, over what they were first typed over', async () => {
    const data = await localUserData();
    const doc = await draft(data, 'A');
    keptName(data, doc.id, 'Ad', 'A');
    keptName(data, doc.id, 'Ada', 'Ad');
    await writeKeptChanges(data);
    expect((await stored(data, doc.id)).subscriber_name).toBe('Ada');
  });

  it('a value the page was still keeping in the conflict log is kept, once, and the held burst loses again', async () => {
    const data = await localUserData();
    const doc = await draft(data, 'Theirs');
    const lost = [{ field: 'subscriber_name', local: 'Mine', server: 'Theirs' }];
    // The page held 'Mine' (its burst lost to 'Theirs') and was storing that loss as it went.
    keptName(data, doc.id, 'Mine', 'Before', { lost: [{ lost, replacedBy: 'other-tab' }] });
    await writeKeptChanges(data);
    expect((await stored(data, doc.id)).subscriber_name).toBe('Theirs');
    expect(await logged(data)).toEqual([
      { field: 'subscriber_name', local: 'Mine', server: 'Theirs', replacedBy: 'other-tab' },
    ]);
  });

  it('a value this page wrote itself, typed over again before it was seen stored, is its own: written', async () => {
    const data = await localUserData();
    const doc = await draft(data, 'Ada');
    // The page's write of 'Ada' landed; the page went while typing 'Ada L' over 'A' (its base).
    keptName(data, doc.id, 'Ada L', 'A', { own: { subscriber_name: ['Ada'] } });
    await writeKeptChanges(data);
    expect((await stored(data, doc.id)).subscriber_name).toBe('Ada L');
    expect(await logged(data)).toEqual([]);
  });

  it('another open tab of this browser takes it in at once', async () => {
    const data = await localUserData();
    const doc = await draft(data, 'Ada');
    const stop = takeInOtherTabsChanges(data);
    try {
      keptName(data, doc.id, 'Typed in a tab that closed', 'Ada');
      // The browser tells the other tabs (the one that wrote it is not told).
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: `chloe-page-going:${data.db.name}`,
          newValue: localStorage.getItem(`chloe-page-going:${data.db.name}`),
        }),
      );
      await vi.waitFor(async () =>
        expect((await stored(data, doc.id)).subscriber_name).toBe('Typed in a tab that closed'),
      );
    } finally {
      stop();
    }
  });
});
