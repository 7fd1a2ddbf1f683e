// npm run bench: an account at its limit of 5,000 saved properties, in real Chromium against the
// local stack. A fresh device (nothing in IndexedDB) opening /saved-properties, a warm
// open, removing a card, scrolling, searching, and the JS heap. Figures beside their targets in
// bench/report.md; never a pass/fail on time.
import type { Page } from '@playwright/test';
import { afterAll, beforeAll, it } from 'vitest';
import { MAX_SAVED_PROPERTIES_PER_USER } from '../../src/lib/limits';
import { heldOnDevice } from '../held-on-device';
import { benchSignIn, benchSignUp } from './accounts';
import { BenchApp } from './pwa-app';
import { quartiles } from './pwa-measures';
import { writeSection } from './report';
import { sql } from './sql';

const COUNT = MAX_SAVED_PROPERTIES_PER_USER;
const LIST = 'ul[aria-label="Saved properties"]';
const ALL = `${COUNT.toLocaleString('en-GB')} properties`;
const app = new BenchApp();

beforeAll(() => app.start(), 240_000);
afterAll(() => app.stop());

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] ?? NaN;
const median = (xs: number[]) => quartiles(xs).median;
const ms = (x: number) => `${x.toFixed(x < 20 ? 1 : 0)} ms`;
const ok = (value: number, target: number) => (value <= target ? '✓' : '✗');
/** New browsers opened for the new-browser rows. */
const COLD_RUNS = 9;
/**
 * A new window's own start-up, before the address is opened: Chromium's browser UI (its top-chrome
 * renderer) spends ~0.85 s of CPU in a new window's first second, a person's browser long before
 * they open a link. Navigating at once shared this machine's two cores with it (ADR 038).
 */
const WINDOW_SETTLE_MS = 1500;
const span = (xs: number[]) => `${ms(Math.min(...xs))}–${ms(Math.max(...xs))}`;
/** 'quartiles 440–520 ms, range 390–600 ms'. */
const quarters = (xs: number[]) => {
  const q = quartiles(xs);
  return `quartiles ${ms(q.p25)}–${ms(q.p75)}, range ${span(xs)}`;
};

/** 5,000 listings as the extension saves them: titles, addresses, prices, features, agents. */
async function seed(userId: string) {
  await sql(
    app.stack.adminDbUrl,
    `insert into public.saved_properties
       (user_id, title, address, price, bedrooms, property_type, key_features, agent_name, agency_name,
        listing_url, portal, portal_id, created_at)
     select $1,
            (1 + n % 5) || ' bed ' || (array['terraced house','flat','semi-detached house','bungalow','maisonette'])[1 + n % 5]
              || ' for sale in ' || (array['Leeds','Bristol','Manchester','York','Brighton','Norwich','Bath'])[1 + n % 7],
            n || ' ' || (array['Acacia Avenue','Mill Lane','Station Road','Church Street','The Green'])[1 + n % 5] || ', '
              || (array['Leeds LS6 2AB','Bristol BS1 4DJ','Manchester M1 1AE','York YO1 7HH','Brighton BN1 1AA','Norwich NR2 1NR','Bath BA1 1LT'])[1 + n % 7],
            case when n % 40 = 0 then null else 150000 + (n * 7919) % 900000 end,
            1 + n % 5,
            (array['Terraced','Flat','Semi-detached','Bungalow','Maisonette'])[1 + n % 5],
            array['Garden', 'Off-street parking', 'Close to schools', 'Chain free ' || n],
            (array['Sam Patel','Alex Jones','Priya Shah','Chris Lee'])[1 + n % 4],
            (array['Yopa','Purplebricks','Savills','Foxtons'])[1 + n % 4],
            'https://www.rightmove.co.uk/properties/' || (100000000 + n),
            'rightmove',
            (100000000 + n)::text,
            now() - make_interval(mins => n)
       from generate_series(1, $2::int) as n`,
    [userId, COUNT],
  );
}

const signUp = () => benchSignUp(app, 'bench-props');

