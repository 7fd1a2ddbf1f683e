// The push a page sends as it goes (src/sync/last-push.ts), from the app's own RxDB database and
// sync engine to the local stack: sent as a compare-and-set against the state RxDB assumes the
// server has, including on a page that pulled nothing of the document.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openUserDatabase } from '../../../src/data/database';
import { asThePageGoes, noteKeptSends, writeKeptChanges } from '../../../src/data/page-going';
import { userSyncTables } from '../../../src/data/synced-tables';
import { startSync, type SyncEngine } from '../../../src/sync/engine';
import type { KeepaliveTarget } from '../../../src/sync/last-push';
import { newUser, sql, stack } from '../fixtures';
import { deviceClient, storage, until } from './devices';

const engines: SyncEngine[] = [];
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const close of closers.splice(0)) await close();
  vi.unstubAllGlobals();
});

const onServer = async (id: string) =>
  (
    await sql<{ name: string | null; shares: number }>(
      'select subscriber_name as name, number_of_shares as shares from share_subscriptions where id = $1',
      [id],
    )
  )[0];

const nameOnServer = async (id: string) =>
  (await sql<{ name: string | null }>('select subscriber_name as name from share_subscriptions where id = $1', [id]))[0]
    ?.name ?? null;

/** A signed-in device whose engine can be started again (each start a page), and a localStorage. */
async function goingDevice() {
  const u = await newUser();
  // cutAfterNextPush(): the next push reaches the server, then the device is offline (its answer lost).
  let cut = false;
  const { client, setOnline, dropAnswers } = await deviceClient((url, init) => {
    if (cut && url.includes('/rpc/sync_push')) {
      cut = false;
      dropAnswers(1);
      setOnline(false);
    }
    return init;
  });
  const { data, error } = await client.auth.signInWithPassword({ email: u.email, password: u.password });
  if (error) throw error;
  // The page-going journal lives in localStorage, which Node has not.
  const kept = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => kept.get(k) ?? null,
    setItem: (k: string, v: string) => void kept.set(k, v),
    removeItem: (k: string) => void kept.delete(k),
  });
  const keepalive: KeepaliveTarget = {
    url: `${stack().apiUrl}/rest/v1/rpc/sync_push`,
    headers: () => ({ apikey: stack().anonKey, Authorization: `Bearer ${data.session.access_token}` }),
  };
  const local = await openUserDatabase({
    name: `going${crypto.randomUUID().slice(0, 8)}`,
    storage: storage(),
    multiInstance: false,
  });
  closers.push(() => local.db.close());
  const start = () => {
    const engine = startSync({
      local,
      client,
      identifier: u.user.id,
      listen: false,
      tables: userSyncTables(local.db),
      keepalive,
    });
    engines.push(engine);
    return engine;
  };
  const draft = async (name: string) => {
    const id = crypto.randomUUID();
    await local.db.share_subscriptions.insert({
      id,
      user_id: u.user.id,
      subscriber_name: name,
      number_of_shares: 5000,
      subscription_price: 1.25,
      total_amount: 6250,
      status: 'draft',
    });
    return id;
  };
  const type = async (
    id: string,
    patch: { subscriber_name?: string; number_of_shares?: number; total_amount?: number },
  ) => {
    await (await local.db.share_subscriptions.findOne(id).exec())!.incrementalPatch(patch);
    return (await local.db.share_subscriptions.findOne(id).exec())!.toMutableJSON();
  };
  const typeName = (id: string, name: string) => type(id, { subscriber_name: name });
  const cutAfterNextPush = () => (cut = true);
  return { local, start, setOnline, draft, type, typeName, cutAfterNextPush };
}

