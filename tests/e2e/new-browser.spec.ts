// A browser that has never loaded the app, with a stored session (ADR 038): the shell
// fetches the app's code at once and in few files, the page's first script asks for the list's
// first cards while that code is on its way, and the page takes that answer rather than asking
// again. A public page's HTML still paints before any of the app's code is fetched.
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { userId } from './fit-and-a11y-fixtures';
import { cspViolationsOf, PASSWORD, signUp, sql, test, waitForAppIn } from './fixtures';

const COUNT = 60;
type State = Awaited<ReturnType<BrowserContext['storageState']>>;
type Asked = { url: URL; authorization: string | undefined };

/** A user with COUNT saved properties, and the session a sign-in stored. */
async function userWithList(context: BrowserContext) {
  const page = await context.newPage();
  const id = await userId(await signUp(page));
  await sql(
    `insert into public.saved_properties (user_id, title, price, key_features, created_at)
     select $1, 'House ' || n, 100000 + n * 1000, array['Garden'], now() - make_interval(mins => n)
       from generate_series(1, $2::int) as n`,
    [id, COUNT],
  );
  // localStorage only: IndexedDB (the device's own copy) stays behind, as on a new browser.
  return context.storageState();
}

/** A new browser with `state`, and every request its page makes, in order. */
async function newBrowser(browser: Browser, state: State) {
  const context = waitForAppIn(await browser.newContext({ storageState: state }));
  const violations = await cspViolationsOf(context);
  const page = await context.newPage();
  const requests: Asked[] = [];
  page.on('request', (r) => requests.push({ url: new URL(r.url()), authorization: r.headers()['authorization'] }));
  return { context, page, requests, violations };
}

/** A new browser (newBrowser) of a user with COUNT saved properties. */
async function newBrowserWithList(browser: Browser, context: BrowserContext) {
  test.setTimeout(180_000);
  return newBrowser(browser, await userWithList(context));
}