/** The session of a sign-in through /auth, without the device's data: what a new device starts with. */
async function signedInState(email: string) {
  const context = await app.browser.newContext();
  try {
    const page = await context.newPage();
    await benchSignIn(app, page, email);
    // localStorage only (Playwright leaves IndexedDB out unless asked).
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * Run in the page before its own scripts: it notes, on the console at the frame after each first
 * holds, when the first card was there and each intro the list has had ('5,000 properties, …').
 * Nothing of Playwright's runs in the page while it loads (polling from here would inject its
 * script, ~50 ms of the main thread, into what is measured).
 */
function noteInPage(list: string) {
  const noted = new Set<string>();
  const note = (what: string) => {
    if (noted.has(what)) return;
    noted.add(what);
    requestAnimationFrame(() => console.debug(`bench ${performance.now()} ${what}`));
  };
  new MutationObserver(() => {
    if (document.querySelector(`${list} > li`)) note('first card');
    const intro = document.querySelector('h1 + p')?.textContent;
    if (intro) note(`intro ${intro}`);
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Milliseconds from the navigation's start until the page noted `what` (ask before navigating). */
const noted = (page: Page, what: (said: string) => boolean) =>
  page
    .waitForEvent('console', {
      predicate: (m) => m.text().startsWith('bench ') && what(m.text().split(' ').slice(2).join(' ')),
      timeout: 120_000,
    })
    .then((m) => Number(m.text().split(' ')[1]));
const firstCard = (page: Page) => noted(page, (said) => said === 'first card');
const listed = (page: Page, count: string) => noted(page, (said) => said.startsWith(`intro ${count}`));

/** Opens `url` and times its first card and its whole list (`count` properties). */
async function openList(page: Page, url: string | null, count = ALL) {
  const [first, all] = [firstCard(page), listed(page, count)];
  await (url ? page.goto(url) : page.reload());
  return { first: await first, all: await all };
}

/** One removal: from the click until the frame after the card left the document. */
const removeOne = (page: Page) =>
  page.evaluate(
    (list) =>
      new Promise<number>((resolve) => {
        const item = document.querySelector(`${list} > li`)!;
        const button = item.querySelector<HTMLButtonElement>('button[aria-label^="Remove"]')!;
        const t0 = performance.now();
        const observer = new MutationObserver(() => {
          if (item.isConnected) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - t0));
        });
        observer.observe(document.body, { childList: true, subtree: true });
        button.click();
      }),
    LIST,
  );

/** Frame intervals (rAF timestamps) while the wheel scrolls down `steps` times. */
async function scrollFrames(page: Page, steps: number) {
  await page.evaluate(() => {
    const w = window as unknown as { frames_: number[]; stop_: boolean };
    w.frames_ = [];
    w.stop_ = false;
    let last = 0;
    const tick = (t: number) => {
      if (last) w.frames_.push(t - last);
      last = t;
      if (!w.stop_) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.mouse.move(300, 400);
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(50);
  }
  return page.evaluate(() => {
    const w = window as unknown as { frames_: number[]; stop_: boolean };
    w.stop_ = true;
    return { frames: w.frames_, drawn: document.querySelectorAll('ul[aria-label="Saved properties"] > li').length };
  });
}

/** Milliseconds from the navigation's start until the device's own database holds all of them. */
async function allStored(page: Page) {
  while ((await heldOnDevice(page, 'saved_properties')) < COUNT) await page.waitForTimeout(50);
  return page.evaluate(() => performance.now());
}

/** The session a sign-in left in localStorage (supabase-js keeps it there). */
const sessionOf = (state: Awaited<ReturnType<typeof signedInState>>) =>
  state.origins.flatMap((o) => o.localStorage).filter((item) => item.name.includes('auth-token'));

it('5,000 saved properties: a fresh device, a warm open, remove, scroll, search and heap', async () => {
  const { email, userId } = await signUp();
  await seed(userId);
  const state = await signedInState(email);
  const viewport = { width: 1024, height: 800 };
  const rows: string[] = [];

  // New browsers: nothing cached, the app itself downloaded with the page. Nine of them, as one
  // load on two busy cores varies by ±150 ms (a median of five still moved by ~60 ms between runs).
  // Each is closed once its first pull is stored: closed mid-pull, it left the server a second of
  // work (5,000 rows) that the next one's load shared the two cores with. Each is opened with its
  // window settled (the target rows) and, in turn, straight after the window opens (shown apart).
  const coldRuns = { first: [] as number[], all: [] as number[], stored: [] as number[] };
  const openedWithWindow: number[] = [];
  const coldOpen = async (settle: boolean) => {
    const cold = await app.browser.newContext({ storageState: state, viewport });
    try {
      await cold.addInitScript(noteInPage, LIST);
      const page = await cold.newPage();
      if (settle) await page.waitForTimeout(WINDOW_SETTLE_MS);
      const { first, all } = await openList(page, `${app.url}/saved-properties`);
      const stored = await allStored(page);
      if (!settle) return void openedWithWindow.push(first);
      coldRuns.first.push(first);
      coldRuns.all.push(all);
      coldRuns.stored.push(stored);
    } finally {
      await cold.close();
    }
  };
  for (let i = 0; i < COLD_RUNS; i++) {
    await coldOpen(true);
    await coldOpen(false);
  }
  const coldFigures = { first: median(coldRuns.first), all: median(coldRuns.all) };

  // The app installed (its service worker holds it), no data of this user: a shared tablet after
  // another person signed out, or a new install. Then this device is used for the rest.
  const context = await app.browser.newContext({ viewport });
  try {
    await context.addInitScript(noteInPage, LIST);
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await page.evaluate((items) => items.forEach((i) => localStorage.setItem(i.name, i.value)), sessionOf(state));
    const fresh = { ...(await openList(page, `${app.url}/saved-properties`)), stored: await allStored(page) };

    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heapMb = (await cdp.send('Runtime.getHeapUsage')).usedSize / 2 ** 20;

    const search = page.getByLabel('Search saved properties');
    const searches: number[] = [];
    for (const word of ['Chain free 4321', 'bungalow york', 'Mill Lane']) {
      const t0 = Date.now();
      await search.fill(word);
      await page.getByText(/ of 5,000 properties match /).waitFor();
      searches.push(Date.now() - t0);
    }
    await search.fill('');
    await page.getByText(`${ALL}, newest first.`).waitFor();

    const { frames, drawn } = await scrollFrames(page, 80);

    await page.evaluate(() => window.scrollTo(0, 0));
    const removals: number[] = [];
    for (let i = 0; i < 15; i++) {
      removals.push(await removeOne(page));
      await page.waitForTimeout(200);
    }

    // Warm opens: the same device again (its data and the service worker are there).
    const warm = { first: [] as number[], all: [] as number[] };
    const remaining = `${(COUNT - removals.length).toLocaleString('en-GB')} properties`;
    for (let i = 0; i < 5; i++) {
      const { first, all } = await openList(page, null, remaining);
      warm.first.push(first);
      warm.all.push(all);
    }

    // One vsync is 16.67 ms: the p95 is a dropped frame or not (timestamps carry a little jitter).
    const vsync = 1000 / 60;
    const frameP95 = p95(frames);
    rows.push(
      `| Installed app, no data of this user: first card | ${ms(fresh.first)} | ≤ 500 ms | ${ok(fresh.first, 500)} |`,
      `| Installed app, no data of this user: all 5,000 listed and searchable | ${ms(fresh.all)} | ≤ 2000 ms | ${ok(fresh.all, 2000)} |`,
      `| New browser, app not cached: first card, median of ${COLD_RUNS} (${quarters(coldRuns.first)}) | ${ms(coldFigures.first)} | ≤ 500 ms | ${ok(coldFigures.first, 500)} |`,
      `| New browser, opened as its window opens (Chromium's own start-up on the same two cores): first card, median of ${COLD_RUNS} (${quarters(openedWithWindow)}) | ${ms(median(openedWithWindow))} | (none) | |`,
      `| New browser, app not cached: all 5,000 listed and searchable, median of ${COLD_RUNS} (${quarters(coldRuns.all)}) | ${ms(coldFigures.all)} | ≤ 2000 ms | ${ok(coldFigures.all, 2000)} |`,
      `| Warm open: first card, median of 5 | ${ms(median(warm.first))} | ≤ 1000 ms | ${ok(median(warm.first), 1000)} |`,
      `| Warm open: all listed, median of 5 (max) | ${ms(median(warm.all))} (${ms(Math.max(...warm.all))}) | ≤ 1000 ms | ${ok(median(warm.all), 1000)} |`,
      `| Removing a card, click to the next frame: p95 of ${removals.length} (median) | ${ms(p95(removals))} (${ms(median(removals))}) | ≤ 100 ms | ${ok(p95(removals), 100)} |`,
      `| Scrolling 40,000 px: frame interval p95 of ${frames.length} frames (max; cards drawn after) | ${ms(frameP95)} (${ms(Math.max(...frames))}; ${drawn}) | ≤ 16.7 ms | ${ok(frameP95, vsync + 0.5)} |`,
      `| JS heap after the first pull (after a GC) | ${heapMb.toFixed(1)} MB | ≤ 80 MB | ${ok(heapMb, 80)} |`,
      `| Installed app: all 5,000 in the device's own database (the first pull) | ${ms(fresh.stored)} | (none) | |`,
      `| New browser: all 5,000 in the device's own database (the first pull), median of ${COLD_RUNS} | ${ms(median(coldRuns.stored))} | (none) | |`,
      `| Search to results shown, median of 3 | ${ms(median(searches))} | (none) | |`,
    );
  } finally {
    await context.close();
  }
  const markdown = [
    '## 5,000 saved properties (the per-account limit), Chromium against the local stack',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString()}. Times from the navigation's start to the frame after it held, noted by the page itself; 1024 × 800 px.`,
    '',
    '| Measure | Figure | Target | |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    `Frame intervals are rAF timestamps: one 60-Hz frame reads 16.7–16.8 ms, a dropped frame 33 ms. The new-browser rows include downloading and compiling the app (over the preview server's HTTP/1.1), in a window opened ${WINDOW_SETTLE_MS / 1000} s before (one row opens the address with the window); the installed-app rows are a device new to this user, the case the list itself decides.`,
    '',
    "A device that holds none of the user's saved properties lists them from the server while its first pull stores them (pulls of 1,000 rows); then from its own database. The list draws 8 cards in its first frame, 24 in the next, and more as the reader nears the end.",
  ].join('\n');
  console.log(`\n${markdown}\n  → ${writeSection('saved-properties', markdown)}`);
}, 900_000);
