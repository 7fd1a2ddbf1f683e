// The browser extension in Chromium, as a person uses it: the unpacked build (npm run
// build:extension, made here for this app and an API in front of the test stack) in a persistent
// profile; signed in through /extension-auth; listings opened at their Rightmove and Zoopla
// addresses (this network reaches neither: the fixture pages the parser tests read are served in
// their place); saved from the popup; found on /saved-properties. And the offline case: the API
// down, the save kept through a browser restart, sent when the API is back.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { EXTENSION_PUBLIC_KEY, extensionIdOf } from '../../extension/manifest.mjs';
import { buildExtension } from '../../scripts/build-extension.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { startApiProxy, type ApiProxy } from './api-proxy';
import { axeProblems, layoutProblem } from './checks';
import { signUp, sql, test } from './fixtures';

const ID = extensionIdOf(EXTENSION_PUBLIC_KEY);
const POPUP = `chrome-extension://${ID}/popup/popup.html`;
const FIXTURES = path.resolve(import.meta.dirname, '../../extension/src/listing/fixtures');

const RIGHTMOVE = 'https://www.rightmove.co.uk/properties/148213977';
const RIGHTMOVE_NO_PRICE = 'https://www.rightmove.co.uk/properties/150001234';
const RIGHTMOVE_REMOVED = 'https://www.rightmove.co.uk/properties/111';
const RIGHTMOVE_NO_ADDRESS = 'https://www.rightmove.co.uk/properties/160000001';
const ZOOPLA = 'https://www.zoopla.co.uk/for-sale/details/66123456/';
const ZOOPLA_NO_PRICE = 'https://www.zoopla.co.uk/for-sale/details/67000001/';
const ZOOPLA_SEARCH = 'https://www.zoopla.co.uk/for-sale/property/london/';

/** A listing page whose page model has a title and nothing else: not enough to save. */
const NO_ADDRESS_PAGE = `<!doctype html><html lang="en-GB"><head><title>Rightmove</title><script>
window.PAGE_MODEL = {"propertyData":{"id":"160000001","text":{"propertyPhrase":"2 bedroom flat for sale"},"bedrooms":2}};
</script></head><body><main><h2>2 bedroom flat for sale</h2></main></body></html>`;

async function portalPages(): Promise<Record<string, string>> {
  const fixture = (name: string) => readFile(path.join(FIXTURES, `${name}.html`), 'utf8');
  return {
    [RIGHTMOVE]: await fixture('rightmove-page-model'),
    [RIGHTMOVE_NO_PRICE]: await fixture('rightmove-no-price'),
    [RIGHTMOVE_REMOVED]: await fixture('rightmove-removed'),
    [RIGHTMOVE_NO_ADDRESS]: NO_ADDRESS_PAGE,
    [ZOOPLA]: await fixture('zoopla-next-data'),
    [ZOOPLA_NO_PRICE]: await fixture('zoopla-no-price'),
    [ZOOPLA_SEARCH]: await fixture('zoopla-search'),
  };
}

let proxy: ApiProxy;
let extensionDir: string;
let pages: Record<string, string>;
const profiles: string[] = [];

test.beforeAll(async () => {
  // The API as the extension sees it goes through a proxy a test can take down.
  proxy = await startApiProxy(process.env.E2E_API_URL!);
  extensionDir = await mkdtemp(path.join(os.tmpdir(), 'chloe-extension-'));
  const built = await buildExtension(
    {
      ...process.env,
      EXTENSION_APP_URL: process.env.E2E_BASE_URL,
      VITE_SUPABASE_URL: proxy.url,
      VITE_SUPABASE_ANON_KEY: process.env.E2E_ANON_KEY,
      EXTENSION_OUT_DIR: extensionDir,
    },
    { quiet: true },
  );
  expect(built.id).toBe(ID);
  pages = await portalPages();
});

test.afterAll(async () => {
  await proxy?.stop();
  for (const dir of [extensionDir, `${extensionDir}.zip`, ...profiles]) {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
});

async function newProfile() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chloe-profile-'));
  profiles.push(dir);
  return dir;
}

/** Chromium with the extension, on `profile`; the extension's service worker. */
async function launch(profile: string): Promise<{ context: BrowserContext; worker: Worker }> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    // Extensions need the new headless mode, asked for by flag.
    headless: false,
    baseURL: process.env.E2E_BASE_URL,
    args: [
      ...CHROMIUM_ARGS.filter((arg) => arg !== '--headless'),
      '--headless=new',
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
    ],
  });
  try {
    await context.route(/^https:\/\/www\.(rightmove|zoopla)\.co\.uk\//, (route) => {
      const body = pages[route.request().url()];
      return body === undefined
        ? route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' })
        : route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body });
    });
    const ours = (w: Worker) => w.url().startsWith(`chrome-extension://${ID}/`);
    const worker =
      context.serviceWorkers().find(ours) ?? (await context.waitForEvent('serviceworker', { predicate: ours }));
    return { context, worker };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** The toolbar popup, opened as a page (a test cannot click the toolbar); it reads the last listing tab used. */
