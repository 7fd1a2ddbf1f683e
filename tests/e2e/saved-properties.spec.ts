import { expect, type Page } from '@playwright/test';
import { heldOnDevice } from '../held-on-device';
import { controlledByServiceWorker, newEmail, PASSWORD, signUp, test } from './fixtures';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';

const SCREENSHOT = process.env.E2E_SCREENSHOT_DIR ?? '/tmp';

const PROPERTIES = [
  {
    title: '2 bed flat, Clapham',
    address: '7 Northcote Road, London SW11 1NP',
    price: 525000,
    bedrooms: 2,
    property_type: 'Flat',
    key_features: ['Balcony', 'Lift', 'Share of freehold'],
    agent_name: 'Priya Shah',
    agency_name: 'Haus & Haus',
  },
  {
    title: '4 bed detached house',
    address: '3 Mill Lane, Harrogate HG1 2AB',
    price: 850000,
    bedrooms: 4,
    property_type: 'Detached',
    key_features: ['Double garage', 'South-facing garden'],
    agent_name: 'Tom Hughes',
    agency_name: 'Winkworths',
  },
  {
    title: '3 bed terraced house',
    address: '12 Acacia Avenue, Leeds LS6 2AB',
    price: 450000,
    bedrooms: 3,
    property_type: 'Terraced',
    key_features: ['Garden', 'Off-street parking'],
    agent_name: 'Sam Patel',
    agency_name: 'Yopa',
  },
];

/** Saves properties the way the browser extension does: the user's own session, one insert each. */
async function saveAsExtension(email: string, properties: typeof PROPERTIES) {
  const client = createClient(process.env.E2E_API_URL!, process.env.E2E_ANON_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket; supabase-js builds its (unused) realtime client anyway.
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  const userId = data.user.id;
  const ids: string[] = [];
  for (const property of properties) {
    const id = crypto.randomUUID();
    // One request each, like the extension: each row gets its own created_at.
    const { error: insertError } = await client.from('saved_properties').insert({ id, user_id: userId, ...property });
    if (insertError) throw insertError;
    ids.push(id);
  }
  await client.auth.signOut();
  return { userId, ids };
}

async function deletedFlags(ids: string[]) {
  const db = new pg.Client({ connectionString: process.env.E2E_DB_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string; _deleted: boolean }>(
      'select id, _deleted from public.saved_properties where id = any($1::uuid[])',
      [ids],
    );
    return Object.fromEntries(rows.map((r) => [r.id, r._deleted]));
  } finally {
    await db.end();
  }
}

/** Records in every IndexedDB store of this user's local database (RxDB on Dexie: one IDB database per store). */
function localRecords(page: Page, userId: string) {
  return page.evaluate(async (userId) => {
    const open = (name: string) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
      });
    const count = (store: IDBObjectStore) =>
      new Promise<number>((resolve, reject) => {
        const request = store.count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
      });
    let total = 0;
    for (const { name } of await indexedDB.databases()) {
      if (!name?.includes(userId)) continue;
      const db = await open(name);
      const stores = [...db.objectStoreNames];
      if (stores.length) {
        const tx = db.transaction(stores, 'readonly');
        for (const store of stores) total += await count(tx.objectStore(store));
      }
      db.close();
    }
    return total;
  }, userId);
}

const cardTitles = (page: Page) =>
  page.getByRole('list', { name: 'Saved properties' }).getByRole('heading', { level: 2 }).allTextContents();