describe('the push sent as the page goes', () => {
  it('reaches the server from a page that pulled nothing (what RxDB assumes is read from its meta)', async () => {
    const { start, setOnline, draft, typeName } = await goingDevice();

    // A first page makes the draft and syncs it.
    const first = start();
    const id = await draft('Ad');
    await first.awaitInSync();
    expect(await nameOnServer(id)).toBe('Ad');
    await first.stop();

    // The next page opens while the server cannot be reached: RxDB pulls nothing, notes nothing.
    setOnline(false);
    const second = start();
    const newest = await typeName(id, 'Ada');
    // The page goes as the connection comes back (the request outlives the page; the device is
    // offline only to its client). Asked again until the device has read what RxDB assumes the server holds.
    const name = await until(
      async () => {
        second
          .pageGoingPush('share_subscriptions', [{ doc: newest, fields: ['subscriber_name'], created: false }])
          .send();
        return nameOnServer(id);
      },
      (n) => n === 'Ada',
    );
    expect(name).toBe('Ada');
    // Only what the page changed, and the row claimed by no device.
    const [row] = await sql<{ writer: string | null; shares: number }>(
      'select _writer as writer, number_of_shares as shares from share_subscriptions where id = $1',
      [id],
    );
    expect(row).toEqual({ writer: null, shares: 5000 });
  });

  it('…and a change typed over it after opening again is taken, not logged as a conflict', async () => {
    const { local, start, setOnline, draft, typeName } = await goingDevice();
    const first = start();
    const id = await draft('Ad');
    await first.awaitInSync();
    await first.stop();

    // Offline, 'Ada' is typed and the page goes; its push lands all the same (as in the test above).
    setOnline(false);
    const second = start();
    const newest = await typeName(id, 'Ada');
    await until(
      async () => {
        asThePageGoes(
          { db: local.db, engine: second, outbox: local.outbox },
          'share_subscriptions',
        )({ doc: newest, changed: {}, base: {}, created: false, touched: ['subscriber_name'] });
        return nameOnServer(id);
      },
      (n) => n === 'Ada',
    );
    await second.stop();

    // Opened again, still offline: the user types over it, then the connection comes back. The
    // device's push (judged against 'Ad', which RxDB still assumes) meets its own landed 'Ada'.
    await noteKeptSends(local);
    const third = start();
    await writeKeptChanges(local);
    await typeName(id, 'Ada Lovelace');
    setOnline(true);
    third.reSync();
    await third.awaitInSync();
    expect(await nameOnServer(id)).toBe('Ada Lovelace');
    expect((await local.db.share_subscriptions.findOne(id).exec())!.subscriber_name).toBe('Ada Lovelace');
    expect(await local.conflictLog.collection.count().exec()).toBe(0);
    expect(await local.outbox.count()).toBe(0);
  });

  it('…and over its own earlier push whose answer was lost, a value set back since is taken', async () => {
    const { local, start, setOnline, draft, type, cutAfterNextPush } = await goingDevice();
    const first = start();
    const id = await draft('Ad');
    await first.awaitInSync();
    await first.stop();

    // 6,000 shares reaches the server; its answer is lost and the device is offline from then on.
    const second = start();
    await second.awaitInSync();
    cutAfterNextPush();
    await type(id, { number_of_shares: 6000, total_amount: 7500 });
    await until(
      () => onServer(id),
      (row) => row?.shares === 6000,
    );
    // Set back to 5,000 (what RxDB still assumes the server has: not sent), 'Ada' typed, the page goes.
    const newest = await type(id, { number_of_shares: 5000, total_amount: 6250, subscriber_name: 'Ada' });
    await until(
      async () => {
        asThePageGoes(
          { db: local.db, engine: second, outbox: local.outbox },
          'share_subscriptions',
        )({
          doc: newest,
          changed: {},
          base: {},
          created: false,
          touched: ['subscriber_name', 'number_of_shares', 'total_amount'],
        });
        return nameOnServer(id);
      },
      (n) => n === 'Ada',
    );
    // Taken over its own write (the row was the device's 6,000): the server has both.
    expect(await onServer(id)).toEqual({ name: 'Ada', shares: 6000 });
    await second.stop();

    await noteKeptSends(local);
    const third = start();
    await writeKeptChanges(local);
    setOnline(true);
    third.reSync();
    await third.awaitInSync();
    expect(await onServer(id)).toEqual({ name: 'Ada', shares: 5000 });
    expect(await local.conflictLog.collection.count().exec()).toBe(0);
  });
  it('…and a push of the draft still in flight as the page goes, landing after it, undoes nothing', async () => {
    const { local, start, setOnline, draft, typeName } = await goingDevice();
    // The first push of the draft (its insert, "A") is held on its way; everything else goes.
    const realFetch = globalThis.fetch;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    let landed!: () => void;
    const lateLanded = new Promise<void>((resolve) => (landed = resolve));
    let holding = true;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!holding || init?.keepalive || !url.includes('/rpc/sync_push')) return realFetch(input, init);
      holding = false;
      held();
      await released;
      const response = await realFetch(input, init);
      landed();
      return response;
    });

    const page = start();
    const id = await draft('A');
    await isHeld;
    // The page goes: nothing this device sends after it reaches the server, but its last push.
    setOnline(false);
    const newest = await typeName(id, 'Ada Lovelace');
    await until(
      async () => {
        asThePageGoes(
          { db: local.db, engine: page, outbox: local.outbox },
          'share_subscriptions',
        )({ doc: newest, changed: {}, base: {}, created: true, touched: ['subscriber_name'] });
        return nameOnServer(id);
      },
      (n) => n === 'Ada Lovelace',
    );
    // The held insert reaches the server now: older than what landed, it is not taken over it.
    release();
    await lateLanded;
    expect(await nameOnServer(id)).toBe('Ada Lovelace');
    await page.stop();

    // The next visit sends what the device holds, over both of its pushes: taken, nothing logged.
    await noteKeptSends(local);
    const next = start();
    await writeKeptChanges(local);
    setOnline(true);
    next.reSync();
    await next.awaitInSync();
    expect(await nameOnServer(id)).toBe('Ada Lovelace');
    expect(await local.conflictLog.collection.count().exec()).toBe(0);
    expect(await local.outbox.count()).toBe(0);
  });

  it("…names the device's pushes another tab made (the lead tab pushes for all), known from the outbox", async () => {
    const { local, start, setOnline, draft, typeName } = await goingDevice();
    const page = start();
    const id = await draft('Ad');
    await page.awaitInSync();
    setOnline(false);
    const newest = await typeName(id, 'Ada');
    // The lead tab sent a state of it (recorded in the outbox every tab shares); this page did not.
    await local.outbox.recordSentAs('share_subscriptions', [{ docId: id, writeId: 'lead-tab', state: newest }]);
    let after: string[] = []; // what the page's push names (caught, not sent)
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (!init?.keepalive) return realFetch(input, init);
      after = (JSON.parse(init.body as string) as { p_rows: { after: string[] }[] }).p_rows[0]!.after;
      return Promise.resolve(new Response('{}'));
    });
    const goes = { doc: newest, fields: ['subscriber_name'], created: false };
    const send = async () => (page.pageGoingPush('share_subscriptions', [goes]).send(), after);
    expect(await until(send, (named) => named.includes('lead-tab'))).toContain('lead-tab');
  });
});
