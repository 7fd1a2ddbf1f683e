// A device's local data for component tests: the app's own RxDB databases over a fake IndexedDB,
// with no replication (a test writes "pulled" changes straight into the database, as a pull does).
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { RxCollection, RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { BehaviorSubject } from 'rxjs';
import { createClient } from '@supabase/supabase-js';
import { cleanup } from '@testing-library/react';
import type { AssessmentData } from '../data/assessment-data';
import type { DatabaseClient } from '../sync/client';
import type { Database } from '../generated/database.types';
import { openAssessmentDatabase, openUserDatabase } from '../data/database';
import type { SyncEngine } from '../sync/engine';
import type { SyncDoc } from '../sync/rows';
import { IDLE_INPUTS } from '../sync/status';
import type { UserData } from '../data/user-data';

const storage = () => getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }) as RxStorage<unknown, unknown>;

const idleEngine = (): SyncEngine => ({
  inputs$: new BehaviorSubject(IDLE_INPUTS),
  replications: [],
  reSync: () => undefined,
  awaitInSync: () => Promise.resolve(),
  awaitInitialSync: () => Promise.resolve(),
  exportUnsynced: () => Promise.resolve('{}'),
  conflictLog: { toReview$: () => new BehaviorSubject([]), review: () => Promise.resolve() },
  pageGoingPush: () => false,
  pushUnstored: () => false,
  stop: () => Promise.resolve(),
});

const closers: (() => Promise<unknown>)[] = [];

/** Closes every database opened since the last call (call it after each test), once what the
 * test rendered is gone: a form unmounted then writes what it still held, as on leaving a page. */
export async function closeLocalData() {
  cleanup();
  for (const close of closers.splice(0)) await close();
}

export async function localUserData(userId = crypto.randomUUID()): Promise<UserData> {
  const local = await openUserDatabase({
    name: `u${crypto.randomUUID().slice(0, 8)}`,
    storage: storage(),
    multiInstance: false,
  });
  closers.push(async () => {
    await local.writes.idle();
    await local.db.close();
  });
  return { userId, ...local, engine: idleEngine() };
}

/** Records the app's writes of `data`'s synced collections in its outbox, as a started engine does. */
export function trackWrites(data: Pick<UserData, 'db' | 'outbox'> | Pick<AssessmentData, 'db' | 'outbox'>) {
  // Each collection keeps its own document type; recording needs only their common part.
  const collections = data.db.collections as unknown as Record<string, RxCollection<SyncDoc>>;
  for (const [name, collection] of Object.entries(collections)) {
    if (name !== 'outbox' && name !== 'conflict_log') data.outbox.track(collection);
  }
}

export async function localAssessmentData(token = 'T'.repeat(32)): Promise<AssessmentData> {
  const local = await openAssessmentDatabase({
    name: `a${crypto.randomUUID().slice(0, 8)}`,
    storage: storage(),
    multiInstance: false,
  });
  closers.push(async () => {
    await local.writes.idle();
    await local.db.close();
  });
  // Nothing listens there: a call the page makes (e.g. assessment_link_state) fails as offline.
  const client: DatabaseClient = createClient<Database>('http://127.0.0.1:9', 'no-key', {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  return { token, ...local, engine: idleEngine(), client, stopTakingIn: () => undefined };
}
