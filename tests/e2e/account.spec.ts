// The account screen: change the email through the confirmation mail in the local inbox, then the
// password, and sign in with both.
import { expect, type Page } from '@playwright/test';
import { apiClient, type Mail, mailTo, newEmail, ONLINE_ONLY, PASSWORD, signUp, test } from './fixtures';

test.use(ONLINE_ONLY);

/** The confirmation link of a mail: the auth service's /verify with type=email_change. */
function verifyLink(mail: Mail): string {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no verify link in: ${mail.text}`);
  expect(link).toContain('type=email_change');
  return link;
}

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

test('change the email from the account screen, confirm it from the mail, then change the password', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const oldAddress = await signUp(page);
  const newAddress = newEmail();

  // Account, from the signed-in header.
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.getByTestId('account-email')).toHaveText(oldAddress);

  // Refused before the server: the current address.
  const emailField = page.getByLabel('New email address');
  await emailField.fill(oldAddress);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText('This is already your email address')).toBeVisible();

  await emailField.fill(newAddress);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(
    page.getByText(
      `Check ${newAddress} and ${oldAddress} to confirm the change: each gets a link, and the change needs both`,
    ),
  ).toBeVisible();
  await expect(page.getByText(`Waiting for confirmation of ${newAddress}`)).toBeVisible();
  // Nothing has changed yet, and it still waits after a reload.
  await page.reload();
  await expect(page.getByTestId('account-email')).toHaveText(oldAddress);
  await expect(page.getByText(`Waiting for confirmation of ${newAddress}`)).toBeVisible();

  // The mail to the new address: its link alone does not move the account (a stolen session could
  // have asked); the page says the other one is needed.
  const link = verifyLink(await mailTo(newAddress, 'Confirm your new email address'));
  await page.goto(link);
  await expect(page).toHaveURL(/\/account$/);
  await expect(
    page.getByText('Confirmation link accepted. Follow the link sent to the other address too'),
  ).toBeVisible();
  await expect(page.getByTestId('account-email')).toHaveText(oldAddress);

  // The mail to the old address; its link brings this page back to /account with the change made.
  const oldLink = verifyLink(await mailTo(oldAddress, 'Confirm your email address change'));
  await page.goto(oldLink);
  // The auth client takes the session out of the address, which keeps an empty '#'.
  await expect(page).toHaveURL(/\/account#?$/);
  await expect(page.getByText('Email address changed')).toBeVisible();
  await expect(page.getByTestId('account-email')).toHaveText(newAddress);
  await expect(page.getByText(/Waiting for confirmation/)).toHaveCount(0);

  // The link works once: opened again, the page says so and the address stays.
  await page.goto(oldLink);
  await expect(page).toHaveURL(/\/account#?$/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'This confirmation link is invalid or has expired' }),
  ).toBeVisible();
  await expect(page.getByTestId('account-email')).toHaveText(newAddress);

  // The new address signs in; the old one no longer does.
  await signOut(page);
  await signInWith(page, oldAddress, PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible();
  await signInWith(page, newAddress, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Another device signed in with the old password: the change signs it out.
  const otherDevice = apiClient();
  const { error: otherError } = await otherDevice.auth.signInWithPassword({ email: newAddress, password: PASSWORD });
  expect(otherError).toBeNull();

  // The password: refused when the two differ, then changed.
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  const newPassword = 'a-new-e2e-password';
  await page.getByLabel('Current password').fill('not-the-password');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('something-else');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  // The server checks the current password: a wrong one changes nothing.
  await expect(page.getByRole('alert').filter({ hasText: 'The current password is not right' })).toBeVisible();
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();
  await expect(page.getByText('Signed out on your other devices')).toBeVisible();
  // This device stays signed in.
  await expect(page.getByTestId('account-email')).toHaveText(newAddress);

  const { error: refreshError } = await otherDevice.auth.refreshSession();
  expect(refreshError).not.toBeNull();

  await signOut(page);
  await signInWith(page, newAddress, PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible();
  await signInWith(page, newAddress, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});
