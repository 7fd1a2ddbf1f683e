import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openUserDatabase, type UserDatabase } from './database';
import {
  countWaiting,
  keepCopy,
  putWaiting,
  readCopy,
  readWaiting,
  removeWaiting,
  watchWaiting,
  watchWaitingCount,
} from './on-device';
import { pendingChanges } from './user-data-lifecycle';

// Online-only data kept in the user's own database (local documents): copies to read offline and
// changes waiting to be sent. Each test is a device of its own (a fake IndexedDB).
const open: UserDatabase[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) if (!db.closed) await db.close();
});

async function device(name = `t${crypto.randomUUID().slice(0, 8)}`, factory = new IDBFactory()) {
  const storage = getRxStorageDexie({ indexedDB: factory, IDBKeyRange }) as RxStorage<unknown, unknown>;
  const local = await openUserDatabase({ name, storage, multiInstance: false });
  open.push(local.db);
  return { db: local.db, local, name, factory };
}

describe('copies of what was loaded', () => {
  it('keeps the last answer with when it was loaded, and survives the database being opened again', async () => {
    const { db, name, factory } = await device();
    expect(await readCopy(db, 'gmail_accounts')).toBeNull();
    await keepCopy(db, 'gmail_accounts', [{ id: 'a1', email_address: 'me@gmail.test' }], 1_700_000_000_000);
    await keepCopy(db, 'email_logs', [], 1_700_000_000_001);
    expect(await readCopy(db, 'gmail_accounts')).toEqual({
      value: [{ id: 'a1', email_address: 'me@gmail.test' }],
      loadedAt: 1_700_000_000_000,
    });
    // A newer answer replaces the older one.
    await keepCopy(db, 'gmail_accounts', [], 1_700_000_000_500);
    await db.close();
    const again = await device(name, factory);
    expect(await readCopy(again.db, 'gmail_accounts')).toEqual({ value: [], loadedAt: 1_700_000_000_500 });
    expect(await readCopy(again.db, 'email_logs')).toEqual({ value: [], loadedAt: 1_700_000_000_001 });
  });
});

describe('changes waiting to be sent', () => {
  it('are counted by sign-out, told to watchers, and removed only when the one sent is still the one waiting', async () => {
    const { db, local } = await device();
    const seen: unknown[] = [];
    const stop = watchWaiting(db, 'auto_reply_settings', (w) => seen.push(w));
    // What a signed-out page says waits (lib/changes-waiting) counts them too.
    const counts: number[] = [];
    const stopCount = watchWaitingCount(db, (n) => counts.push(n));
    expect(await countWaiting(db)).toBe(0);

    await putWaiting(db, 'auto_reply_settings', { change: { enabled: false }, since: 1, refusal: null });
    expect(await countWaiting(db)).toBe(1);
    // Sign-out's question counts them with the synced changes.
    expect(await pendingChanges(local as unknown as Parameters<typeof pendingChanges>[0])).toBe(1);

    // A newer edit came while the first was on its way: removing the first leaves the newer one.
    await putWaiting(db, 'auto_reply_settings', {
      change: { enabled: true, demo_link: 'https://x.test' },
      since: 2,
      refusal: null,
    });
    await removeWaiting(db, 'auto_reply_settings', 1);
    expect(await readWaiting(db, 'auto_reply_settings')).toEqual({
      change: { enabled: true, demo_link: 'https://x.test' },
      since: 2,
      refusal: null,
    });
    await removeWaiting(db, 'auto_reply_settings', 2);
    expect(await readWaiting(db, 'auto_reply_settings')).toBeNull();
    expect(await countWaiting(db)).toBe(0);

    // The watchers are told each change, the last one too: nothing waits.
    await vi.waitFor(() => {
      expect(counts[0]).toBe(0);
      expect(counts).toContain(1);
      expect(counts.at(-1)).toBe(0);
      expect(seen[0]).toBeNull();
      expect(seen).toContainEqual({ change: { enabled: false }, since: 1, refusal: null });
      expect(seen.at(-1)).toBeNull();
    });
    stop();
    stopCount();
  });

  it('go with the database when the user signs out (db.remove())', async () => {
    const { db, name, factory } = await device();
    await putWaiting(db, 'auto_reply_settings', { change: { enabled: false }, since: 1, refusal: null });
    await keepCopy(db, 'email_logs', [{ id: 'l1' }]);
    await db.remove();
    const next = await device(name, factory);
    expect(await readWaiting(next.db, 'auto_reply_settings')).toBeNull();
    expect(await readCopy(next.db, 'email_logs')).toBeNull();
  });
});
