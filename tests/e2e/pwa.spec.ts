import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { controlledByServiceWorker, PASSWORD, signUp } from './fixtures';

const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((r) => r.url));
    }
    return urls;
  });

test('after one online visit every route opens offline: reload, deep links, a guarded route, the 404 page', async ({
  page,
  context,
}) => {
  const email = await signUp(page);
  await page.goto('/saved-properties');
  await expect(page.getByRole('heading', { name: 'Saved Properties', exact: true })).toBeVisible();
  await controlledByServiceWorker(page);
  // The first install is not an update: nothing to offer.
  await page.waitForTimeout(500);
  await expect(page.getByText('A new version is available')).toBeHidden();

  // The build is precached (shell and route chunks); the Supabase API never is.
  const urls = await cachedUrls(page);
  expect(urls.some((u) => new URL(u).pathname === '/index.html')).toBe(true);
  expect(urls.filter((u) => /\/assets\/.+\.js/.test(u)).length).toBeGreaterThan(3);
  expect(urls.filter((u) => /\/(rest|auth|functions)\/v1\//.test(u))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Saved Properties', exact: true })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Chloe', level: 1 })).toBeVisible();
  await page.goto('/no-such-page-offline');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();

  // A cold start: a new tab, straight to a deep link, still offline.
  const cold = await context.newPage();
  await cold.goto('/saved-properties');
  await expect(cold.getByRole('heading', { name: 'Saved Properties', exact: true })).toBeVisible();
  await expect(cold.getByTestId('offline-banner')).toBeVisible();

  await context.setOffline(false);
  await expect(cold.getByTestId('offline-banner')).toBeHidden();
  await expect(page.getByTestId('offline-banner')).toBeHidden();
});

test('signing in offline says it needs a connection instead of failing with a fetch error', async ({
  page,
  context,
}) => {
  await page.goto('/auth');
  await controlledByServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await page.getByLabel('Email').fill('someone@example.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Signing in needs an internet connection. Connect and try again.');
  await context.setOffline(false);
});

test("'Install app' where the browser offers it; 'Not now' keeps it away after a reload", async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Install app' })).toBeHidden();
  // What Chromium fires when the app is installable (a real prompt needs a user profile and a click).
  const offer = () =>
    page.evaluate(() => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {},
        userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
      });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
  expect(await offer()).toBe(true); // the browser's own mini-infobar is replaced by our button
  const bar = page.getByRole('complementary', { name: 'Install the app' });
  await expect(bar.getByRole('button', { name: 'Install app' })).toBeVisible();
  await bar.getByRole('button', { name: 'Not now' }).click();
  await expect(bar).toBeHidden();
  await page.reload();
  await offer();
  await expect(page.getByRole('button', { name: 'Install app' })).toBeHidden();
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('the manifest has every field, its icons and screenshots exist at their sizes, and Chromium finds the app installable', async ({
  page,
  request,
}) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    description: string;
    icons: { src: string; sizes: string; purpose?: string }[];
    screenshots: { src: string; sizes: string; form_factor: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Chloe — AI property assistant',
    short_name: 'Chloe',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#6128ee',
    background_color: '#f8f8fb',
  });
  expect(manifest.description).toMatch(/property assistant/);

  const icons = manifest.icons;
  expect(icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  const screenshots = manifest.screenshots;
  expect(screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
  for (const image of [...icons, ...screenshots]) {
    const file = await request.get(image.src);
    expect(file.ok(), image.src).toBe(true);
    expect(pngSize(await file.body()), image.src).toBe(image.sizes);
  }

  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');

  // Playwright's contexts are incognito, where Chromium never offers installation: ask a profile.
  const profile = await mkdtemp(path.join(os.tmpdir(), 'chloe-install-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const installed = browser.pages()[0] ?? (await browser.newPage());
    await installed.goto(`${process.env.E2E_BASE_URL}/`);
    await controlledByServiceWorker(installed);
    const cdp = await browser.newCDPSession(installed);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  }
});
