// What a form held as its page went: kept in localStorage and sent once more; written into the
// database when it opens again, unless the database already has it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeLocalData, localUserData, trackWrites } from '../testing/local-data';
import type { PageGoingSent } from '../sync/last-push';
import { asThePageGoes, forgetKeptChanges, noteKeptSends, writeKeptChanges } from './page-going';
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

/** The engine's push as the page goes, made with `sent` as what it sends; `send` a spy. */
function pushes(data: UserData, sent: PageGoingSent[] = []) {
  const send = vi.fn();
  const make = vi.spyOn(data.engine, 'pageGoingPush').mockImplementation(() => ({ sent, send }));
  return { make, send };
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
    const push = pushes(data);
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
    expect(push.make).toHaveBeenCalledWith('share_subscriptions', [
      { doc: made, fields: [], created: true, typedOver: {} },
    ]);
    expect(push.send).toHaveBeenCalledTimes(1);

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
    const push = pushes(data);
    const newest = { ...doc, subscriber_name: 'Ada Lovelace' };
    goesWithName(data, newest, 'Ada Lovelace', 'Ad');
    expect(push.make).toHaveBeenCalledWith('share_subscriptions', [
      { doc: newest, fields: ['subscriber_name'], created: false, typedOver: { subscriber_name: 'Ad' } },
    ]);
    expect(push.send).toHaveBeenCalledTimes(1);

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
    const push = pushes(data);
    goesWithName(data, doc, 'Ada', 'Ad');
    expect(push.send).not.toHaveBeenCalled();
  });

  it('keeps what each going page sent, and tells the outbox on opening again (before the engine starts)', async () => {
    const data = await localUserData();
    trackWrites(data);
    const doc = await draft(data, 'Ada');
    const first = { docId: doc.id, writeId: 'w1', state: { ...doc, subscriber_name: 'Ada' } };
    const second = { docId: doc.id, writeId: 'w2', state: { ...doc, subscriber_name: 'Ada L' } };
    // The page goes before its own word to the outbox is written.
    const told = vi.spyOn(data.outbox, 'recordSentAs').mockResolvedValue();
    // Written already (nothing unwritten), but sent: kept all the same, and sent once kept.
    const push = pushes(data, [first]);
    goesWithName(data, doc, 'Ada', 'Ad');
    asThePageGoes(
      data,
      'share_subscriptions',
    )({ doc, changed: {}, base: {}, created: false, touched: ['subscriber_name'] });
    expect(push.send).toHaveBeenCalledTimes(2);
    pushes(data, [second]);
    goesWithName(data, { ...doc, subscriber_name: 'Ada L' }, 'Ada L', 'Ada');
    told.mockRestore();
    const entry = () => data.outbox.collection.findOne(`share_subscriptions:${doc.id}`).exec();
    expect((await entry())!.sent).toBeNull();

    await noteKeptSends(data);
    expect(JSON.parse((await entry())!.sent!)).toEqual([
      { writeId: 'w1', state: first.state },
      { writeId: 'w2', state: second.state },
    ]);
    // A conflict whose server row says w1 landed is merged against what w1 stood for.
    await data.outbox.noteConflicts('share_subscriptions', [{ docId: doc.id, judged: doc, landedWriteId: 'w1' }]);
    expect(data.outbox.mergeBase('share_subscriptions', doc.id, doc)).toEqual(first.state);
  });

  it('tells the outbox at once too, for a page the browser shows again (back-forward cache)', async () => {
    const data = await localUserData();
    trackWrites(data);
    const doc = await draft(data, 'Ada');
    const sent = { docId: doc.id, writeId: 'w1', state: { ...doc, subscriber_name: 'Ada' } };
    pushes(data, [sent]);
    goesWithName(data, doc, 'Ada', 'Ad');
    await vi.waitFor(async () => {
      const entry = await data.outbox.collection.findOne(`share_subscriptions:${doc.id}`).exec();
      expect(JSON.parse(entry?.sent ?? '[]')).toEqual([{ writeId: 'w1', state: sent.state }]);
    });
  });

  it('a page that sends nothing and has nothing unwritten keeps nothing', async () => {
    const data = await localUserData();
    const doc = await draft(data, 'Ada');
    const push = pushes(data);
    asThePageGoes(data, 'share_subscriptions')({ doc, changed: {}, base: {}, created: false, touched: [] });
    expect(push.send).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
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
