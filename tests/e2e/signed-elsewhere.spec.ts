// Final states win, visibly (docs/decisions/021-live-sync-channel.md; docs/product/messages.md):
// a subscription signed on one device while two others of the same user have it open — one idle
// online, one offline with a change typed since — ends on the dashboard on both, the offline
// one's later change kept in the conflict log with a sentence, nothing left waiting and no rule,
// column or function name anywhere on screen.
import { expect, type Page } from '@playwright/test';
import { controlledByServiceWorker, signIn, signUp, test } from './fixtures';
import { fillLegal, fillPersonal, sign, stepHeading } from './subscription-steps';

/** A server rule's name on screen ('share_subscriptions_signed_is_immutable', 'sync_…'). */
const RULE_NAME = /\b[a-z]+_[a-z0-9_]+\b/;

const synced = (page: Page) =>
  expect(page.getByRole('status').filter({ hasText: 'All changes synced' })).toBeVisible({ timeout: 20_000 });

test('signed on another device: the open devices show the dashboard, later typing is kept and said', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = await signUp(page);
  await controlledByServiceWorker(page);
  await page.goto('/shareholder/subscribe');
  await fillPersonal(page);
  await synced(page);

  // An idle device, online, open on the wizard (it resumes at the first step not done).
  const idle = (await signIn(browser, email)).page;
  await idle.goto('/shareholder/subscribe');
  await expect(stepHeading(idle, 3, 'Legal Confirmations')).toBeVisible({ timeout: 20_000 });

  // This device goes offline and changes the number of shares.
  await context.setOffline(true);
  const shares = page.getByLabel('Number of shares');
  await shares.fill('9000');
  await shares.blur();
  await expect(page.getByTestId('subscription-total')).toHaveText('£11,250.00');

  // A third device signs.
  const signer = await signIn(browser, email);
  const other = signer.page;
  await other.goto('/shareholder/subscribe');
  await fillLegal(other);
  await sign(other);
  await other.getByRole('button', { name: 'Next' }).click();
  await other.getByRole('button', { name: 'Complete Subscription' }).click();
  await expect(other.getByText('Subscription Completed!')).toBeVisible();

  // The idle device hears of it and shows the dashboard, saying why.
  await expect(idle).toHaveURL(/\/shareholder\/dashboard$/);
  await expect(idle.getByText('Signed on another device', { exact: true })).toBeVisible();
  await expect(
    idle.getByText(/^This subscription was signed on another device on \d+ \w+ \d{4} at \d\d:\d\d/).first(),
  ).toBeVisible();
  await expect(idle.getByText('Welcome back, Ada Lovelace')).toBeVisible();

  // The offline device comes back: its change loses to the signed row, and is kept.
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/shareholder\/dashboard$/);
  // Said with the value itself: the dashboard has no Sync details to point at.
  await expect(
    page.getByRole('status').filter({
      hasText:
        /^This subscription was signed on another device on .+, so what you typed here after that was not saved to it: the number of shares \(9,000\)\.$/,
    }),
  ).toBeVisible();
  for (const p of [page, idle]) {
    if ((await p.getByRole('button', { name: 'Sync details' }).count()) === 0) {
      await expect(p.getByText(/Sync details/)).toHaveCount(0);
    }
  }
  for (const p of [page, idle, other]) {
    const text = await p.locator('body').innerText();
    expect(text.match(RULE_NAME)?.[0] ?? null, `a rule's name on ${p.url()}`).toBeNull();
  }

  // Nothing waits to be sent; the value is in Sync details (a page with the sync status).
  await page.goto('/saved-properties');
  await synced(page);
  await expect(page.getByRole('status').filter({ hasText: 'waiting' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sync details' }).click();
  const details = page.getByRole('dialog', { name: 'Sync details' });
  await expect(details).toContainText('Conflicts kept2');
  await expect(details).toContainText('Live updates');
  expect((await page.locator('body').innerText()).match(RULE_NAME)?.[0] ?? null).toBeNull();
  await signer.context.close();
  await idle.context().close();
});
