// The public pages as HTML (ADR 012): each is readable with scripts off, hydrates without a
// mismatch, and is served by its own file online and by the service worker offline; a route
// without a page of its own starts from the empty shell, never from the home page's HTML.
import { expect, type Page } from '@playwright/test';
import { controlledByServiceWorker, signUp, test } from './fixtures';

// src/features/marketing/page-meta.ts's pages (that module reads the build's env, so it is not
// imported here): spec §2's public routes.
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
  test.setTimeout(90_000);
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
  for (const path of ['/dashboard', '/auth', '/saved-properties?x=1', '/no-such-page']) {
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