/** Holds back the auth client's code (supabase-js, and the session watcher) until `release`. */
async function holdAuthClient(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(/\/assets\/(supabase|watch-session)-[\w-]+\.js$/, async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  return { held, release };
}

const listReads = (requests: Asked[]) => requests.filter((r) => r.url.pathname === '/rest/v1/saved_properties');

test('a new browser asks for the first cards from its first script, once, and lists them', async ({
  browser,
  context,
}) => {
  const fresh = await newBrowserWithList(browser, context);
  try {
    await fresh.page.goto('/saved-properties');
    await expect(fresh.page.getByText(`${COUNT} properties, newest first.`)).toBeVisible({ timeout: 20_000 });
    const cards = fresh.page.getByRole('list', { name: 'Saved properties' }).locator(':scope > li');
    await expect(cards.first()).toBeVisible();
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(24);

    const firstPages = listReads(fresh.requests).filter((r) => r.url.searchParams.get('limit') === '48');
    expect(firstPages, 'the first 48 asked for once: the page took the early answer').toHaveLength(1);
    const early = fresh.requests.indexOf(firstPages[0]!);
    const routeCode = fresh.requests.findIndex((r) => /\/assets\/saved-properties-[\w-]+\.js$/.test(r.url.pathname));
    expect(routeCode, "the list's own code was fetched").toBeGreaterThan(-1);
    expect(early, "asked before the list's code was even fetched").toBeLessThan(routeCode);
    expect(fresh.violations).toEqual([]);
  } finally {
    await fresh.context.close();
  }
});

test("a new browser draws the first cards without waiting for the auth client's code", async ({ browser, context }) => {
  const fresh = await newBrowserWithList(browser, context);
  // The auth client's code held back until the cards are drawn.
  const { held, release } = await holdAuthClient(fresh.page);
  try {
    await fresh.page.goto('/saved-properties');
    const cards = fresh.page.getByRole('list', { name: 'Saved properties' }).locator(':scope > li');
    await expect(cards.first()).toBeVisible({ timeout: 20_000 });
    await expect(cards.first()).toContainText('House ');
    // Asked for once the first render is done (by the session watcher, and the read of the rest).
    await expect.poll(() => held.length, 'the auth client was asked for, and is still held back').toBeGreaterThan(0);
    release();
    await expect(fresh.page.getByText(`${COUNT} properties, newest first.`)).toBeVisible({ timeout: 20_000 });
    expect(fresh.violations).toEqual([]);
  } finally {
    release();
    await fresh.context.close();
  }
});

test("a new browser with no session draws the sign-in form without the auth client's code, and signs in once it is there", async ({
  browser,
  context,
}) => {
  const page = await context.newPage();
  const email = await signUp(page);
  await page.close();
  const fresh = await newBrowser(browser, { cookies: [], origins: [] });
  const { held, release } = await holdAuthClient(fresh.page);
  try {
    await fresh.page.goto('/saved-properties');
    // Signed out, known without auth-js: the guard sends the reader to sign in, and the form is drawn.
    await expect(fresh.page).toHaveURL(/\/auth\?redirect=%2Fsaved-properties$/);
    await expect(fresh.page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => held.length, 'the auth client was asked for, and is still held back').toBeGreaterThan(0);
    await fresh.page.getByLabel('Email').fill(email);
    await fresh.page.getByLabel('Password').fill(PASSWORD);
    release();
    await fresh.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(fresh.page).toHaveURL(/\/saved-properties$/);
    await expect(fresh.page.getByText('No saved properties yet')).toBeVisible({ timeout: 20_000 });
    expect(fresh.violations).toEqual([]);
  } finally {
    release();
    await fresh.context.close();
  }
});

test("a new browser fetches the page's own code from its first script, before main has arrived", async ({
  browser,
  context,
}) => {
  const fresh = await newBrowserWithList(browser, context);
  let routeCodeAsked!: () => void;
  const routeCode = new Promise<void>((resolve) => (routeCodeAsked = resolve));
  fresh.page.on('request', (r) => {
    if (/\/assets\/saved-properties-[\w-]+\.js$/.test(r.url())) routeCodeAsked();
  });
  // main arrives only once the list's code has been asked for: boot.ts must have asked.
  let mainHeld = false;
  await fresh.page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    mainHeld = true;
    const asked = await Promise.race([routeCode.then(() => true), new Promise((r) => setTimeout(r, 10_000, false))]);
    if (asked) await route.continue();
    else await route.abort();
  });
  try {
    await fresh.page.goto('/saved-properties');
    await expect(fresh.page.getByText(`${COUNT} properties, newest first.`)).toBeVisible({ timeout: 30_000 });
    expect(mainHeld, 'main was fetched, and held').toBe(true);
    expect(fresh.violations).toEqual([]);
  } finally {
    await fresh.context.close();
  }
});

test("a new browser installs the service worker once the list's first cards are drawn, not alongside them", async ({
  browser,
  context,
}) => {
  const fresh = await newBrowserWithList(browser, context);
  await fresh.page.addInitScript(markInstallAndCards);
  // The first cards' read (and the device's first pull) held back: the page is loaded, its code
  // running, its content not there.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await fresh.page.route(/\/rest\/v1\/(saved_properties\?.*limit=48|rpc\/sync_pull)/, async (route) => {
    await released;
    await route.continue();
  });
  try {
    await fresh.page.goto('/saved-properties');
    await expect(fresh.page.getByText('Loading saved properties...')).toBeVisible({ timeout: 20_000 });
    // Past the load event (where the worker used to be registered) and several frames.
    await fresh.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    release();
    const cards = fresh.page.getByRole('list', { name: 'Saved properties' }).locator(':scope > li');
    await expect(cards.first()).toContainText('House ', { timeout: 20_000 });
    const marks = () => fresh.page.evaluate(() => (window as unknown as { __marks: Marks }).__marks);
    await expect.poll(async () => (await marks()).install, { message: 'installed once they are drawn' }).toBeDefined();
    const { install, cards: drawn, paint } = await marks();
    // Not before the cards; or, where the held read outlasted the wait's ceiling (a slow machine),
    // not before the ceiling after the first paint (FIRST_CONTENT_CEILING_MS, src/lib/first-content.ts).
    expect(install, 'the install asked for after the first cards, or at the ceiling').toBeGreaterThanOrEqual(
      Math.min(drawn!, paint! + 3000),
    );
    expect(fresh.violations).toEqual([]);
  } finally {
    release();
    await fresh.context.close();
  }
});

