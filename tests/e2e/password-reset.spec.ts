// Forgot password, through the local inbox: the reset link signs the user in on /auth/reset, the
// new password replaces the old one, and the link works once.
import { expect, type Page } from '@playwright/test';
import { apiClient, mailTo, newEmail, PASSWORD, requestResetLink, resetLink, signUp, test } from './fixtures';

const NEW_PASSWORD = 'e2e-new-password-2';

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

async function signInWith(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('forgot password: the emailed link sets a new password and signs in; the link works once', async ({ page }) => {
  test.setTimeout(180_000);
  const email = await signUp(page);
  await signOut(page);

  // 'Forgot password?' on /auth, with the address typed there.
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('main').getByText('Check your email for a reset link')).toBeVisible();

  const mail = await mailTo(email, 'Reset your password');
  const link = resetLink(mail);
  expect(mail.html).toContain(link.replace(/&/g, '&amp;'));

  // The link: the auth service signs the user in and sends them to /auth/reset.
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/reset/);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expect(page.getByText(`For ${email}.`)).toBeVisible();
  // The tokens are gone from the address once the client has them.
  await expect.poll(() => new URL(page.url()).hash).not.toContain('access_token');

  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}x`);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible();
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

  // The old password no longer signs in; the new one does.
  await signOut(page);
  await signInWith(page, email, PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  await signInWith(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same link again: used, so invalid, and the way to a new one.
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/reset#error=access_denied&error_code=otp_expired/);
  await expect(page.getByText('This reset link is invalid or has expired — ask for a new one')).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/auth?mode=recover');
});

test('an unknown address gets the same answer, and no mail', async ({ page }) => {
  const email = `nobody-${Date.now()}@example.test`;
  await page.goto('/auth?mode=recover');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('main').getByText('Check your email for a reset link')).toBeVisible();
  const response = await fetch(`${process.env.E2E_MAIL_URL}/api/messages?to=${encodeURIComponent(email)}`);
  expect(await response.json()).toEqual([]);
});

test('/auth/reset opened without a link says so and leads to sign in', async ({ page }) => {
  await page.goto('/auth/reset');
  await expect(page.getByRole('heading', { name: 'No reset link opened' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

test.describe('the app’s code slower than the auth client', () => {
  // The page's own requests, so that the route below holds the app's code (not the worker's cache).
  test.use({ serviceWorkers: 'block' });

  test('a reset link still opens the set-password screen', async ({ page }) => {
    const email = newEmail();
    const { error } = await apiClient().auth.signUp({ email, password: PASSWORD });
    if (error) throw error;
    const link = await requestResetLink(page, email);
    // The first script asks for the auth client and the app's code at once. On a loaded tablet the
    // auth client can take the link's tokens (and clear them from the address) before the app's
    // code runs: the app's code is held until then.
    const taken = new Promise<void>((resolve) =>
      page.on('requestfinished', (request) => {
        if (new URL(request.url()).pathname === '/auth/v1/user') resolve();
      }),
    );
    let hashWhenReleased: string | null = null;
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
      await taken;
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('');
      hashWhenReleased = await page.evaluate(() => location.hash);
      await route.continue();
    });
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await expect(page.getByText(`For ${email}.`)).toBeVisible();
    expect(hashWhenReleased, 'the app’s code ran after the tokens left the address').toBe('');
  });
});
