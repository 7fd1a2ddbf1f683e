// A device whose storage is full: typing says so in words, the status stops saying 'synced', and
// once space is back the next change is saved and sent.
import { expect, type Page } from '@playwright/test';
import { signUp, test } from './fixtures';
import { stepHeading } from './subscription-steps';

const FULL =
  "This device's storage is full, so this could not be saved on it. Free some space on the device, then try again.";

/** The origin's quota set to what it already uses (Chromium's own quota override): writes fail. */
async function fillStorage(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const { usage } = await cdp.send('Storage.getUsageAndQuota', { origin });
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: Math.max(1, Math.floor(usage)) });
  return async () => {
    await cdp.send('Storage.overrideQuotaForOrigin', { origin });
    await cdp.detach();
  };
}

test('a full device: the words say so, the status is not synced, and space back saves again', async ({ page }) => {
  await signUp(page);
  await page.goto('/shareholder/subscribe');
  await expect(stepHeading(page, 1, 'Personal Details')).toBeVisible();
  const status = page.locator('[data-sync-kind]').getByRole('status');
  await expect(status).toHaveText('All changes synced', { timeout: 15_000 });

  const freeSpace = await fillStorage(page);
  const name = page.getByLabel('Full name');
  await name.pressSequentially('Ada Lovelace');
  const toasts = page.getByRole('region', { name: /notifications/i });
  await expect(toasts.getByText('Save Failed')).toBeVisible({ timeout: 15_000 });
  await expect(toasts.getByText(FULL)).toBeVisible();
  await expect(toasts.getByText(/QuotaExceeded/)).toHaveCount(0);
  await expect(status).toContainText(FULL);
  await expect(status).not.toContainText('All changes synced');
  // What was typed stays on screen.
  await expect(name).toHaveValue('Ada Lovelace');

  await freeSpace();
  await name.pressSequentially(' King');
  await expect(status).toHaveText('All changes synced', { timeout: 15_000 });
  await expect(name).toHaveValue('Ada Lovelace King');
});
