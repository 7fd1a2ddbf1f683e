// What the extension specs share: the unpacked build (npm run build:extension, made here for this
// app and an API in front of the test stack) in Chromium on a persistent profile, as a person uses
// it; signed in through /extension-auth; listings opened at their Rightmove and Zoopla addresses
// (this network reaches neither: the fixture pages the parser tests read are served in their
// place); the popup, its checks, and what reached Postgres.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { EXTENSION_PUBLIC_KEY, extensionIdOf } from '../../extension/manifest.mjs';
import { buildExtension } from '../../scripts/build-extension.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { startApiProxy, type ApiProxy } from './api-proxy';
import { axeProblems, layoutProblem } from './checks';
import { PASSWORD, sql, test } from './fixtures';

const ID = extensionIdOf(EXTENSION_PUBLIC_KEY);
const POPUP = `chrome-extension://${ID}/popup/popup.html`;
const FIXTURES = path.resolve(import.meta.dirname, '../../extension/src/listing/fixtures');

export const RIGHTMOVE = 'https://www.rightmove.co.uk/properties/148213977';
const RIGHTMOVE_NO_PRICE = 'https://www.rightmove.co.uk/properties/150001234';
export const RIGHTMOVE_REMOVED = 'https://www.rightmove.co.uk/properties/111';
export const RIGHTMOVE_NO_ADDRESS = 'https://www.rightmove.co.uk/properties/160000001';
export const ZOOPLA = 'https://www.zoopla.co.uk/for-sale/details/66123456/';
export const ZOOPLA_NO_PRICE = 'https://www.zoopla.co.uk/for-sale/details/67000001/';
export const ZOOPLA_SEARCH = 'https://www.zoopla.co.uk/for-sale/property/london/';

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

/** The extension built for this app, and what it needs to run in Chromium. */
export interface BuiltExtension {
  /** The API as the extension sees it: a proxy a test can take down. */
  readonly proxy: ApiProxy;
  /** A new browser profile, removed after the spec file's tests. */
  newProfile(): Promise<string>;
  /** Chromium with the extension, on `profile`; the extension's service worker. */
  launch(profile: string): Promise<{ context: BrowserContext; worker: Worker }>;
}

/** Builds the extension before the calling spec file's tests, and removes it and its profiles after them. */
export function useBuiltExtension(): BuiltExtension {
  let proxy: ApiProxy | undefined;
  let extensionDir = '';
  let pages: Record<string, string> = {};
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
    for (const dir of extensionDir ? [extensionDir, `${extensionDir}.zip`, ...profiles] : profiles) {
      await rm(dir, { recursive: true, force: true });
    }
  });

  return {
    get proxy() {
      if (!proxy) throw new Error('the API proxy starts in beforeAll');
      return proxy;
    },
    async newProfile() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'chloe-profile-'));
      profiles.push(dir);
      return dir;
    },
    launch: (profile) => launch(extensionDir, pages, profile),
  };
}

async function launch(
  extensionDir: string,
  pages: Record<string, string>,
  profile: string,
): Promise<{ context: BrowserContext; worker: Worker }> {
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
export async function openPopup(context: BrowserContext) {
  const popup = await context.newPage();
  await popup.goto(POPUP);
  return popup;
}

/** Opens `url` in a tab, as the person browsing does, then the popup. */
export async function popupOn(context: BrowserContext, url: string) {
  const tab = await context.newPage();
  await tab.goto(url);
  await tab.bringToFront();
  const popup = await openPopup(context);
  return { tab, popup };
}

export const badge = (worker: Worker) => worker.evaluate(() => chrome.action.getBadgeText({}));

/** The popup fits its width and has no serious or critical axe-core violation. */
export async function popupChecks(popup: Page, state: string) {
  const layout = await popup.evaluate(layoutProblem);
  const problems = [...(layout ? [layout] : []), ...(await axeProblems(popup))];
  expect.soft(problems, `the popup, ${state}`).toEqual([]);
}

/** /extension-auth, signed in: the password given, the extension connected. */
export async function connectWithPassword(page: Page, password = PASSWORD) {
  await expect(page.getByRole('heading', { name: 'Connect the Chloe extension' })).toBeVisible();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Connect Extension' }).click();
  await expect(page.getByRole('heading', { name: 'Extension Connected!' })).toBeVisible();
}

export async function connect(context: BrowserContext, email: string) {
  const popup = await openPopup(context);
  await expect(popup.getByRole('heading', { name: 'Save properties to Chloe' })).toBeVisible();
  await popupChecks(popup, 'signed out');
  const opened = context.waitForEvent('page', (p) => p.url().includes('/extension-auth'));
  await popup.getByRole('button', { name: 'Connect to Chloe' }).click();
  const authTab = await opened;
  await connectWithPassword(authTab);
  await expect(authTab.getByText(email)).toBeVisible();
  const again = await openPopup(context);
  await expect(again.getByText(`Signed in as ${email}`)).toBeVisible();
  await authTab.close();
  await again.close();
}

export const rowsFor = (email: string) =>
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