async function openPopup(context: BrowserContext) {
  const popup = await context.newPage();
  await popup.goto(POPUP);
  return popup;
}

/** Opens `url` in a tab, as the person browsing does, then the popup. */
async function popupOn(context: BrowserContext, url: string) {
  const tab = await context.newPage();
  await tab.goto(url);
  await tab.bringToFront();
  const popup = await openPopup(context);
  return { tab, popup };
}

const badge = (worker: Worker) => worker.evaluate(() => chrome.action.getBadgeText({}));

/** The popup fits its width and has no serious or critical axe-core violation. */
async function popupChecks(popup: Page, state: string) {
  const layout = await popup.evaluate(layoutProblem);
  const problems = [...(layout ? [layout] : []), ...(await axeProblems(popup))];
  expect.soft(problems, `the popup, ${state}`).toEqual([]);
}

async function connect(context: BrowserContext, email: string) {
  const popup = await openPopup(context);
  await expect(popup.getByRole('heading', { name: 'Save properties to Chloe' })).toBeVisible();
  await popupChecks(popup, 'signed out');
  const opened = context.waitForEvent('page', (p) => p.url().includes('/extension-auth'));
  await popup.getByRole('button', { name: 'Connect to Chloe' }).click();
  const authTab = await opened;
  await expect(authTab.getByRole('heading', { name: 'Extension Connected!' })).toBeVisible();
  await expect(authTab.getByText(email)).toBeVisible();
  const again = await openPopup(context);
  await expect(again.getByText(`Signed in as ${email}`)).toBeVisible();
  await authTab.close();
  await again.close();
}

const rowsFor = (email: string) =>
  sql<{
    id: string;
    title: string;
    address: string;
    price: string | null;
    bedrooms: number | null;
    property_type: string | null;
    key_features: string[];
    agent_name: string | null;
    agency_name: string | null;
    listing_url: string;
    portal: string;
    portal_id: string;
  }>(
    `select p.* from public.saved_properties p join auth.users u on u.id = p.user_id
      where u.email = $1 and not p._deleted order by p.created_at`,
    [email],
  );

