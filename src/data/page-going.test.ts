// What a form held as its page went: kept in localStorage and sent once more; written into the
// database when it opens again, unless the database already has it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeLocalData, localUserData } from '../testing/local-data';
import { asThePageGoes, forgetKeptChanges, writeKeptChanges } from './page-going';
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

/** The page goes with `typed` in the name field, typed over `over`; the document as given. */
const goesWithName = (data: UserData, doc: ShareSubscriptionDoc, typed: string, over: string) =>
  asThePageGoes(
    data,
    'share_subscriptions',
  )({
    doc,
    changed: { subscriber_name: typed },
    base: { subscriber_name: over },
    created: false,
    touched: ['subscriber_name'],
  });

describe('as the page goes', () => {
  it('a document made as the page went, before its first write was done, is written on opening again', async () => {
    const data = await localUserData();
    const push = vi.spyOn(data.engine, 'pushAsThePageGoes');
    const made = {
      id: crypto.randomUUID(),
      user_id: data.userId,
      status: 'draft',
      subscriber_name: 'Ada',
      number_of_shares: 5000,
      subscription_price: 1.25,
      total_amount: 6250,
    };
    asThePageGoes(data, 'share_subscriptions')({ doc: made, changed: made, base: {}, created: true, touched: [] });
    expect(push).toHaveBeenCalledWith('share_subscriptions', [{ doc: made, fields: [], created: true }]);

    await writeKeptChanges(data);
    expect(await stored(data, made.id)).toMatchObject({ subscriber_name: 'Ada', status: 'draft' });
    expect(localStorage.length).toBe(0);
  });

  it('…and one a pull brought meanwhile is patched, not made twice', async () => {
    const data = await localUserData();
    const doc = await draft(data, 'From the server');
    asThePageGoes(
      data,
      'share_subscriptions',
    )({
      doc: { ...doc, subscriber_name: 'Typed' },
      changed: { ...doc, subscriber_name: 'Typed' },
      base: {},
      created: true,
      touched: [],
    });
    await writeKeptChanges(data);
    expect(await data.db.share_subscriptions.count().exec()).toBe(1);
    expect((await stored(data, doc.id)).subscriber_name).toBe('Typed');
  });

  it('keeps the change and sends the newest state; on opening again the database gets it', async () => {
    const data = await localUserData();
    const doc = await draft(data, 'Ad');
    const push = vi.spyOn(data.engine, 'pushAsThePageGoes');
    const newest = { ...doc, subscriber_name: 'Ada Lovelace' };
    goesWithName(data, newest, 'Ada Lovelace', 'Ad');
    expect(push).toHaveBeenCalledWith('share_subscriptions', [
      { doc: newest, fields: ['subscriber_name'], created: false },
    ]);

    await writeKeptChanges(data);
    expect((await stored(data, doc.id)).subscriber_name).toBe('Ada Lovelace');
    expect(await data.conflictLog.collection.count().exec()).toBe(0);
    // Written once: a second opening finds nothing kept.
    await (await data.db.share_subscriptions.findOne(doc.id).exec())!.incrementalPatch({ subscriber_name: 'Later' });
    await writeKeptChanges(data);
    expect((await stored(data, doc.id)).subscriber_name).toBe('Later');
  });

  it('a change the database already has is not written again', async () => {
    const data = await localUserData();
    const doc = await draft(data, 'Ada');
    goesWithName(data, doc, 'Ada', 'Ad');
    const before = (await data.db.share_subscriptions.findOne(doc.id).exec())!.revision;
    await writeKeptChanges(data);
    expect((await data.db.share_subscriptions.findOne(doc.id).exec())!.revision).toBe(before);
  });

  it('over a value another tab stored since, what was typed stands and the other value is logged', async () => {
    const data = await localUserData();
    const doc = await draft(data, 'From another tab');
    goesWithName(data, { ...doc, subscriber_name: 'Typed' }, 'Typed', 'Before');
    await writeKeptChanges(data);
    expect((await stored(data, doc.id)).subscriber_name).toBe('Typed');
    const [logged] = (await data.conflictLog.collection.find().exec()).map((e) => e.toJSON());
    expect(logged).toMatchObject({ field: 'subscriber_name', local: '"From another tab"', server: '"Typed"' });
  });

  it('with no storage to keep it in, nothing is sent either', async () => {
    const data = await localUserData();
    const doc = await draft(data, 'Ad');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const push = vi.spyOn(data.engine, 'pushAsThePageGoes');
    goesWithName(data, doc, 'Ada', 'Ad');
    expect(push).not.toHaveBeenCalled();
  });

  it('signing out forgets what was kept', async () => {
    const data = await localUserData();
    const doc = await draft(data, 'Ad');
    goesWithName(data, doc, 'Ada', 'Ad');
    expect(Object.keys(localStorage)).toEqual([`chloe-page-going:${data.db.name}`]);
    forgetKeptChanges(data.db.name);
    expect(Object.keys(localStorage)).toEqual([]);
  });
});
