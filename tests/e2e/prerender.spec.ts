// The public pages as HTML (ADR 012): each is readable with scripts off, hydrates without a
// mismatch, and is served by its own file online and by the service worker offline; a route
// without a page of its own starts from the empty shell, never from the home page's HTML.
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { controlledByServiceWorker, signIn, signUp, sql, test } from './fixtures';

// src/features/marketing/page-meta.ts's pages (that module reads the build's env, so it is not
// imported here): the public routes of docs/product/screens.md#route-table.
const PUBLIC_PAGES = [
  '/',
  '/conversation',
  '/shareholder',
  '/hire',
  '/professional-signup',
  '/demo/haus&haus',
  '/demo/oval-real-estate',
  '/demo/london-nightly',
  '/demo-hawes-co',
  '/demo-yopa',
  '/cornerstone-estate-agents',
  '/we-can-properties',
  '/winkworths',
].map((path) => ({ path }));

const encode = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** Console errors and uncaught errors while `page` loads (hydration mismatches are both). */
function errorsOf(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('every public page is readable with scripts off, with its own title and description', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const titles = new Set<string>();
  try {
    for (const meta of PUBLIC_PAGES) {
      await page.goto(encode(meta.path));
      await expect(page.locator('#root')).toHaveAttribute('data-prerendered', meta.path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const title = await page.title();
      expect(title, meta.path).toContain('Chloe');
      titles.add(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\w{20,}|\w+ \w+ \w+/);
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    }
    // Each page its own title.
    expect(titles.size).toBe(PUBLIC_PAGES.length);
  } finally {
    await context.close();
  }
});

test('every public page hydrates without a mismatch, and its buttons then work', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = errorsOf(page);
  for (const meta of PUBLIC_PAGES) {
    await page.goto(encode(meta.path));
    // Hydrated: the page's own header link navigates without a full load.
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(errors, meta.path).toEqual([]);
  }
  // A hydrated page is the app: the footer's cookie policy opens, the call button is a button.
  await page.goto('/');
  await page.getByRole('button', { name: 'Cookie Policy' }).click();
  await expect(page.getByRole('button', { name: 'Cookie Policy' })).toHaveAttribute('aria-expanded', 'true');
  expect(errors).toEqual([]);
});

test('a route without a page of its own is served the empty shell, not the home page', async ({ request }) => {
  for (const path of ['/dashboard', '/auth', '/saved-properties?x=1', '/no-such-page', '/agent-assessment']) {
    const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
    expect(html, path).toContain('<div id="root"></div>');
    expect(html, path).not.toContain('data-prerendered');
  }
  const home = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  expect(home).toContain('data-prerendered="/"');
});

test('signed in, reloading a public page shows it, then the signed-in header', async ({ page }) => {
  await signUp(page);
  const errors = errorsOf(page);
  await page.goto('/hire');
  await expect(page.getByRole('heading', { name: 'Hire Chloe', level: 1 })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('button', { name: /sign out/i })).toBeVisible();
  expect(errors).toEqual([]);
});

