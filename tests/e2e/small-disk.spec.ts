// A device whose disk is full for real: a profile on an 80 MB disk, its quota filled by another
// database (tests/e2e/small-disk.ts). Beside full-device.spec (which makes every IndexedDB write
// refuse), this is the browser's own QuotaExceededError, in every store the app writes to.
import { expect } from '@playwright/test';
import { signUp, test } from './fixtures';
import { fillQuota, freeQuota, smallDiskBrowser } from './small-disk';
import { draftName, stepHeading } from './subscription-steps';

const FULL =
  "This device's storage is full, so this could not be saved on it. Free some space on the device, then try again.";

test('a disk full for real: typing says so and is sent all the same, a reload opens with the words, space back keeps it', async ({
  baseURL,
}) => {
  test.setTimeout(240_000);
  const device = await smallDiskBrowser(baseURL);
  try {
    const { page } = device;
    const email = await signUp(page);
    await page.goto('/shareholder/subscribe');
    await expect(stepHeading(page, 1, 'Personal Details')).toBeVisible();
    const status = page.locator('[data-sync-kind]').getByRole('status');
    await expect(status).toHaveText('All changes synced', { timeout: 15_000 });

    const filled = await fillQuota(page);
    test.info().annotations.push({ type: 'quota filled (MB)', description: (filled / 2 ** 20).toFixed(1) });
    const name = page.getByLabel('Full name');
    await name.pressSequentially('Ada Lovelace');
    await expect(status).toContainText(FULL, { timeout: 15_000 });
    await expect(page.getByText(/QuotaExceeded/)).toHaveCount(0);
    await expect(name).toHaveValue('Ada Lovelace');
    // Not stored here, yet sent all the same (src/data/unstored-push.ts), with the page still open.
    await expect.poll(() => draftName(email), { timeout: 10_000 }).toBe('Ada Lovelace');
    await name.pressSequentially(' King');
    await expect.poll(() => draftName(email), { timeout: 10_000 }).toBe('Ada Lovelace King');

    // Reloaded while still full: the page opens (not 'Loading...' for ever) and says why.
    await page.reload();
    await expect(stepHeading(page, 1, 'Personal Details')).toBeVisible({ timeout: 15_000 });
    await expect(status).toContainText(FULL, { timeout: 15_000 });
    await expect(page.getByText('Loading...')).toHaveCount(0);

    // Space back: the next opening writes what was kept, and the device agrees with the server.
    await freeQuota(page);
    await page.reload();
    await expect(name).toHaveValue('Ada Lovelace King', { timeout: 15_000 });
    await expect(status).toHaveText('All changes synced', { timeout: 15_000 });
    expect(await draftName(email)).toBe('Ada Lovelace King');
    expect(device.violations).toEqual([]);
  } finally {
    await device.close();
  }
});
