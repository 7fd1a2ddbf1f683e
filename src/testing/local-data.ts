// A device's local data for component tests: the app's own RxDB databases over a fake IndexedDB,
// with no replication (a test writes "pulled" changes straight into the database, as a pull does).
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { BehaviorSubject } from 'rxjs';
import { createClient } from '@supabase/supabase-js';
import type { AssessmentData } from '../data/assessment-data';
import type { DatabaseClient } from '../data/client';
import type { Database } from '../data/database.types';
import { openAssessmentDatabase, openUserDatabase } from '../data/database';
import type { SyncEngine } from '../data/sync-engine';
import { IDLE_INPUTS } from '../data/sync-status';
import type { UserData } from '../data/user-data';

const storage = () => getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }) as RxStorage<unknown, unknown>;

const idleEngine = (): SyncEngine => ({
  inputs$: new BehaviorSubject(IDLE_INPUTS),
  replications: [],
  reSync: () => undefined,
  awaitInSync: () => Promise.resolve(),
  awaitInitialSync: () => Promise.resolve(),
  exportUnsynced: () => Promise.resolve('{}'),
  stop: () => Promise.resolve(),
});

const closers: (() => Promise<unknown>)[] = [];

/** Closes every database opened since the last call (call it after each test). */
export async function closeLocalData() {
  for (const close of closers.splice(0)) await close();
}

export async function localUserData(userId = crypto.randomUUID()): Promise<UserData> {
  const db = await openUserDatabase({
    name: `u${crypto.randomUUID().slice(0, 8)}`,
    storage: storage(),
    multiInstance: false,
  });
  closers.push(() => db.close());
  return { userId, db, engine: idleEngine() };
}

export async function localAssessmentData(token = 'T'.repeat(32)): Promise<AssessmentData> {
  const db = await openAssessmentDatabase({
    name: `a${crypto.randomUUID().slice(0, 8)}`,
    storage: storage(),
    multiInstance: false,
  });
  closers.push(() => db.close());
  // Nothing listens there: a call the page makes (e.g. assessment_link_state) fails as offline.
  const client: DatabaseClient = createClient<Database>('http://127.0.0.1:9', 'no-key', {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  return { token, db, engine: idleEngine(), client };
}
