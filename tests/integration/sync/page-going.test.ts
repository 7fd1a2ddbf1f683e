// The push a page sends as it goes (src/sync/last-push.ts), from the app's own RxDB database and
// sync engine to the local stack: sent as a compare-and-set against the state RxDB assumes the
// server has, including on a page that pulled nothing of the document.
import { afterEach, describe, expect, it } from 'vitest';
import { openUserDatabase } from '../../../src/data/database';
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
});

const nameOnServer = async (id: string) =>
  (await sql<{ name: string | null }>('select subscriber_name as name from share_subscriptions where id = $1', [id]))[0]
    ?.name ?? null;

describe('the push sent as the page goes', () => {
  it('reaches the server from a page that pulled nothing (what RxDB assumes is read from its meta)', async () => {
    const u = await newUser();
    const { client, setOnline } = await deviceClient();
    const { data, error } = await client.auth.signInWithPassword({ email: u.email, password: u.password });
    if (error) throw error;
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

    // A first page makes the draft and syncs it.
    const first = start();
    const id = crypto.randomUUID();
    await local.db.share_subscriptions.insert({
      id,
      user_id: u.user.id,
      subscriber_name: 'Ad',
      number_of_shares: 5000,
      subscription_price: 1.25,
      total_amount: 6250,
      status: 'draft',
    });
    await first.awaitInSync();
    expect(await nameOnServer(id)).toBe('Ad');
    await first.stop();

    // The next page opens while the server cannot be reached: RxDB pulls nothing, notes nothing.
    setOnline(false);
    const second = start();
    await (await local.db.share_subscriptions.findOne(id).exec())!.incrementalPatch({ subscriber_name: 'Ada' });
    const newest = (await local.db.share_subscriptions.findOne(id).exec())!.toMutableJSON();
    // The page goes as the connection comes back (the request outlives the page; the device is
    // offline only to its client). Asked again until the device has read what RxDB assumes the server holds.
    const name = await until(
      async () => {
        second.pushAsThePageGoes('share_subscriptions', [{ doc: newest, fields: ['subscriber_name'], created: false }]);
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
});
