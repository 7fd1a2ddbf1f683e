import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, type Page, type Route } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { controlledByServiceWorker, PASSWORD, signUp, test } from './fixtures';

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
  // The first install is not an update: nothing to offer. An offer comes from a worker waiting, or
  // from one taking over a page another controlled; neither is there, and the page has drawn since.
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
      return { waiting: registration?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null };
    }),
  ).toEqual({ waiting: null, controlled: true });
  await expect(page.getByText('A new version is available')).toBeHidden();

  // The build is precached (shell and route chunks); the Supabase API never is.
  const urls = await cachedUrls(page);
  expect(urls.some((u) => new URL(u).pathname === '/index.html')).toBe(true);
  expect(urls.filter((u) => /\/assets\/.+\.js/.test(u)).length).toBeGreaterThan(3);
  expect(urls.filter((u) => /\/(rest|auth|functions)\/v1\//.test(u))).toEqual([]);
  // The worker's list names each file once, and not the manifest's screenshots (only a browser's
  // install offer shows them, online).
  const worker = await (await page.request.get('/sw.js')).text();
  const listed = [...worker.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]);
  expect(listed.length).toBeGreaterThan(100);
  expect(listed.length - new Set(listed).size).toBe(0);
  expect(listed.filter((u) => u?.includes('screenshot'))).toEqual([]);

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

const READY_OFFLINE = 'Ready to work offline';
const NOT_READY_OFFLINE =
  'You are offline, and this app has not finished preparing for offline use: reloading or opening pages will not work until you reconnect.';
const OFFLINE =
  'You are offline. Pages you have opened still work, and your changes are saved on this device until you reconnect.';

test("a first visit says 'Ready to work offline' once the worker has precached the app; a reload does not", async ({
  page,
}) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto('/');
  // Precaching the whole build can take a while on a busy machine.
  await expect(page.getByRole('status').filter({ hasText: READY_OFFLINE })).toBeVisible({ timeout: 30_000 });
  const note = page.getByText('This app now works without a connection on this device.');
  await expect(note).toBeVisible();
  // Not a toast over the page (it covered the wizards' Next at tablet width): a line in the flow at
  // the very end, after the footer, so it covers no control and moves nothing when it comes.
  await expect(note).toHaveCSS('position', 'static');
  const [noteBox, footerBox] = await Promise.all([note, page.getByRole('contentinfo')].map((l) => l.boundingBox()));
  expect(noteBox!.y).toBeGreaterThanOrEqual(footerBox!.y + footerBox!.height - 1);
  await expect(page.locator('[data-scope="toast"][data-part="root"]')).toHaveCount(0);
  await controlledByServiceWorker(page);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Chloe', level: 1 })).toBeVisible();
  await controlledByServiceWorker(page);
  // The reload has decided it is ready (the note is said only as it decides so, on a first visit).
  await expect(page.locator('html[data-offline="ready"]')).toHaveCount(1);
  await expect(page.getByText(READY_OFFLINE)).toBeHidden();
});

test('offline before the first visit has precached: the banner says offline use is not ready yet; back online it finishes', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  // Hold back the worker's precache requests (it makes them one by one): its install cannot finish.
  // Its own script is fetched in its name too; that one must pass, or the worker never starts.
  const held: Route[] = [];
  let holding = true;
  await context.route('**/*', async (route) => {
    const request = route.request();
    if (holding && request.serviceWorker() && new URL(request.url()).pathname !== '/sw.js') held.push(route);
    else await route.fallback();
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect.poll(() => held.length).toBeGreaterThan(0);

  // Online and still preparing: no banner.
  await expect(page.getByTestId('offline-banner')).toBeHidden();
  await context.setOffline(true);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveText(NOT_READY_OFFLINE);
  await expect(page.getByRole('status').filter({ hasText: NOT_READY_OFFLINE })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expect(page.getByText(READY_OFFLINE)).toBeHidden();

  // The connection is gone, so the held request fails and with it the install.
  holding = false;
  for (const route of held) await route.abort('internetdisconnected');
  // The install has failed: no worker installing, none active.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.installing == null && registration?.active == null;
      }),
    )
    .toBe(true);
  await expect(page.locator('html[data-offline="preparing"]')).toHaveCount(1);
  await expect(banner).toHaveText(NOT_READY_OFFLINE);

  // Back online: the app prepares again (no reload needed) and says when it is done.
  await context.setOffline(false);
  await expect(banner).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: READY_OFFLINE })).toBeVisible({ timeout: 30_000 });
  await controlledByServiceWorker(page);

  await context.setOffline(true);
  await expect(banner).toHaveText(OFFLINE);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Chloe', level: 1 })).toBeVisible();
  await expect(banner).toHaveText(OFFLINE);
  await context.setOffline(false);
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
