// A page that goes (docs/decisions/030-two-writers-one-truth.md), from the app's own RxDB database
// and sync engine to the local stack: its change is kept on the device and sent once more in a
// request that outlives it — an ordinary push, made only while no other is under way — and the
// next visit sends what is left, merging from what was sent, so nothing is logged that nobody lost.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openUserDatabase } from '../../../src/data/database';
import { keepChange, writeKeptChanges } from '../../../src/data/page-going';
import { userSyncTables } from '../../../src/data/synced-tables';
import { startSync, type SyncEngine } from '../../../src/sync/engine';
import type { Doc } from '../../../src/sync/merge';
import type { KeepaliveTarget } from '../../../src/sync/page-going-push';
import { newUser, sql, stack, subscriptionIdOf } from '../fixtures';
import { deviceClient, storage, until, userDevice, closeDevices, inSync } from './devices';

const engines: SyncEngine[] = [];
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const close of closers.splice(0)) await close();
  await closeDevices();
  vi.unstubAllGlobals();
});

const onServer = async (id: string) =>
  (
    await sql<{ name: string | null; address: string | null; writer: string | null }>(
      `select subscriber_name as name, subscriber_address as address, _writer as writer
         from share_subscriptions where id = $1`,
      [id],
    )
  )[0];

/** A signed-in device whose engine can be started again (each start a page), and a localStorage. */
async function goingDevice() {
  const u = await newUser();
  const { client, setOnline } = await deviceClient();
  const { data, error } = await client.auth.signInWithPassword({ email: u.email, password: u.password });
  if (error) throw error;
  // The page-going journal lives in localStorage, which Node has not.
  const kept = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => kept.get(k) ?? null,
    setItem: (k: string, v: string) => void kept.set(k, v),
    removeItem: (k: string) => void kept.delete(k),
  });
  const local = await openUserDatabase({
    name: `going${crypto.randomUUID().slice(0, 8)}`,
    storage: storage(),
    multiInstance: false,
  });
  closers.push(() => local.db.close());
  const writer = await local.db.storageToken;
  const keepalive: KeepaliveTarget = {
    url: `${stack().apiUrl}/rest/v1/rpc/sync_push`,
    headers: () => ({ apikey: stack().anonKey, Authorization: `Bearer ${data.session.access_token}` }),
    writer: () => writer,
  };
  const start = () => {
    const engine = startSync({
      local,
      client,
      identifier: u.user.id,
      listen: false,
      tables: userSyncTables(local),
      keepalive,
    });
    engines.push(engine);
    return engine;
  };
  const id = subscriptionIdOf(u.user.id);
  const draft = async (name: string) => {
    await local.db.share_subscriptions.insert({
      id,
      user_id: u.user.id,
      subscriber_name: name,
      number_of_shares: 5000,
      subscription_price: 1.25,
      total_amount: 6250,
      status: 'draft',
    });
  };
  const typeName = async (name: string) => {
    await (await local.db.share_subscriptions.findOne(id).exec())!.incrementalPatch({ subscriber_name: name });
    return (await local.db.share_subscriptions.findOne(id).exec())!.toMutableJSON() as Doc;
  };
  /** The page goes: the change is kept (as the form keeps it), then sent if this page may. */
  const goes = (engine: SyncEngine, doc: Doc, typedOver: string) => {
    keepChange(local.db.name, {
      table: 'share_subscriptions',
      id,
      changed: { subscriber_name: doc.subscriber_name },
      base: { subscriber_name: typedOver },
      serverModified: doc.serverModified ?? null,
      sent: doc,
    });
    return engine.pageGoingPush('share_subscriptions', [{ doc, stored: doc, waiting: true }]);
  };
  return { u, local, start, setOnline, id, draft, typeName, goes, writer };
}

