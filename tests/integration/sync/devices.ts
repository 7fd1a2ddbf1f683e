// Shared by the replication tests (replication-*.test.ts): simulated devices running the app's own
// RxDB databases and sync engine against the local stack.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RxStorage, RxStorageInstance, RxStorageInstanceCreationParams } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { vi } from 'vitest';
import WebSocket from 'ws';
import { openUserDatabase, type AssessmentDatabase, type UserDatabase } from '../../../src/data/database';
import type { Database } from '../../../src/generated/database.types';
import { startSync, type SyncEngine } from '../../../src/sync/engine';
import type { Outbox } from '../../../src/sync/outbox';
import { userSyncTables } from '../../../src/data/synced-tables';
import { freePort } from '../../../supabase/local/stack/process.mjs';
import { newUser, stack } from '../fixtures';

// Simulated devices: each has its own fake IndexedDB, its own RxDB database and its own supabase-js
// client, whose requests can be pointed at a dead port to take the device "offline".
export interface Device {
  db: UserDatabase | AssessmentDatabase;
  engine: SyncEngine;
  client: SupabaseClient<Database>;
  setOnline(online: boolean): void;
  /** The next `n` pushes reach the server (and commit) but their answers are lost. */
  dropAnswers(n?: number): void;
}

// Closed after each test: RxDB's open-source build allows at most 13 open collections.
export const devices: Device[] = [];

/** Stops and closes every device made since the last call (each test file calls it after each test). */
export async function closeDevices() {
  for (const d of devices.splice(0)) {
    await d.engine.stop();
    if (!d.db.closed) await d.db.close();
  }
}

export type Rewrite = (url: string, init: RequestInit | undefined) => RequestInit | undefined;

/**
 * A device's network: `setOnline(false)` sends its requests to a dead port; `rewrite` edits them;
 * `dropAnswers(n)` lets the next n pushes reach the server and loses their answers (as a
 * connection reset after the commit does).
 */
export async function deviceNetwork(rewrite?: Rewrite) {
  const dead = `http://127.0.0.1:${await freePort()}`;
  let online = true;
  let drops = 0;
  const options = {
    global: {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        const response = await fetch(
          online ? url : url.replace(stack().apiUrl, dead),
          rewrite ? rewrite(url, init) : init,
        );
        if (drops > 0 && url.includes('/rpc/sync_push')) {
          drops -= 1;
          await response.arrayBuffer();
          throw new TypeError('fetch failed');
        }
        return response;
      },
    },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  };
  return { options, setOnline: (v: boolean) => (online = v), dropAnswers: (n = 1) => (drops = n) };
}

export async function deviceClient(rewrite?: Rewrite) {
  const { options, setOnline, dropAnswers } = await deviceNetwork(rewrite);
  const client = createClient<Database>(stack().apiUrl, stack().anonKey, {
    ...options,
    auth: { persistSession: false, autoRefreshToken: false },
  });
  return { client, setOnline, dropAnswers };
}

export const storage = () =>
  getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }) as RxStorage<unknown, unknown>;

/** A device's storage whose instances `fault` changes as they are made: a fault at the storage boundary. */
function storageWith(
  fault: <D>(
    instance: RxStorageInstance<D, unknown, unknown>,
    params: RxStorageInstanceCreationParams<D, unknown>,
  ) => void,
) {
  const inner = storage();
  const wrapped = Object.create(inner) as RxStorage<unknown, unknown>;
  wrapped.createStorageInstance = async (params) => {
    const instance = await inner.createStorageInstance(params);
    fault(instance, params);
    return instance;
  };
  return wrapped;
}

/**
 * A device's storage that, while `losing`, loses RxDB's record of what a pull brought (the write it
 * makes after storing the pulled documents): as when the page goes between the two writes.
 */
export function storageLosingPullRecords() {
  // `outboxDelayMs`: the outbox's writes land this much later, as on a busy device.
  const faults = { losing: false, outboxDelayMs: 0 };
  const wrapped = storageWith((instance, params) => {
    const bulkWrite = instance.bulkWrite.bind(instance);
    instance.bulkWrite = async (rows, context) => {
      if (faults.losing && context === 'replication-down-write-meta') return { error: [] };
      const delay = params.collectionName === 'outbox' ? faults.outboxDelayMs : 0;
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      return bulkWrite(rows, context);
    };
  });
  return { storage: wrapped, faults };
}

/**
 * A device's storage that hands each read of stored documents to `faults.afterRead` before
 * answering it: a write made there lands just after the read, as a user's write can.
 */
export function storageInterleavingReads() {
  const faults: { afterRead?: ((collection: string, ids: readonly string[]) => Promise<void>) | undefined } = {};
  const wrapped = storageWith((instance, params) => {
    const find = instance.findDocumentsById.bind(instance);
    instance.findDocumentsById = async (ids, withDeleted) => {
      const found = await find(ids, withDeleted);
      await faults.afterRead?.(params.collectionName, ids);
      return found;
    };
  });
  return { storage: wrapped, faults };
}

export async function userDevice(
  email: string,
  password: string,
  userId: string,
  rewrite?: Rewrite,
  deviceStorage = storage(),
): Promise<Device & { db: UserDatabase; outbox: Outbox }> {
  const { client, setOnline, dropAnswers } = await deviceClient(rewrite);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  const local = await openUserDatabase({
    name: `dev${crypto.randomUUID().slice(0, 8)}`,
    storage: deviceStorage,
    multiInstance: false,
  });
  const { db } = local;
  const engine = startSync({
    local,
    client,
    identifier: userId,
    listen: false,
    tables: userSyncTables(local),
  });
  const device = { db, engine, client, setOnline, dropAnswers, outbox: local.outbox };
  devices.push(device);
  return device;
}

export async function inSync(...ds: Device[]) {
  for (const d of ds) {
    d.engine.reSync();
    await d.engine.awaitInSync();
  }
}

/** `fn()` once `ok` holds for it: vitest's waitFor, asked every 100 ms; a timeout names the last value. */
export const until = <T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeout = 15_000): Promise<T> =>
  vi.waitFor(
    async () => {
      const v = await fn();
      if (!ok(v)) throw new Error(`not yet; last value ${JSON.stringify(v)}`);
      return v;
    },
    { timeout, interval: 100 },
  );

/** A listing saved as the extension saves one (extension/src/saves.ts), then pulled by `device`. */
export async function savedListing(u: Awaited<ReturnType<typeof newUser>>, device: Device) {
  const id = crypto.randomUUID();
  const { error } = await u.client
    .from('saved_properties')
    .insert({ id, user_id: u.user.id, title: '2 bed flat', price: 400_000, key_features: ['Garden'] });
  if (error) throw error;
  await inSync(device);
  return id;
}
