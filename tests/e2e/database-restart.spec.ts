// Postgres restarts (a failover, an upgrade) while a person types: PostgREST answers 503 in its own
// words ('Database connection error. Retrying the connection.'). The status says it in the app's,
// the change waits on the device, and it arrives once the database is back.
import { expect } from '@playwright/test';
import { signUp, test } from './fixtures';
import { stackFault } from './stack-faults';
import { draftName, stepHeading } from './subscription-steps';

const AWAY = 'The server is restarting. Your changes are kept on this device and sent when it is back.';
const RAW = /Database (connection|client) error|Could not connect with the database|PGRST/;

test('a Postgres restart: the status says so in words, the change waits, and arrives when it is back', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = await signUp(page);
  await page.goto('/shareholder/subscribe');
  await expect(stepHeading(page, 1, 'Personal Details')).toBeVisible();
  const status = page.locator('[data-sync-kind]').getByRole('status');
  await expect(status).toHaveText('All changes synced', { timeout: 15_000 });

  await stackFault('stopPostgres');
  try {
    await page.getByLabel('Full name').pressSequentially('Grace Hopper');
    await expect(status).toContainText(AWAY, { timeout: 20_000 });
    await expect(page.getByText(RAW)).toHaveCount(0);
    await page.getByRole('button', { name: 'Sync details' }).click();
    const details = page.getByRole('dialog');
    await expect(details).toContainText(AWAY);
    await expect(details).not.toContainText(RAW);
    await page.keyboard.press('Escape');
  } finally {
    await stackFault('startPostgres');
  }
  await expect(status).toHaveText('All changes synced', { timeout: 30_000 });
  await expect.poll(() => draftName(email), { timeout: 10_000 }).toBe('Grace Hopper');
});
