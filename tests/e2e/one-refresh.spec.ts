// One browser, one refresh: tabs whose token expires together share the refresh one of them makes
// (auth-js's lock across tabs, and the answer kept for the tab that still reads the old token:
// lib/refresh-once.ts), instead of each sending the same refresh token at once.
import { expect, type Page } from '@playwright/test';
import { signUp, test } from './fixtures';

const TABS = 5;

/** The access token this browser keeps (every tab shares localStorage). */
const storedToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k));
    const raw = key ? localStorage.getItem(key) : null;
    return raw ? (JSON.parse(raw) as { access_token: string }).access_token : null;
  });

/** How many refresh answers this browser keeps on the device (lib/refresh-once.ts). */
const keptAnswers = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('chloe-refresh-answers');
        // Not made yet: made by this look it would have no store, so it is not made.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () =>
          open.error?.name === 'AbortError' ? resolve(0) : reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('answers')) return resolve(0);
          const count = db.transaction('answers').objectStore('answers').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error ?? new Error('IndexedDB count failed'));
        };
      }),
  );

/** No tab holds or waits for the auth lock: every tab has settled what the expiry asked of it. */
const authLocksSettled = (page: Page) =>
  page.evaluate(async () => {
    const { held = [], pending = [] } = await navigator.locks.query();
    return [...held, ...pending].filter((lock) => lock.name?.includes('auth-token')).length === 0;
  });

test(`${TABS} tabs whose token expires together refresh it once`, async ({ context, page }) => {
  await context.clock.install();
  await signUp(page);
  const tabs = [page];
  for (let n = 1; n < TABS; n++) {
    const tab = await context.newPage();
    await tab.goto('/dashboard');
    await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
    tabs.push(tab);
  }
  const before = await storedToken(page);
  expect(before).not.toBeNull();

  const refreshes: string[] = [];
  context.on('request', (request) => {
    // The page's own requests (the service worker's copy of one, where it fetches it, is the same).
    if (!request.serviceWorker() && request.url().includes('grant_type=refresh_token')) refreshes.push(request.url());
  });
  // An hour and five minutes on: every tab's auto-refresh finds its token expired at once.
  await context.clock.fastForward('01:05:00');

  await expect.poll(() => storedToken(page), { timeout: 20_000 }).not.toBe(before);
  for (const tab of tabs) await expect.poll(() => authLocksSettled(tab), { timeout: 20_000 }).toBe(true);
  expect(refreshes, 'refresh requests').toHaveLength(1);

  // Every tab goes on with the new token, still signed in.
  const after = await storedToken(page);
  for (const tab of tabs) {
    expect(await storedToken(tab)).toBe(after);
    await expect(tab.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  }

  // The answer is kept for a tab that reads the old token late, and goes at sign-out (it holds the session).
  expect(await keptAnswers(page)).toBe(1);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => keptAnswers(page)).toBe(0);
});