test('offline, the service worker serves each page its own HTML, and the shell elsewhere', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await controlledByServiceWorker(page);
  await context.setOffline(true);
  try {
    for (const path of ['/hire', '/demo/haus%26haus', '/shareholder']) {
      await page.goto(path);
      await expect(page.locator('#root')).toHaveAttribute('data-prerendered', decodeURIComponent(path));
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    await page.goto('/auth');
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', /.*/);
    await expect(page.getByRole('heading', { name: 'Sign in to Chloe' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

// The wizards paint their frame from HTML (docs/decisions/015-wizard-pages-as-html.md): the title,
// what the wizard asks and 'Loading...' where the steps go, then fill that place without moving
// anything on screen.

/** A new assessment link, made as staff make one. */
async function assessmentLink() {
  const token = `Frame${randomUUID().replace(/-/g, '')}`;
  await sql(
    `insert into agent_assessments (token, agency_name, main_contact_email) values ($1, 'Frame Lettings', 'a@frame.test')`,
    [token],
  );
  return `/agent-assessment/${token}`;
}

/** Records every layout shift the page makes without input, from its first paint. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as Window & { __shifts?: { value: number; nodes: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (!entry.hadRecentInput)
          w.__shifts!.push({ value: entry.value, nodes: (entry.sources ?? []).map((s) => s.node?.nodeName ?? '?') });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () =>
    page.evaluate(() => (window as Window & { __shifts?: { value: number; nodes: string[] }[] }).__shifts ?? []);
}

test('an assessment link paints its frame from HTML, with scripts off too, and not for search engines; so does the subscription', async ({
  browser,
}) => {
  const path = await assessmentLink();
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '/agent-assessment/$token');
    await expect(page.getByRole('heading', { name: 'Agent Assessment', level: 1 })).toBeVisible();
    await expect(page.getByText('Seven short steps about your agency')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    await page.goto('/shareholder/subscribe');
    await expect(page.getByRole('heading', { name: 'Share Subscription', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: '← Back to Shareholder' })).toBeVisible();
    // The funnel's public address, unlike a private link.
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

for (const width of [390, 820]) {
  test(`at ${width} px the assessment's steps arrive in the frame's place: nothing moves, nothing mismatches`, async ({
    browser,
  }) => {
    const path = await assessmentLink();
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    try {
      const page = await context.newPage();
      const errors = errorsOf(page);
      const shifts = await recordShifts(page);
      await page.goto(path);
      await expect(page.getByLabel('Agency Name')).toHaveValue('Frame Lettings', { timeout: 20_000 });
      await expect(page.getByText('Step 1 of 7: Business Details')).toBeVisible();
      expect(await shifts()).toEqual([]);
      expect(errors).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    } finally {
      await context.close();
    }
  });
}

test('a malformed assessment link replaces the frame with the invalid-link screen, without a mismatch', async ({
  page,
}) => {
  const errors = errorsOf(page);
  await page.goto('/agent-assessment/not-a-token!');
  await expect(page.getByRole('heading', { name: 'Assessment Link Invalid' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Agent Assessment' })).toHaveCount(0);
  // The router reports the token it refused (as it always has); nothing else, no hydration error.
  expect(errors.filter((e) => !e.includes('Invalid format: Expected /^[A-Za-z0-9]{22,128}$/'))).toEqual([]);
});

test('/shareholder/subscribe: signed out, then signed in, its header and title stay where they painted', async ({
  page,
  browser,
}) => {
  const errors = errorsOf(page);
  const shifts = await recordShifts(page);
  await page.goto('/shareholder/subscribe');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  expect(await shifts()).toEqual([]);
  expect(errors).toEqual([]);

  const email = await signUp(page);
  const { context, page: second } = await signIn(browser, email);
  try {
    const secondShifts = await recordShifts(second);
    await second.goto('/shareholder/subscribe');
    await expect(second.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(second.getByLabel('Full name')).toBeVisible({ timeout: 20_000 });
    expect(await secondShifts()).toEqual([]);
  } finally {
    await context.close();
  }
});

test('offline, the service worker serves an assessment link its frame, and the steps fill it', async ({
  page,
  context,
}) => {
  const path = await assessmentLink();
  await page.goto(path);
  await expect(page.getByLabel('Agency Name')).toHaveValue('Frame Lettings', { timeout: 20_000 });
  await controlledByServiceWorker(page);
  await context.setOffline(true);
  try {
    await page.goto(path);
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '/agent-assessment/$token');
    await expect(page.getByLabel('Agency Name')).toHaveValue('Frame Lettings', { timeout: 20_000 });
  } finally {
    await context.setOffline(false);
  }
});

test("an assessment link's local database registers no deprecated unload listener (RxDB's leader election)", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as Window & { __listened?: string[] };
    w.__listened = [];
    const add = window.addEventListener.bind(window);
    window.addEventListener = ((type: string, ...rest: unknown[]) => {
      w.__listened!.push(type);
      return (add as (...args: unknown[]) => void)(type, ...rest);
    }) as typeof window.addEventListener;
  });
  await page.goto(await assessmentLink());
  await expect(page.getByLabel('Agency Name')).toHaveValue('Frame Lettings', { timeout: 20_000 });
  const listened = await page.evaluate(() => (window as Window & { __listened?: string[] }).__listened ?? []);
  // RxDB's clean-up is there, on beforeunload.
  expect(listened).toContain('beforeunload');
  expect(listened).not.toContain('unload');
});
