// Two writers, one truth (docs/decisions/030-two-writers-one-truth.md), tried as new users would:
// a second device opened before the draft existed; two devices starting a draft offline; two tabs
// of one browser; a device back after the other signed; a reconnect (two people typing one answer
// of an assessment link: one-answer-two-people.spec.ts). Each in real Chromium against the local stack.
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { axeProblems, layoutProblem } from './checks';
import { controlledByServiceWorker, signIn, signUp, sql, test } from './fixtures';
import { readCollection } from './sync-random/device';
import { fillLegal, stepHeading } from './subscription-steps';

const SUBSCRIBE = '/shareholder/subscribe';

/** The account's subscriptions as Postgres holds them. */
const subscriptionsOf = (email: string) =>
  sql<{ status: string; name: string | null; address: string | null; phone: string | null; deleted: boolean }>(
    `select s.status, s.subscriber_name as name, s.subscriber_address as address, s.subscriber_phone as phone,
            s._deleted as deleted
       from share_subscriptions s join auth.users u on u.id = s.user_id where u.email = $1`,
    [email],
  );

const openDrafts = async (email: string) =>
  (await subscriptionsOf(email)).filter((s) => s.status === 'draft' && !s.deleted);

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const header = (page: Page) => page.locator('[data-sync-kind]').first().getByRole('status');

async function atStepOne(page: Page) {
  await page.goto(SUBSCRIBE);
  await expect(stepHeading(page, 1, 'Personal Details')).toBeVisible({ timeout: 20_000 });
}

test('a device opened before the draft existed takes it as soon as it exists, and both end on one draft', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = await signUp(page);
  const b = (await signIn(browser, email)).page;
  // B opens the wizard first: no draft anywhere yet.
  await atStepOne(b);
  await atStepOne(page);
  await field(page, 'Full name').fill('Alice Investor');
  await field(page, 'Address').fill('1 A Street, Bath');
  // B shows A's answers without a reload (the live channel), in every field.
  await expect(field(b, 'Full name')).toHaveValue('Alice Investor', { timeout: 10_000 });
  await expect(field(b, 'Address')).toHaveValue('1 A Street, Bath');
  await field(b, 'Phone (optional)').fill('07700 900123');
  await expect(field(page, 'Phone (optional)')).toHaveValue('07700 900123', { timeout: 10_000 });
  await expect
    .poll(async () => openDrafts(email))
    .toEqual([
      { status: 'draft', name: 'Alice Investor', address: '1 A Street, Bath', phone: '07700 900123', deleted: false },
    ]);
  expect(await subscriptionsOf(email)).toHaveLength(1);
  for (const p of [page, b]) {
    // Opened again (a reload would stay on its step, which is in the address).
    await p.goto(SUBSCRIBE);
    // A draft with a name and an address resumes at step 3: its answers are all there.
    await expect(stepHeading(p, 3, 'Legal Confirmations')).toBeVisible({ timeout: 20_000 });
  }
  await b.context().close();
});

test('two devices that start a draft offline end on one, merged field by field; the name that lost is said and kept', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = await signUp(page);
  const other = await signIn(browser, email);
  const b = other.page;
  for (const p of [page, b]) {
    await atStepOne(p);
    await controlledByServiceWorker(p);
  }
  await page.context().setOffline(true);
  await other.context.setOffline(true);
  await field(page, 'Full name').fill('Alice Investor');
  await field(page, 'Address').fill('1 A Street, Bath');
  await field(b, 'Full name').fill('Alice I.');
  await field(b, 'Phone (optional)').fill('07700 900123');
  // A reaches the server first.
  await page.context().setOffline(false);
  await expect.poll(async () => (await openDrafts(email))[0]?.name, { timeout: 20_000 }).toBe('Alice Investor');
  await other.context.setOffline(false);
  await expect
    .poll(async () => openDrafts(email), { timeout: 20_000 })
    .toEqual([
      { status: 'draft', name: 'Alice Investor', address: '1 A Street, Bath', phone: '07700 900123', deleted: false },
    ]);
  // On B, the name that stands shows, and B's own is said under the field, with a way back.
  await expect(field(b, 'Full name')).toHaveValue('Alice Investor', { timeout: 10_000 });
  await expect(field(b, 'Address')).toHaveValue('1 A Street, Bath');
  await expect(
    b
      .getByRole('status')
      .filter({ hasText: /^Full name: “Alice Investor”, saved on another device, replaced yours, “Alice I\.”/ }),
  ).toBeVisible({ timeout: 10_000 });
  await expect(field(page, 'Phone (optional)')).toHaveValue('07700 900123', { timeout: 10_000 });
  expect(await axeProblems(b)).toEqual([]);
  await other.context.close();
});

/** Two tabs of one browser, both on step 1 before any draft exists. */
async function twoTabs(context: BrowserContext, page: Page) {
  const email = await signUp(page);
  const second = await context.newPage();
  await atStepOne(page);
  await atStepOne(second);
  return { email, second };
}

