// PostgREST killed and Postgres shut down while a push is inside sync_push (held there by a row
// lock), then brought back: nothing the device saved is lost, nothing stays waiting, and nothing
// is called a conflict. This file runs its own stack (the shared one must not go down).
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { openUserDatabase, type UserDatabase } from '../../../src/data/database';
import type { Database } from '../../../src/generated/database.types';
import { startSync, type SyncEngine } from '../../../src/sync/engine';
import { userSyncTables } from '../../../src/data/synced-tables';
import { startTestStack } from '../../stack-fixture';
import { subscriptionIdOf } from '../fixtures';
import { pushWaitingOnLock } from '../sync-fixtures';

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack();
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const opened: { db: UserDatabase; engine: SyncEngine }[] = [];
afterEach(async () => {
  for (const d of opened.splice(0)) {
    await d.engine.stop();
    await d.db.close();
  }
});

async function query<T extends pg.QueryResultRow>(text: string, params: unknown[] = []) {
  const db = new pg.Client({ connectionString: stack.info.adminDbUrl });
  await db.connect();
  try {
    return (await db.query<T>(text, params)).rows;
  } finally {
    await db.end();
  }
}

async function device() {
  const client = createClient<Database>(stack.info.apiUrl, stack.info.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const email = `fault-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const { data, error } = await client.auth.signUp({ email, password: 'fault-password' });
  if (error || !data.user) throw error ?? new Error('no user');
  const local = await openUserDatabase({
    name: `f${crypto.randomUUID().slice(0, 8)}`,
    storage: getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }),
    multiInstance: false,
  });
  const { db } = local;
  const engine = startSync({ local, client, identifier: data.user.id, listen: false, tables: userSyncTables(local) });
  opened.push({ db, engine });
  return { db, engine, userId: data.user.id };
}

/** Until `check` holds: vitest's waitFor, asked every 100 ms. */
const until = (check: () => Promise<boolean>, timeout = 30_000) =>
  vi.waitFor(async () => expect(await check()).toBe(true), { timeout, interval: 100 });

/** Holds the row's lock so the device's next push waits inside sync_push; resolves once it does. */
async function holdRow(id: string) {
  const holder = new pg.Client({ connectionString: stack.info.adminDbUrl });
  holder.on('error', () => undefined); // its connection dies with Postgres in one test
  await holder.connect();
  await holder.query('begin');
  await holder.query('select 1 from share_subscriptions where id = $1 for update', [id]);
  return {
    pushWaiting: () => pushWaitingOnLock((text) => query(text)),
    release: () => holder.end().catch(() => undefined),
  };
}

describe.each([
  ['PostgREST is killed', () => stack.faults.killPostgrest(), () => stack.faults.startPostgrest()],
  ['Postgres shuts down', () => stack.faults.stopPostgres(), () => stack.faults.startPostgres()],
])('while a push is inside sync_push, %s', (_, takeDown, bringBack) => {
  it('every saved edit reaches Postgres once it is back, with no conflict and nothing left waiting', async () => {
    const { db, engine, userId } = await device();
    const doc = await db.share_subscriptions.insert({
      id: subscriptionIdOf(userId),
      user_id: userId,
      subscriber_name: 'Before',
      number_of_shares: 5000,
      subscription_price: 1.25,
      total_amount: 6250,
      status: 'draft',
    });
    engine.reSync();
    await engine.awaitInSync();
    await until(async () => (await db.outbox.count({ selector: { waiting: true } }).exec()) === 0);

    const lock = await holdRow(doc.id);
    await doc.getLatest().incrementalPatch({ subscriber_name: 'During the fault' });
    engine.reSync();
    await lock.pushWaiting();
    await takeDown();
    await lock.release();
    // The user carries on while the server is away.
    await doc.getLatest().incrementalPatch({ subscriber_phone: '0700 900900' });
    await new Promise((r) => setTimeout(r, 3000));
    await bringBack();

    await until(async () => (await db.outbox.count({ selector: { waiting: true } }).exec()) === 0, 60_000);
    const [row] = await query('select subscriber_name, subscriber_phone from share_subscriptions where id = $1', [
      doc.id,
    ]);
    expect(row).toEqual({ subscriber_name: 'During the fault', subscriber_phone: '0700 900900' });
    expect(await db.conflict_log.count().exec()).toBe(0);
  }, 120_000);
});

/** The API answers a read through PostgREST and Postgres. */
async function apiAnswers() {
  const client = createClient<Database>(stack.info.apiUrl, stack.info.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  try {
    const { error } = await client.from('share_subscriptions').select('id').limit(1).retry(false);
    return error === null;
  } catch {
    return false;
  }
}

describe('a part of the stack that dies on its own', () => {
  it.each([
    ['PostgREST', 'postgrest'],
    ['Postgres', 'postgres'],
  ] as const)(
    '%s killed with SIGKILL is restarted, logged, and the API answers again',
    async (name, part) => {
      const pid = stack.faults.pids()[part];
      expect(pid).toBeTypeOf('number');
      expect(await apiAnswers()).toBe(true);

      process.kill(pid!, 'SIGKILL'); // from outside, as the OOM killer would: nobody told the stack

      await until(async () => {
        const now = stack.faults.pids()[part];
        return now !== undefined && now !== pid && (await apiAnswers());
      }, 60_000);
      expect(stack.notices()).toEqual(
        expect.arrayContaining([`[stack] ${name} exited (signal SIGKILL); restarting`, `[stack] ${name} is back`]),
      );
    },
    90_000,
  );

  it('a part taken away on purpose stays away until it is brought back', async () => {
    const before = stack.notices().length;
    await stack.faults.killPostgrest();
    // Well past the first restart delay (0.5 s): nothing brings it back by itself.
    await new Promise((r) => setTimeout(r, 2000));
    expect(stack.faults.pids().postgrest).toBeUndefined();
    expect(await apiAnswers()).toBe(false);
    await stack.faults.startPostgrest();
    await until(apiAnswers);
    expect(stack.notices().slice(before)).toEqual([]);
  }, 60_000);
});