interface Marks {
  install?: number;
  cards?: number;
  paint?: number;
}

/** In the page, before its code: when the worker's install is asked for, and when the first card is in. */
function markInstallAndCards() {
  const marks: Marks = {};
  (window as unknown as { __marks: Marks }).__marks = marks;
  const container = navigator.serviceWorker;
  const register = container.register.bind(container);
  container.register = (...args: Parameters<typeof register>) => {
    marks.install ??= performance.now();
    return register(...args);
  };
  new MutationObserver(() => {
    if (document.querySelector('ul[aria-label="Saved properties"] > li')) marks.cards ??= performance.now();
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.paint ??= entry.startTime;
  }).observe({ type: 'paint', buffered: true });
}

test('a stored session whose token has ended: nothing is asked with it, auth-js refreshes, the list shows', async ({
  browser,
  context,
}) => {
  test.setTimeout(180_000);
  const state = await userWithList(context);
  let ended = '';
  const stale: State = {
    ...state,
    origins: state.origins.map((origin) => ({
      ...origin,
      localStorage: origin.localStorage.map((item) => {
        if (!/^sb-.+-auth-token$/.test(item.name)) return item;
        const session = JSON.parse(item.value) as { access_token: string; expires_at: number };
        ended = session.access_token;
        return { ...item, value: JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 }) };
      }),
    })),
  };
  expect(ended).not.toBe('');
  const fresh = await newBrowser(browser, stale);
  try {
    await fresh.page.goto('/saved-properties');
    await expect(fresh.page.getByText(`${COUNT} properties, newest first.`)).toBeVisible({ timeout: 20_000 });
    const reads = listReads(fresh.requests);
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(read.authorization).not.toBe(`Bearer ${ended}`);
    expect(fresh.requests.some((r) => r.url.pathname === '/auth/v1/token')).toBe(true);
    expect(fresh.violations).toEqual([]);
  } finally {
    await fresh.context.close();
  }
});

test("the shell preloads the app's code, in three files, not the auth client's; a public page's HTML preloads only its first script", async ({
  request,
}) => {
  const html = async (path: string) => (await request.get(path, { headers: { accept: 'text/html' } })).text();
  const preloads = (page: string) =>
    [...page.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  const shell = preloads(await html('/saved-properties'));
  const main = shell.find((href) => /\/assets\/main-[\w-]+\.js$/.test(href));
  expect(main, 'the shell preloads main').toBeDefined();
  expect(shell.filter((href) => /\/assets\/(supabase|watch-session)-/.test(href))).toEqual([]);
  for (const path of ['/', '/hire']) {
    expect(
      preloads(await html(path)).filter((href) => href.includes('/assets/main-')),
      path,
    ).toEqual([]);
  }
  // main's static imports: the first script's own chunk and Rolldown's runtime, no more (they were 32 files).
  const code = await (await request.get(main!)).text();
  const imports = new Set([...code.matchAll(/(?:^|[;\n])import(?:[^"';]*?from)?\s*"\.\/([^"]+)"/g)].map((m) => m[1]));
  expect([...imports].length, [...imports].join(', ')).toBeLessThanOrEqual(2);
});