test('signed in through /extension-auth, a Rightmove listing is saved from the popup and found on /saved-properties', async () => {
  test.setTimeout(120_000);
  const { context, worker } = await launch(await newProfile());
  try {
    const app = await context.newPage();
    const email = await signUp(app);
    await connect(context, email);

    // The extension holds a session of its own: not the app's refresh token.
    const appSession = await app.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
      return JSON.parse(localStorage.getItem(key!)!) as { refresh_token: string; user: { id: string } };
    });
    const kept = await worker.evaluate(async () => (await chrome.storage.local.get('chloe-session'))['chloe-session']);
    const extensionSession = JSON.parse(kept as string) as { refresh_token: string; user: { id: string } };
    expect(extensionSession.user.id).toBe(appSession.user.id);
    expect(extensionSession.refresh_token).not.toBe(appSession.refresh_token);

    const { popup } = await popupOn(context, RIGHTMOVE);
    await expect(popup.getByRole('heading', { name: '3 bedroom semi-detached house for sale' })).toBeVisible();
    await expect(popup.getByText('Mill Lane, Bristol, BS3')).toBeVisible();
    await expect(popup.getByText('£415,000')).toBeVisible();
    await expect(popup.getByText('Harbourside Homes, Bedminster')).toBeVisible();
    await expect(popup.getByRole('listitem')).toHaveText([
      'Garden',
      'Loft conversion potential',
      'Off-street parking',
      'Close to Temple Meads',
    ]);
    await popupChecks(popup, 'a listing');
    await popup.getByRole('button', { name: 'Save property' }).click();
    await expect(popup.getByText('Saved to your properties.')).toBeVisible();
    await popupChecks(popup, 'saved');
    expect(await rowsFor(email)).toEqual([
      expect.objectContaining({
        title: '3 bedroom semi-detached house for sale',
        address: 'Mill Lane, Bristol, BS3',
        price: '415000',
        bedrooms: 3,
        property_type: 'Semi-Detached',
        key_features: ['Garden', 'Loft conversion potential', 'Off-street parking', 'Close to Temple Meads'],
        agent_name: 'Harbourside Homes, Bedminster',
        agency_name: 'Harbourside Homes',
        listing_url: RIGHTMOVE,
        portal: 'rightmove',
        portal_id: '148213977',
      }),
    ]);

    // In the app, on this device, with a link back to the listing.
    await app.goto('/saved-properties');
    const card = app
      .getByRole('article')
      .or(app.getByRole('listitem'))
      .filter({
        has: app.getByRole('heading', { name: '3 bedroom semi-detached house for sale' }),
      });
    await expect(card.first()).toBeVisible({ timeout: 20_000 });
    await expect(card.first().getByRole('link', { name: /^View on Rightmove/ })).toHaveAttribute('href', RIGHTMOVE);

    // The same listing again: the row is updated, not doubled.
    await popup.reload();
    await popup.getByRole('button', { name: 'Save property' }).click();
    await expect(popup.getByText('Updated in your saved properties.')).toBeVisible();
    expect(await rowsFor(email)).toHaveLength(1);

    // Zoopla, and a listing with no price: saved without one, the popup says what it did not find.
    for (const url of [ZOOPLA, ZOOPLA_NO_PRICE]) {
      const { tab, popup: p } = await popupOn(context, url);
      if (url === ZOOPLA_NO_PRICE) {
        await expect(p.getByText('Not found on this page: price, key features, agent, agency.')).toBeVisible();
      }
      await p.getByRole('button', { name: 'Save property' }).click();
      await expect(p.getByText('Saved to your properties.')).toBeVisible();
      await tab.close();
      await p.close();
    }
    const rows = await rowsFor(email);
    expect(rows.map((r) => [r.portal, r.portal_id, r.price])).toEqual([
      ['rightmove', '148213977', '415000'],
      ['zoopla', '66123456', '525000'],
      ['zoopla', '67000001', null],
    ]);
    await app.reload();
    await expect(app.getByRole('heading', { name: 'Studio for sale' })).toBeVisible({ timeout: 20_000 });
    await expect(app.getByRole('link', { name: /^View on Zoopla/ })).toHaveCount(2);

    // Pages that cannot be saved say why, and offer no Save.
    const cases: [string, string][] = [
      [
        RIGHTMOVE_NO_ADDRESS,
        'Chloe needs at least a title and an address to save a property, and this page does not show both.',
      ],
      [
        RIGHTMOVE_REMOVED,
        'No property listing was found on this page: it may be a search, or the property may have been removed.',
      ],
      [
        ZOOPLA_SEARCH,
        'This page is not a property listing. Open a property on Rightmove or Zoopla, then click the Chloe icon.',
      ],
    ];
    for (const [url, message] of cases) {
      const { tab, popup: p } = await popupOn(context, url);
      await expect(p.getByRole('alert')).toHaveText(message);
      await expect(p.getByRole('button', { name: 'Save property' })).toHaveCount(0);
      await popupChecks(p, `on ${url}`);
      await tab.close();
      await p.close();
    }
    expect(await rowsFor(email)).toHaveLength(3);

    // Signing the extension out leaves the app signed in.
    const last = await openPopup(context);
    await last.getByRole('button', { name: 'Sign out' }).click();
    await expect(last.getByRole('button', { name: 'Connect to Chloe' })).toBeVisible();
    await expect(last.getByRole('button', { name: 'Connect to Chloe' })).toBeFocused();
    // Gone from the extension's storage, and ended on the server: its refresh token no longer works.
    expect(
      await worker.evaluate(async () => (await chrome.storage.local.get('chloe-session'))['chloe-session']),
    ).toBeUndefined();
    const refreshed = await fetch(`${process.env.E2E_API_URL}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: process.env.E2E_ANON_KEY!, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: extensionSession.refresh_token }),
    });
    expect(refreshed.status).toBe(400);
    await app.reload();
    await expect(app.getByRole('heading', { name: 'Saved Properties', level: 1 })).toBeVisible();
    await expect(app).toHaveURL(/\/saved-properties$/);
    await expect(app.getByRole('heading', { name: 'Studio for sale' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('with the API down, a save waits on this device (badge), survives a browser restart and is sent when the API is back', async () => {
  test.setTimeout(120_000);
  const profile = await newProfile();
  let email: string;
  {
    const { context, worker } = await launch(profile);
    try {
      email = await signUp(await context.newPage());
      await connect(context, email);
      proxy.down();
      const { popup } = await popupOn(context, RIGHTMOVE);
      await popup.getByRole('button', { name: 'Save property' }).click();
      await expect(
        popup.getByText(
          /^Saved on this device: it will be sent to your account when Chloe can be reached\. \(1 waiting\)$/,
        ),
      ).toBeVisible();
      await popupChecks(popup, 'a save waiting');
      await expect.poll(() => badge(worker)).toBe('1');
      expect(await rowsFor(email)).toEqual([]);
    } finally {
      await context.close();
    }
  }
  try {
    // The browser restarts with the API still down: the save is still there, and still signed in.
    const { context, worker } = await launch(profile);
    try {
      await expect.poll(() => badge(worker)).toBe('1');
      const popup = await openPopup(context);
      await expect(popup.getByText(`Signed in as ${email}`)).toBeVisible();
      await expect(popup.getByRole('status').filter({ hasText: '1 save is waiting to be sent' })).toBeVisible();
      expect(await rowsFor(email)).toEqual([]);

      proxy.up();
      await popup.getByRole('button', { name: 'Send now' }).click();
      await expect(popup.getByText('1 save is waiting to be sent')).toBeHidden();
      await expect.poll(() => badge(worker)).toBe('');
      expect(await rowsFor(email)).toEqual([
        expect.objectContaining({
          portal: 'rightmove',
          portal_id: '148213977',
          title: '3 bedroom semi-detached house for sale',
        }),
      ]);
    } finally {
      await context.close();
    }
  } finally {
    proxy.up();
  }
});
