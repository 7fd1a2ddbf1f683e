// The browser removes the site's IndexedDB (Safari after 7 days unused, Chromium under pressure)
// while changes wait in it: the app says they could not be kept, and never 'All changes synced'.
import { randomUUID } from 'node:crypto';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { heldOnDevice } from '../held-on-device';
import { controlledByServiceWorker, signUp, sql, test } from './fixtures';

/**
 * What the browser does when it evicts a site no tab has open (a site in use is not evicted): the
 * storage named goes. `blank` is a tab of the context on no page of the site.
 */
async function evict(context: BrowserContext, blank: Page, origin: string, storageTypes: string) {
  const cdp = await context.newCDPSession(blank);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes });
  await cdp.detach();
}

const status = (page: Page) => page.locator('header [data-sync-kind]').getByRole('status');

test('changes waiting in a database the browser removed are said lost, never synced', async ({ page, context }) => {
  test.setTimeout(180_000);
  const email = await signUp(page);
  const [user] = await sql<{ id: string }>('select id from auth.users where email = $1', [email]);
  for (const title of ['2 bed flat, Clapham', '4 bed detached house']) {
    await sql('insert into saved_properties (id, user_id, title) values ($1, $2, $3)', [randomUUID(), user!.id, title]);
  }
  await page.goto('/saved-properties');
  await controlledByServiceWorker(page);
  await expect.poll(() => heldOnDevice(page, 'saved_properties'), { timeout: 15_000 }).toBe(2);
  await expect(status(page)).toHaveText('All changes synced');

  // Offline, two removals wait on the device; then the tab closes.
  await context.setOffline(true);
  for (const title of ['2 bed flat, Clapham', '4 bed detached house']) {
    await page.getByRole('button', { name: `Remove ${title}` }).click();
  }
  await expect(page.locator('header [data-sync-kind]')).toContainText('2 changes waiting');
  // No tab of the app is left open (one on /hire would hold the database and its waiting changes).
  const origin = new URL(page.url()).origin;
  const other = await context.newPage();
  await page.close();

  // The browser evicts the site's IndexedDB (localStorage here stays). Back online, the app opens again.
  await evict(context, other, origin, 'indexeddb');
  await context.setOffline(false);
  await other.goto('/saved-properties');
  const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const sentence = `2 changes made on this device on ${today.format(new Date())} could not be kept by the browser.`;
  await expect(status(other)).toContainText(sentence, { timeout: 20_000 });
  // The server's list is back (the removals never reached it), and the header never says synced.
  await expect.poll(() => heldOnDevice(other, 'saved_properties'), { timeout: 15_000 }).toBe(2);
  await expect(status(other)).not.toContainText('All changes synced');
  const rows = await sql<{ n: number }>(
    'select count(*)::int as n from saved_properties where user_id = $1 and not _deleted',
    [user!.id],
  );
  expect(rows[0]!.n).toBe(2);

  // Sync details says why and how to keep it from happening; read, the header is plain again.
  await other.getByRole('button', { name: 'Sync details' }).click();
  const details = other.getByRole('dialog', { name: 'Sync details' });
  const notice = details.getByRole('alert');
  await expect(notice).toContainText('The browser removed this site’s stored data');
  await notice.getByRole('button', { name: 'Ask the browser to keep Chloe’s data' }).click();
  await expect(notice.getByText(/The browser (will keep|did not agree)|This browser cannot be asked/)).toBeVisible();
  await notice.getByRole('button', { name: 'I understand' }).click();
  await expect(status(other)).toHaveText('All changes synced', { timeout: 15_000 });
});

test('with localStorage removed too, nothing on the device is left to tell: it asks to sign in, and Sync details offers to keep the data', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const email = await signUp(page);
  const [user] = await sql<{ id: string }>('select id from auth.users where email = $1', [email]);
  await sql('insert into saved_properties (id, user_id, title) values ($1, $2, $3)', [
    randomUUID(),
    user!.id,
    '2 bed flat, Clapham',
  ]);
  await page.goto('/saved-properties');
  await controlledByServiceWorker(page);
  await expect.poll(() => heldOnDevice(page, 'saved_properties'), { timeout: 15_000 }).toBe(1);
  await expect(status(page)).toHaveText('All changes synced');

  // Before anything is lost, Sync details says what is at risk and asks the browser to keep it.
  await page.getByRole('button', { name: 'Sync details' }).click();
  const details = page.getByRole('dialog', { name: 'Sync details' });
  await expect(details).toContainText('Not granted');
  await expect(details).toContainText('changes waiting here are not');
  await details.getByRole('button', { name: 'Ask the browser to keep Chloe’s data' }).click();
  await expect(details.getByText(/The browser did not agree\. Installing Chloe as an app/)).toBeVisible();
  await page.keyboard.press('Escape');

  // Offline, a removal waits; the tab closes; the browser removes everything the site stored.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Remove 2 bed flat, Clapham' }).click();
  await expect(page.locator('header [data-sync-kind]')).toContainText('1 change waiting');
  const origin = new URL(page.url()).origin;
  const other = await context.newPage();
  await page.close();
  await evict(context, other, origin, 'indexeddb,local_storage');
  await context.setOffline(false);

  // The session went with localStorage: the page asks to sign in, and says nothing it cannot know.
  await other.goto('/saved-properties');
  await expect(other).toHaveURL(/\/auth\?redirect=%2Fsaved-properties$/);
  await expect(other.locator('[data-sync-kind]')).toHaveCount(0);
  // The removal never reached the server: the property is there, as the list will show it again.
  const rows = await sql<{ n: number }>(
    'select count(*)::int as n from saved_properties where user_id = $1 and not _deleted',
    [user!.id],
  );
  expect(rows[0]!.n).toBe(1);
});