test('saved properties from the extension: listed newest first, removed with the removal synced', async ({ page }) => {
  const email = newEmail();
  await signUp(page, email);
  const { ids } = await saveAsExtension(email, PROPERTIES);

  // A fresh load pulls at start.
  await page.goto('/saved-properties');
  await expect(page.getByRole('heading', { name: 'Saved Properties', level: 1 })).toBeVisible();
  await expect
    .poll(() => cardTitles(page))
    .toEqual(['3 bed terraced house', '4 bed detached house', '2 bed flat, Clapham']);
  await expect(page.getByRole('status').filter({ hasText: 'All changes synced' })).toBeVisible();

  const terraced = page.getByRole('region', { name: '3 bed terraced house' });
  await expect(terraced).toContainText('£450,000');
  await expect(terraced).toContainText('12 Acacia Avenue, Leeds LS6 2AB');
  await expect(terraced).toContainText('3 bedrooms');
  await expect(terraced).toContainText('Terraced');
  await expect(terraced).toContainText('Off-street parking');
  await expect(terraced).toContainText('Sam Patel');
  await expect(terraced).toContainText('Yopa');
  await expect(page.getByRole('region', { name: '4 bed detached house' })).toContainText('£850,000');
  await expect(page.getByRole('region', { name: '2 bed flat, Clapham' })).toContainText('£525,000');
  await page.screenshot({ path: `${SCREENSHOT}/saved-properties.png`, fullPage: true });

  await page.getByRole('button', { name: 'Remove 4 bed detached house' }).click();
  await expect(page.getByText('Property removed')).toBeVisible();
  await expect.poll(() => cardTitles(page)).toEqual(['3 bed terraced house', '2 bed flat, Clapham']);

  // The removal reaches Postgres as a soft delete; the others stay.
  await expect
    .poll(() => deletedFlags(ids), { timeout: 15_000 })
    .toEqual({ [ids[0]!]: false, [ids[1]!]: true, [ids[2]!]: false });
  await expect(page.getByRole('status').filter({ hasText: 'All changes synced' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'waiting' })).toHaveCount(0);

  // Still there after a reload, read from the local database.
  await page.reload();
  await expect.poll(() => cardTitles(page)).toEqual(['3 bed terraced house', '2 bed flat, Clapham']);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOT}/saved-properties-mobile.png`, fullPage: true });
});

test('Undo in the removal toast brings the property back, here and in Postgres, after the removal synced', async ({
  page,
}) => {
  const email = await signUp(page);
  const { ids } = await saveAsExtension(email, PROPERTIES.slice(0, 2));
  await page.goto('/saved-properties');
  await expect.poll(() => cardTitles(page)).toEqual(['4 bed detached house', '2 bed flat, Clapham']);

  await page.getByRole('button', { name: 'Remove 2 bed flat, Clapham' }).click();
  const undo = page.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeVisible();
  await undo.hover(); // a pointer over the toasts pauses them while the removal syncs
  await expect.poll(() => cardTitles(page)).toEqual(['4 bed detached house']);
  await expect.poll(() => deletedFlags(ids), { timeout: 15_000 }).toEqual({ [ids[0]!]: true, [ids[1]!]: false });

  await undo.click();
  await expect.poll(() => cardTitles(page)).toEqual(['4 bed detached house', '2 bed flat, Clapham']);
  await expect(page.getByRole('region', { name: '2 bed flat, Clapham' })).toContainText('Share of freehold');
  // The same row, un-deleted: no copy with a new id.
  await expect.poll(() => deletedFlags(ids), { timeout: 15_000 }).toEqual({ [ids[0]!]: false, [ids[1]!]: false });
  await page.reload();
  await expect.poll(() => cardTitles(page)).toEqual(['4 bed detached house', '2 bed flat, Clapham']);
});

test('with no saved properties the empty state explains the extension and links to /extension-auth', async ({
  page,
}) => {
  await signUp(page, newEmail());
  await page.goto('/saved-properties');
  await expect(page.getByRole('heading', { name: 'No saved properties yet' })).toBeVisible();
  await expect(page.getByText(/save with the Chloe browser extension/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Connect the browser extension' })).toHaveAttribute(
    'href',
    '/extension-auth',
  );
  await expect(page.getByRole('status').filter({ hasText: 'All changes synced' })).toBeVisible();
});

test('offline: the change waits, sign-out asks first, and signing out removes the local data', async ({
  page,
  context,
}) => {
  const email = newEmail();
  await signUp(page, email);
  await controlledByServiceWorker(page);
  const { userId, ids } = await saveAsExtension(email, PROPERTIES.slice(0, 1));
  await page.goto('/saved-properties');
  await expect.poll(() => cardTitles(page)).toEqual(['2 bed flat, Clapham']);
  await expect(page.getByRole('status').filter({ hasText: 'All changes synced' })).toBeVisible();
  // Opened straight after signing up, the device may list the server's copy while it pulls its
  // own (ADR 029): the removal below is of its own.
  await expect.poll(() => heldOnDevice(page, 'saved_properties'), { timeout: 15_000 }).toBe(1);

  await context.setOffline(true);
  await expect(
    page.getByRole('status').filter({ hasText: 'Offline — changes will sync when you reconnect' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Remove 2 bed flat, Clapham' }).click();
  await expect(page.getByRole('heading', { name: 'No saved properties yet' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '1 change waiting' })).toBeVisible();

  // Sign-out asks, with focus on the safe answer; keeping working changes nothing.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Unsynced changes' });
  await expect(dialog).toContainText(
    '1 change on this device has not synced yet. If you sign out now it will be lost.',
  );
  await expect(dialog.getByRole('button', { name: 'Keep working' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Keep working' }).click();
  await expect(dialog).toBeHidden();

  // Back online, the removal syncs.
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'All changes synced' })).toBeVisible();
  await expect.poll(() => deletedFlags(ids), { timeout: 15_000 }).toEqual({ [ids[0]!]: true });

  expect(await localRecords(page, userId)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // Nothing of that user is left on the device for the next person.
  await expect.poll(() => localRecords(page, userId)).toBe(0);
});

test('two tabs of one user: one leader replicates, and a removal made in the other tab still syncs', async ({
  page,
  context,
}) => {
  const email = await signUp(page);
  const { ids } = await saveAsExtension(email, PROPERTIES.slice(0, 2));
  const calls = new Map<Page, number>();
  const track = (p: Page) =>
    p.on('request', (r) => {
      if (/\/rest\/v1\/rpc\/sync_(pull|push)/.test(r.url())) calls.set(p, (calls.get(p) ?? 0) + 1);
    });
  track(page);
  await page.goto('/saved-properties');
  await expect.poll(() => cardTitles(page)).toHaveLength(2);
  const second = await context.newPage();
  track(second);
  await second.goto('/saved-properties');
  // The second tab reads what the first one pulled: the local database is shared.
  await expect.poll(() => cardTitles(second)).toHaveLength(2);

  // Focus asks every tab to re-sync; only the leader sends requests.
  calls.clear();
  for (const p of [page, second]) await p.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(() => (calls.get(page) ?? 0) + (calls.get(second) ?? 0)).toBeGreaterThan(0);
  const [first, other] = [calls.get(page) ?? 0, calls.get(second) ?? 0];
  expect([first, other].filter((n) => n > 0)).toHaveLength(1);

  // The other tab's removal syncs through the leader; the follower has sent nothing since the
  // focus, however long its own re-sync took to decide.
  const follower = first > 0 ? second : page;
  await follower.getByRole('button', { name: `Remove ${PROPERTIES[0]!.title}` }).click();
  await expect.poll(() => deletedFlags(ids), { timeout: 15_000 }).toEqual({ [ids[0]!]: true, [ids[1]!]: false });
  await expect(follower.getByRole('status').filter({ hasText: 'All changes synced' })).toBeVisible();
  expect(calls.get(follower) ?? 0).toBe(0);
});
