// A global sign-out made elsewhere (another device's 'sign out everywhere', a password change)
// while this device has a change waiting: its next refresh fails and it is signed out. The change
// must stay on the device, the page must say that it waits, and it must reach the server once the
// same user signs in again — not be refused as an anonymous push and left parked.
import { expect, type Page } from '@playwright/test';
import { apiClient, controlledByServiceWorker, PASSWORD, signUp, sql, test } from './fixtures';
import { fillPersonal, stepHeading } from './subscription-steps';

const WAITING_LINE = '1 change on this device has not been sent yet. It will be sent when you sign in again.';

const sharesOnServer = async (email: string) =>
  (
    await sql<{ number_of_shares: number }>(
      `select s.number_of_shares from public.share_subscriptions s join auth.users u on u.id = s.user_id
        where u.email = $1`,
      [email],
    )
  ).map((r) => Number(r.number_of_shares));

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('signed out everywhere from elsewhere: the waiting change is said, kept, and sent after signing in again', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const email = await signUp(page);
  await controlledByServiceWorker(page);
  await page.goto('/shareholder/subscribe');
  await fillPersonal(page);
  await expect(status(page, 'All changes synced')).toBeVisible({ timeout: 20_000 });
  const before = await sharesOnServer(email);
  expect(before).toHaveLength(1);

  // Offline, the number of shares changes: one change waits on this device.
  await context.setOffline(true);
  const shares = page.getByLabel('Number of shares');
  await shares.fill('9000');
  await shares.blur();
  await expect(page.getByTestId('subscription-total')).toHaveText('£11,250.00');
  await expect(status(page, '1 change waiting')).toBeVisible();

  // Elsewhere, the user signs out of every device.
  const api = apiClient();
  expect((await api.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  expect((await api.auth.signOut({ scope: 'global' })).error).toBeNull();

  // Hours later this device's access token has expired, so coming back online its refresh fails.
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.+-auth-token$/.test(k))!;
    const stored = JSON.parse(localStorage.getItem(key)!) as { expires_at: number };
    localStorage.setItem(key, JSON.stringify({ ...stored, expires_at: Math.floor(Date.now() / 1000) - 60 }));
  });
  await context.setOffline(false);

  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText(WAITING_LINE)).toBeVisible();
  expect(await sharesOnServer(email)).toEqual(before);
  // Still said after a reload, and on the sign-in page.
  await page.reload();
  await expect(page.getByText(WAITING_LINE)).toBeVisible();
  await page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Authentication Required' }) })
    .getByRole('link', { name: 'Sign In' })
    .click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByText(WAITING_LINE)).toBeVisible();

  // The same user signs in again: the change goes up, and nothing is left waiting or refused.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(() => sharesOnServer(email), { timeout: 20_000 }).toEqual([9000]);
  // The wizard resumes after the investment step, which the change completed.
  await page.goto('/shareholder/subscribe');
  await expect(stepHeading(page, 3, 'Legal Confirmations')).toBeVisible();
  await expect(status(page, 'All changes synced')).toBeVisible({ timeout: 20_000 });
  await expect(status(page, 'waiting')).toHaveCount(0);
  await expect(page.getByText(/not allowed for this account/)).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('chloe:changes-waiting'))).toBeNull();
});