describe('the push sent as the page goes', () => {
  it('sends a change still waiting, as this device’s own next write, in a request that outlives the page', async () => {
    const { start, setOnline, id, draft, typeName, goes, writer } = await goingDevice();
    const first = start();
    await draft('Ad');
    await first.awaitInSync();
    expect(await onServer(id)).toMatchObject({ name: 'Ad', writer });
    await first.stop();

    // The next page's requests fail (the device is offline to its client), and the user types.
    setOnline(false);
    const second = start();
    const newest = await typeName('Ada');
    // The page goes as the connection comes back: the request outlives it.
    expect(goes(second, newest, 'Ad')).toBe(true);
    expect(
      await until(
        () => onServer(id),
        (row) => row?.name === 'Ada',
      ),
    ).toMatchObject({ name: 'Ada', writer });
  });

  it('made while a push is under way: that push, landing after it, changes nothing', async () => {
    const { local, start, id, draft, typeName, goes } = await goingDevice();
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
      if (!holding || !url.includes('/rpc/sync_push')) return realFetch(input, init);
      holding = false;
      held();
      await released;
      const response = await realFetch(input, init);
      landed();
      return response;
    });
    const page = start();
    await draft('A');
    // The first keystroke's push (the draft's insert) is held on its way.
    await isHeld;
    const newest = await typeName('Ada Lovelace');
    expect(goes(page, newest, 'A')).toBe(true);
    expect(
      await until(
        () => onServer(id),
        (row) => row?.name === 'Ada Lovelace',
      ),
    ).toMatchObject({
      name: 'Ada Lovelace',
    });
    // The held push lands now: older in this device's order, it changes nothing.
    release();
    await lateLanded;
    expect((await onServer(id))?.name).toBe('Ada Lovelace');
    await page.stop();

    // The next visit sends what the device holds, over both of its pushes: nothing logged.
    const next = start();
    await writeKeptChanges(local);
    next.reSync();
    await next.awaitInSync();
    expect((await onServer(id))?.name).toBe('Ada Lovelace');
    expect(await local.conflictLog.collection.count().exec()).toBe(0);
    expect(await local.outbox.count()).toBe(0);
  });

  it('a change typed over it at the next visit, while another device changed the draft, is this device’s: not logged', async () => {
    const { u, local, start, setOnline, id, draft, typeName, goes } = await goingDevice();
    const first = start();
    await draft('Ad');
    await first.awaitInSync();
    await first.stop();

    // 'Ada' typed offline; the page goes and its push lands.
    setOnline(false);
    const second = start();
    const newest = await typeName('Ada');
    expect(goes(second, newest, 'Ad')).toBe(true);
    await until(
      () => onServer(id),
      (row) => row?.name === 'Ada',
    );
    await second.stop();

    // Another device of the account then adds an address.
    const other = await userDevice(u.email, u.password, u.user.id);
    await inSync(other);
    await (await other.db.share_subscriptions.findOne(id).exec())!.incrementalPatch({
      subscriber_address: '1 A Street',
    });
    await inSync(other);

    // Opened again, still offline: the user types over 'Ada', then the connection comes back. The
    // push, judged against 'Ad', meets 'Ada' — the value this device sent — and the address.
    const third = start();
    await writeKeptChanges(local);
    await typeName('Ada Lovelace');
    setOnline(true);
    third.reSync();
    await third.awaitInSync();
    expect(await onServer(id)).toMatchObject({ name: 'Ada Lovelace', address: '1 A Street' });
    expect(await local.conflictLog.collection.count().exec()).toBe(0);
    expect(await local.outbox.count()).toBe(0);
  });

  it('is judged against the state the page’s copy came from, not a row pulled since', async () => {
    const { u, local, start, id, draft, goes } = await goingDevice();
    const page = start();
    await draft('Ad');
    await page.awaitInSync();
    // The form's copy of the draft, and 'Ada' typed in it.
    const seen = (await local.db.share_subscriptions.findOne(id).exec())!.toMutableJSON() as Doc;
    const other = await userDevice(u.email, u.password, u.user.id);
    await inSync(other);
    await (await other.db.share_subscriptions.findOne(id).exec())!.incrementalPatch({
      subscriber_address: '1 A Street',
    });
    await inSync(other);
    // The address reaches this device's database; the page goes before its form has seen it.
    page.reSync();
    await until(
      () => local.db.share_subscriptions.findOne(id).exec(),
      (doc) => doc?.subscriber_address === '1 A Street',
    );
    const realFetch = globalThis.fetch;
    const answers: Promise<Response>[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = realFetch(input, init);
      if (init?.keepalive) answers.push(answer);
      return answer;
    });
    expect(goes(page, { ...seen, subscriber_name: 'Ada' }, 'Ad')).toBe(true);

    // Judged against the row the form's copy came from, the push meets the address and writes
    // nothing; judged against the row pulled since, it wrote the form's older copy over it.
    expect((await answers[0])?.ok).toBe(true);
    expect(await onServer(id)).toMatchObject({ name: 'Ad', address: '1 A Street' });
  });
});
