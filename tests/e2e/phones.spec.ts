// Phones without clutter: status in one line before the title, the wizard's buttons where a thumb
// finds them, toasts that leave the form alone, the dashboard in the spec's order with the locked
// tool closed, and the demo note in a real handwriting face. Screenshots at 390 and 820 px are
// kept in each test's output folder (test-results/), to be looked at.
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { axeProblems, layoutProblem } from './checks';
import { controlledByServiceWorker, signUp, sql, test } from './fixtures';
import { completeSubscription, fillPersonal } from './subscription-steps';

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 820, height: 1180 };

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator.toString()} has no box`);
  return b;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Fits, passes axe, and is attached as a screenshot at both widths. */
async function looked(page: Page, info: TestInfo, name: string) {
  for (const viewport of [PHONE, TABLET]) {
    await page.setViewportSize(viewport);
    expect(await page.evaluate(layoutProblem), `${name} at ${viewport.width} px`).toBeNull();
    const file = info.outputPath(`${name}-${viewport.width}.png`);
    await page.screenshot({ path: file });
    await info.attach(`${name}-${viewport.width}.png`, { path: file, contentType: 'image/png' });
  }
  expect(await axeProblems(page)).toEqual([]);
  await page.setViewportSize(PHONE);
}

test('signed in and offline at 390 px: one compact status line before the title', async ({ page, context }, info) => {
  await page.setViewportSize(PHONE);
  await signUp(page);
  await page.goto('/dashboard');
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();
  await controlledByServiceWorker(page);
  await context.setOffline(true);
  const status = page.locator('header [data-sync-kind="offline"]');
  await expect(status).toBeVisible();

  // The pill and Sync details share one line; the pill says 'Offline' on one line.
  const pill = status.getByRole('status');
  await expect(pill).toHaveText(/Offline/);
  const pillBox = await box(pill);
  const details = await box(status.getByRole('button', { name: 'Sync details' }));
  expect(pillBox.height).toBeLessThanOrEqual(40);
  expect(Math.abs(details.y + details.height / 2 - (pillBox.y + pillBox.height / 2))).toBeLessThan(4);
  // The whole sentence is still there for a screen reader.
  await expect(pill).toContainText('Offline — changes will sync when you reconnect');
  // The page's own offline banner gives way to the status that already says it.
  await expect(page.getByTestId('offline-banner')).toBeHidden();
  // Before: banner 78 px, header 56, a two-line pill and a 'Sync details' line (~230 px before the title).
  expect((await box(title)).y).toBeLessThan(150);
  await looked(page, info, 'offline-dashboard');

  // A page with no sync status (the landing page) keeps the banner.
  await page.goto('/hire');
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await context.setOffline(false);
});

test('the wizard at 390 px: Back and Next on one row at either end, Save & Continue Later under them', async ({
  page,
}, info) => {
  await page.setViewportSize(PHONE);
  await signUp(page);
  await page.goto('/shareholder/subscribe');
  await fillPersonal(page);
  // The new step takes the focus to its heading; before it has, Back is step 1's (disabled) and
  // the heading would take the focus from under the keyboard check below.
  await expect(page.getByRole('heading', { level: 2, name: 'Investment Details' })).toBeFocused();
  // Measured once step 2 has settled (the step's own content arrives after its heading).
  await expect(async () => {
    const back = await box(page.getByRole('button', { name: 'Back' }));
    const next = await box(page.getByRole('button', { name: 'Next' }));
    const later = await box(page.getByRole('button', { name: 'Save & Continue Later' }));
    const card = await box(page.locator('form').filter({ has: page.getByRole('button', { name: 'Next' }) }));
    expect(Math.abs(back.y - next.y)).toBeLessThan(2);
    expect(next.x).toBeGreaterThan(back.x + back.width);
    // Next at the card's right edge (inside its padding), later below both, as wide as the row.
    expect(card.x + card.width - (next.x + next.width)).toBeLessThan(48);
    expect(later.y).toBeGreaterThan(next.y + next.height);
    expect(later.width).toBeGreaterThan(next.x + next.width - back.x - 2);
  }).toPass({ timeout: 10_000 });
  // The keyboard goes the way the eye does: Back, Next, then the row under them.
  await page.getByRole('button', { name: 'Back' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Next' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Save & Continue Later' })).toBeFocused();
  await looked(page, info, 'wizard-step-2');

  // Wider, the three share a row: Back left, the other two right.
  await page.setViewportSize(TABLET);
  await expect(async () => {
    const [b, l, n] = await Promise.all(
      ['Back', 'Save & Continue Later', 'Next'].map((name) => box(page.getByRole('button', { name }))),
    );
    expect(Math.abs(b!.y - n!.y)).toBeLessThan(2);
    expect(Math.abs(l!.y - n!.y)).toBeLessThan(2);
    expect(l!.x).toBeGreaterThan(b!.x + b!.width);
    expect(n!.x).toBeGreaterThan(l!.x + l!.width);
  }).toPass({ timeout: 10_000 });
});

test('/norman on a phone: the toasts leave the password field and its button uncovered', async ({ page }, info) => {
  await sql('delete from public.norman_access_attempts');
  // A phone's window once the browser's bars are drawn.
  await page.setViewportSize({ width: 390, height: 664 });
  await page.goto('/norman');
  const field = page.getByLabel('Password');
  const button = page.getByRole('button', { name: 'Access Norman' });
  for (const attempt of ['wrong-1', 'wrong-2']) {
    await field.fill(attempt);
    await button.click();
  }
  const toasts = page.getByRole('region', { name: /notifications/i }).locator('[data-part="root"]');
  await expect(toasts.first()).toBeVisible();
  await expect(toasts.first()).toContainText('Access Denied');
  for (const toast of await toasts.all()) {
    const t = await box(toast);
    expect(overlaps(t, await box(field)), 'a toast over the field').toBe(false);
    expect(overlaps(t, await box(button)), 'a toast over the button').toBe(false);
  }
  const file = info.outputPath('norman-390.png');
  await page.screenshot({ path: file });
  await info.attach('norman-390.png', { path: file, contentType: 'image/png' });
  await sql('delete from public.norman_access_attempts');
});

test('the investor dashboard: spec order, the locked tool closed in one line, status rows that fit', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  await signUp(page);
  await page.goto('/shareholder/subscribe');
  await completeSubscription(page);

  const sections = page.locator('main [data-scope="collapsible"][data-part="root"] > button');
  await expect(sections).toHaveText([
    /Agent Assessment/,
    /^Investment Overview/,
    /^Subscription Status/,
    /^Payment Instructions/,
    /^Subscription Details/,
    /^Contact Information/,
    /^Documents & Actions/,
  ]);
  const assessment = page.getByRole('button', { name: /Agent Assessment/ });
  await expect(assessment).toHaveAttribute('aria-expanded', 'false');
  await expect(assessment).toContainText('Locked until your payment is received and shares are issued.');
  await expect(page.getByText(/Feature Locked/)).toBeHidden();
  await assessment.click();
  await expect(page.getByText(/Feature Locked/)).toBeVisible();
  await expect(assessment.getByText(/Locked until/)).toBeHidden();

  // Every status label on one line at 390 and 360 px.
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    const labels = page.getByRole('list', { name: 'Agreement status' }).locator('li > span:first-child');
    for (const label of await labels.all()) {
      const lineHeight = await label.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect((await box(label)).height, `${await label.textContent()} at ${width} px`).toBeLessThan(lineHeight * 1.5);
    }
  }
  await looked(page, info, 'dashboard-signed-locked');
});

test('the demo note is handwritten in Caveat, served from this origin', async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(request.url());
  });
  await page.goto('/demo/haus&haus');
  const note = page.getByText(/available for 7 days/);
  await expect(note).toBeVisible();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  expect(await note.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^Caveat\b/);
  expect(await page.evaluate(() => document.fonts.check('20px Caveat'))).toBe(true);
  const origin = new URL(page.url()).origin;
  expect(fonts.some((url) => url.startsWith(`${origin}/`) && /caveat-latin-400-normal/.test(url))).toBe(true);
  expect(fonts.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
});