test('two tabs of one browser are one device: one draft, one value everywhere, never "another device"', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const { email, second } = await twoTabs(context, page);
  // Both type the name at once, before either has a draft.
  await Promise.all([
    field(page, 'Full name').fill('Explorer Three Tabs'),
    field(second, 'Full name').fill('Bravo Second Tab'),
  ]);
  const stored = async () =>
    (await readCollection(page, 'share_subscriptions'))
      .filter((d) => d.status === 'draft')
      .map((d) => d.subscriber_name);
  await expect.poll(stored).toEqual([expect.stringMatching(/^(Explorer Three Tabs|Bravo Second Tab)$/)]);
  const [stands] = (await stored()) as string[];
  const setAside = stands === 'Explorer Three Tabs' ? 'Bravo Second Tab' : 'Explorer Three Tabs';
  // Within a second of the typing, both tabs show the one that stands, whole.
  for (const tab of [page, second]) await expect(field(tab, 'Full name')).toHaveValue(stands!, { timeout: 2_000 });
  // The other is kept once, as another tab's, and said so — no tab speaks of another device.
  await expect
    .poll(async () =>
      (await readCollection(page, 'conflict_log'))
        .filter((e) => e.reviewed === false)
        .map((e): unknown[] => [JSON.parse(String(e.local)), e.replacedBy]),
    )
    .toEqual([[setAside, expect.stringMatching(/^(other-tab|this-tab)$/)]]);
  const saidAsTab = async () =>
    (await page.getByText(/another tab of this browser/).count()) +
    (await second.getByText(/another tab of this browser/).count());
  await expect.poll(saidAsTab).toBeGreaterThan(0);
  for (const tab of [page, second]) expect(await tab.getByText(/another device/).count()).toBe(0);
  await expect.poll(async () => (await openDrafts(email)).map((d) => d.name), { timeout: 20_000 }).toEqual([stands]);
});

test('a reconnect shows no failure that did not happen', async ({ page, context }) => {
  test.setTimeout(180_000);
  await signUp(page);
  await atStepOne(page);
  await controlledByServiceWorker(page);
  await field(page, 'Full name').fill('Before');
  await expect(header(page)).toHaveText('All changes synced', { timeout: 20_000 });
  // Every text the status takes, from here on.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenStatus: string[] }).seenStatus = seen;
    const root = document.querySelector('[data-sync-kind]');
    new MutationObserver(() => seen.push(root?.textContent ?? '')).observe(root!, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await context.setOffline(true);
  await field(page, 'Full name').fill('Typed offline');
  await expect(header(page)).toContainText('Offline', { timeout: 10_000 });
  await page.waitForTimeout(3_000);
  await context.setOffline(false);
  await expect(header(page)).toHaveText('All changes synced', { timeout: 20_000 });
  const seen = await page.evaluate(() => (window as unknown as { seenStatus: string[] }).seenStatus);
  expect(seen.filter((s) => /Sync problem|cannot be reached/.test(s))).toEqual([]);
  // And it fits a phone and a tablet.
  for (const width of [390, 820]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(layoutProblem), `at ${width} px`).toBeNull();
  }
});

test('a name changed on another device while this one signs by typing: the step says which name, and the server keeps both', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = await signUp(page);
  await atStepOne(page);
  await field(page, 'Full name').fill('Alice Investor');
  await field(page, 'Address').fill('1 A Street, Bath');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await fillLegal(page);
  await page.getByRole('tab', { name: 'Type your name' }).click();
  await expect(page.getByLabel('Type your full name')).toHaveValue('Alice Investor');
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();

  // Another device of the same investor corrects the name on step 1.
  const other = await signIn(browser, email);
  await other.page.goto(SUBSCRIBE);
  // It resumes where the draft was left (the signature step, or the payment step after it).
  const stepText = other.page.getByText(/^Step [1-5] of 5/);
  await expect(other.page.getByText(/^Step [45] of 5/)).toBeVisible({ timeout: 20_000 });
  for (let n = Number((await stepText.textContent())!.slice(5, 6)); n > 1; n--) {
    await other.page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(stepText).toHaveText(new RegExp(`^Step ${n - 1} of 5`));
  }
  await field(other.page, 'Full name').fill('Alice Smith');

  // The signing device hears of it: the typed name is no longer the subscriber's, and it says so.
  await expect(page.getByText('Type your name as you gave it in step 1: Alice Smith.')).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByLabel('Type your full name').fill('alice  smith');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Complete Subscription' }).click();
  await expect(page.getByText('Subscription Completed!')).toBeVisible({ timeout: 20_000 });
  const [signed] = await sql<{ status: string; name: string; typed: string; method: string }>(
    `select s.status, s.subscriber_name as name, s.signature_name as typed, s.signature_method as method
       from share_subscriptions s join auth.users u on u.id = s.user_id where u.email = $1`,
    [email],
  );
  expect(signed).toEqual({ status: 'signed', name: 'Alice Smith', typed: 'alice  smith', method: 'typed' });
  await expect(other.page).toHaveURL(/\/shareholder\/dashboard$/, { timeout: 20_000 });
  await other.context.close();
});
