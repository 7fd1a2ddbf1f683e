// A value replaced where nobody was looking is said at its field, with a way back
// (docs/decisions/023-replaced-values-announced.md, 030-two-writers-one-truth.md): two devices of
// one user on the subscription's first step. While one is in the name field, the other saves a
// name: it shows there at once, focused or not. Typed over the moment it appeared, it is replaced
// and said under the field and in the header (never 'All changes synced' meanwhile), and 'Put
// theirs back' restores it everywhere. Then both change the name offline (a 200-character word on
// one of them); the one that reaches the server second sees the other's value replace its own,
// said under the field's own label in Sync details too, and puts its own back by keyboard alone.
import { expect, type Page } from '@playwright/test';
import { axeProblems, layoutProblem } from './checks';
import { controlledByServiceWorker, signIn, signUp, sql, test } from './fixtures';
import { stepHeading } from './subscription-steps';

/** An unbroken 200-character word, as a name pasted without spaces. */
const LONG_A = `OfflineA${'x'.repeat(192)}`;

const header = (page: Page) => page.locator('[data-sync-kind]').first().getByRole('status');

const serverName = async (email: string) =>
  (
    await sql<{ subscriber_name: string | null }>(
      `select s.subscriber_name from share_subscriptions s join auth.users u on u.id = s.user_id where u.email = $1`,
      [email],
    )
  )[0]?.subscriber_name ?? null;

test('a save over another device’s value, and a value lost to another device, are said at the field', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = await signUp(page);
  await controlledByServiceWorker(page);
  await page.goto('/shareholder/subscribe');
  await expect(stepHeading(page, 1, 'Personal Details')).toBeVisible();
  await page.getByRole('textbox', { name: 'Full name' }).fill('Ada Lovelace');
  await expect.poll(() => serverName(email), { timeout: 20_000 }).toBe('Ada Lovelace');

  const other = await signIn(browser, email);
  const b = other.page;
  await controlledByServiceWorker(b);
  await b.goto('/shareholder/subscribe');
  // A draft with a name resumes at the investment step: back to the name.
  await expect(stepHeading(b, 2, 'Investment Details')).toBeVisible({ timeout: 20_000 });
  await b.getByRole('button', { name: 'Back' }).click();
  await expect(stepHeading(b, 1, 'Personal Details')).toBeVisible();
  await expect(b.getByRole('textbox', { name: 'Full name' })).toHaveValue('Ada Lovelace');

  // B is in the name field when A's save arrives: it shows there at once, and B, typing on the
  // moment it appeared, replaces it — said at the field, with a way back.
  await b.getByRole('textbox', { name: 'Full name' }).click();
  await page.getByRole('textbox', { name: 'Full name' }).fill('Name From A');
  await expect(b.getByRole('textbox', { name: 'Full name' })).toHaveValue('Name From A', { timeout: 10_000 });
  await expect(b.getByRole('textbox', { name: 'Full name' })).toBeFocused();
  await b.getByRole('textbox', { name: 'Full name' }).fill('Ada Lovelace B');

  const notice = b.getByRole('status').filter({ hasText: /^Full name: your change/ });
  await expect(notice).toContainText(
    /^Full name: your change, “Ada Lovelace B”, replaced “Name From A”, saved on another device \(\d\d:\d\d\)\./,
  );
  await expect(header(b)).toHaveText('Synced — 1 replaced value to review', { timeout: 20_000 });
  await expect.poll(() => serverName(email), { timeout: 10_000 }).toBe('Ada Lovelace B');
  // Read and reached like the rest of the page: no serious axe finding, no overflow on a phone.
  expect(await axeProblems(b)).toEqual([]);
  await b.setViewportSize({ width: 390, height: 800 });
  expect(await b.evaluate(layoutProblem)).toBeNull();

  await b.getByRole('button', { name: 'Put theirs back (Full name)' }).click();
  await expect(b.getByRole('textbox', { name: 'Full name' })).toHaveValue('Name From A');
  await expect(notice).toHaveCount(0);
  await expect(header(b)).toHaveText('All changes synced', { timeout: 20_000 });
  await expect.poll(() => serverName(email), { timeout: 10_000 }).toBe('Name From A');
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Name From A', { timeout: 10_000 });

  // A has seen it back for over a second (SEEN_AFTER_MS, form-machine.ts): typed over sooner, it
  // would be replaced unseen, and kept as a value of its own (conflict-log.test.ts).
  await page.waitForTimeout(1_100);
  // Both change the name offline; B reaches the server first, so A's value is set aside.
  await page.context().setOffline(true);
  await other.context.setOffline(true);
  await page.getByRole('textbox', { name: 'Full name' }).fill(LONG_A);
  await page.getByRole('textbox', { name: 'Full name' }).blur();
  await b.getByRole('textbox', { name: 'Full name' }).fill('Offline B');
  await b.getByRole('textbox', { name: 'Full name' }).blur();
  await other.context.setOffline(false);
  await expect.poll(() => serverName(email), { timeout: 20_000 }).toBe('Offline B');
  await page.context().setOffline(false);

  const lost = page.getByRole('status').filter({ hasText: /^Full name: “Offline B”/ });
  await expect(lost).toContainText(
    // A long value is cut at 120 characters in the sentence.
    `Full name: “Offline B”, saved on another device, replaced yours, “${LONG_A.slice(0, 120)}…” (`,
    { timeout: 20_000 },
  );
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Offline B');
  await expect(header(page)).toHaveText('Synced — 1 replaced value to review', { timeout: 20_000 });
  // The header's details list it too, in the same words.
  await page.getByRole('button', { name: 'Sync details' }).click();
  const details = page.getByRole('dialog', { name: 'Sync details' });
  await expect(details).toContainText('To review1');
  // Under the field's own label, never the column's.
  await expect(details).toContainText('Full name: “Offline B”, saved on another device, replaced yours');
  await expect(details).not.toContainText('Subscriber name');
  await page.keyboard.press('Escape');

  // It fits a phone and a tablet with the long word in it.
  for (const width of [390, 820]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(layoutProblem), `at ${width} px`).toBeNull();
  }
  // By keyboard alone: from the name field, Tab reaches 'Put mine back', and Enter presses it.
  await page.getByRole('textbox', { name: 'Full name' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Put mine back (Full name)' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue(LONG_A);
  await expect.poll(() => serverName(email), { timeout: 20_000 }).toBe(LONG_A);
  await expect(header(page)).toHaveText('All changes synced', { timeout: 20_000 });
  await expect(b.getByRole('textbox', { name: 'Full name' })).toHaveValue(LONG_A, { timeout: 10_000 });
  await other.context.close();
});
