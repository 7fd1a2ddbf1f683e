// npm run bench: figures and ratios, printed; never a pass/fail on time.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterAll, beforeAll, it } from 'vitest';
import WebSocket from 'ws';
import { openUserDatabase, type UserDatabase } from '../../src/data/database';
import { subscriptionDraftId } from '../../src/data/draft-id';
import type { Database } from '../../src/generated/database.types';
import { userSyncTable } from '../../src/data/synced-tables';
import { startSync, type SyncEngine } from '../../src/sync/engine';
import { freePort } from '../../supabase/local/stack/process.mjs';
import { startTestStack } from '../stack-fixture';
import { savedProperty } from './rows';
import { sql } from './sql';

const RTT_MS = 300;

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack();
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function signedInClient(opts: { delayMs?: number; dead?: () => boolean; deadUrl?: string } = {}) {
  const client = createClient<Database>(stack.info.apiUrl, stack.info.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    global: {
      fetch: async (input, init) => {
        if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        return fetch(opts.dead?.() && opts.deadUrl ? url.replace(stack.info.apiUrl, opts.deadUrl) : url, init);
      },
    },
  });
  const email = `bench-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const { data, error } = await client.auth.signUp({ email, password: 'bench-password' });
  if (error || !data.user) throw error ?? new Error('no user');
  return { client, userId: data.user.id };
}

async function device(client: SupabaseClient<Database>, userId: string, probe?: () => Promise<boolean>) {
  const local = await openUserDatabase({
    name: `bench${crypto.randomUUID().slice(0, 8)}`,
    storage: getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }),
    multiInstance: false,
  });
  const db: UserDatabase = local.db;
  const engine: SyncEngine = startSync({
    local,
    client,
    identifier: userId,
    listen: false,
    tables: [userSyncTable(local, 'share_subscriptions'), userSyncTable(local, 'saved_properties')],
    ...(probe ? { probe } : {}),
  });
  return { db, engine };
}

// The server takes a new draft only under the id every device of its account derives.
const draft = async (userId: string, i: number) => ({
  id: await subscriptionDraftId(userId, 0),
  user_id: userId,
  subscriber_name: `Bench ${i}`,
  number_of_shares: 5000,
  subscription_price: 1.25 as const,
  total_amount: 6250,
  status: 'draft' as const,
});

it('save latency: local durable write vs one supabase-js update with 300 ms round trip', async () => {
  const { client, userId } = await signedInClient();
  const { db, engine } = await device(client, userId);
  const doc = await db.share_subscriptions.insert(await draft(userId, 0));
  const local: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await doc.getLatest().incrementalPatch({ subscriber_name: `Local ${i}` });
    local.push(performance.now() - t);
  }
  await engine.stop();
  // RxDB's open-source build allows 16 collections at once: each bench closes its databases.
  await db.close();

  const slow = await signedInClient({ delayMs: RTT_MS });
  const row = await draft(slow.userId, 0);
  const made = await slow.client.from('share_subscriptions').insert(row);
  if (made.error) throw made.error;
  const remote: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    const { error, count } = await slow.client
      .from('share_subscriptions')
      .update({ subscriber_name: `Remote ${i}` }, { count: 'exact' })
      .eq('id', row.id);
    if (error) throw error;
    if (count !== 1) throw new Error(`expected to update one draft, updated ${count}`);
    remote.push(performance.now() - t);
  }
  console.log(
    `\nSave latency (median): local RxDB write ${ms(median(local))} (n=50) · supabase-js update with ${RTT_MS} ms RTT ${ms(median(remote))} (n=10) · ratio ${(median(remote) / median(local)).toFixed(0)}×`,
  );
}, 120_000);


it('sync throughput: 1,000 saved properties made offline then synced vs 1,000 sequential upserts', async () => {
  const deadUrl = `http://127.0.0.1:${await freePort()}`;
  let offline = false;
  const { client, userId } = await signedInClient({ dead: () => offline, deadUrl });
  offline = true;
  const { db, engine } = await device(client, userId);
  await db.saved_properties.bulkInsert(Array.from({ length: 1000 }, (_, i) => savedProperty(userId, i)));
  offline = false;
  const t0 = performance.now();
  engine.reSync();
  await engine.awaitInSync();
  const synced = performance.now() - t0;
  await engine.stop();
  await db.close();
  const [{ count }] = (await sql<{ count: number }>(
    stack.info.adminDbUrl,
    'select count(*)::int as count from saved_properties where user_id = $1',
    [userId],
  )) as [{ count: number }];
  if (count !== 1000) throw new Error(`expected 1,000 saved properties in Postgres, found ${count}`);

  const seq = await signedInClient();
  const t1 = performance.now();
  for (let i = 0; i < 1000; i++) {
    const { error } = await seq.client.from('saved_properties').upsert(savedProperty(seq.userId, i));
    if (error) throw error;
  }
  const sequential = performance.now() - t1;
  console.log(
    `\nSync throughput: 1,000 saved properties made offline synced in ${ms(synced)} · 1,000 sequential upserts ${ms(sequential)} · ratio ${(sequential / synced).toFixed(1)}×`,
  );
}, 300_000);

it('recovery: a 35 s PostgREST outage during pushes, then back — with the probe vs the backoff alone', async () => {
  const OUTAGE_MS = 35_000;
  const withProbe = await signedInClient();
  const backoffOnly = await signedInClient();
  const a = await device(withProbe.client, withProbe.userId);
  const b = await device(backoffOnly.client, backoffOnly.userId, () => Promise.resolve(false));
  const docs = await Promise.all([
    a.db.share_subscriptions.insert(await draft(withProbe.userId, 0)),
    b.db.share_subscriptions.insert(await draft(backoffOnly.userId, 0)),
  ]);
  await Promise.all([a.engine.awaitInSync(), b.engine.awaitInSync()]);
  // Both drafts reached Postgres: what follows measures recovery, not a refusal waiting forever.
  const stored = await sql<{ count: number }>(
    stack.info.adminDbUrl,
    'select count(*)::int as count from share_subscriptions where user_id = any($1)',
    [[withProbe.userId, backoffOnly.userId]],
  );
  if (stored[0]?.count !== 2) throw new Error(`expected both drafts in Postgres, found ${stored[0]?.count}`);

  await stack.faults.killPostgrest();
  const edits = Date.now();
  // Edits keep coming during the outage: every push fails and the backoff grows.
  while (Date.now() - edits < OUTAGE_MS) {
    for (const doc of docs) await doc.getLatest().incrementalPatch({ subscriber_name: `Outage ${Date.now()}` });
    await new Promise((r) => setTimeout(r, 5000));
  }
  await stack.faults.startPostgrest();
  const back = performance.now();
  const recovered = async (d: { db: UserDatabase }) => {
    for (;;) {
      const left = await d.db.outbox.find({ selector: { waiting: true } }).exec();
      if (left.length === 0) break;
      // A refused change waits for the user, not for the server: say so rather than time out.
      const refused = left.find((e) => e.refusal !== null);
      if (refused) throw new Error(`a change was refused: ${JSON.stringify(refused.refusal)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return performance.now() - back;
  };
  const [probed, waited] = await Promise.all([recovered(a), recovered(b)]);
  await Promise.all([a.engine.stop(), b.engine.stop()]);
  await Promise.all([a.db.close(), b.db.close()]);
  console.log(
    `\nRecovery after a ${OUTAGE_MS / 1000} s outage: synced ${ms(probed)} after the service returned with the probe · ${ms(waited)} with the backoff alone · ratio ${(waited / probed).toFixed(1)}×`,
  );
}, 180_000);
