// A device whose storage is full: typing says so in words, the status stops saying 'synced', and
// once space is back the next change is saved and sent.
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { signUp, sql, test } from './fixtures';
import { stepHeading } from './subscription-steps';

const FULL =
  "This device's storage is full, so this could not be saved on it. Free some space on the device, then try again.";

/**
 * A full disk, at IndexedDB's boundary: every put and add refuses with the DOMException a browser
 * raises (QuotaExceededError) until space is given back. (Chromium's quota override,
 * Storage.overrideQuotaForOrigin, did not make IndexedDB writes fail here.)
 */
async function fillStorage(page: Page) {
  await page.evaluate(() => {
    const store = IDBObjectStore.prototype as IDBObjectStore & { __put?: unknown; __add?: unknown };
    const full = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    store.__put = store.put;
    store.__add = store.add;
    store.put = full;
    store.add = full;
  });
  return () =>
    page.evaluate(() => {
      const store = IDBObjectStore.prototype as IDBObjectStore & {
        __put: IDBObjectStore['put'];
        __add: IDBObjectStore['add'];
      };
      store.put = store.__put;
      store.add = store.__add;
    });
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
  await expect(status).toContainText(FULL, { timeout: 15_000 });
  await expect(status).not.toContainText('All changes synced');
  const toasts = page.getByRole('region', { name: /notifications/i });
  await expect(toasts.getByText('Save Failed')).toBeVisible();
  await expect(toasts.getByText(FULL)).toBeVisible();
  // Nothing on the page says it in the browser's words.
  await expect(page.getByText(/QuotaExceeded/)).toHaveCount(0);
  // What was typed stays on screen.
  await expect(name).toHaveValue('Ada Lovelace');

  await freeSpace();
  await name.pressSequentially(' King');
  await expect(status).toHaveText('All changes synced', { timeout: 15_000 });
  await expect(name).toHaveValue('Ada Lovelace King');
});

test('a full device on an assessment link: its status says so too, and space back saves and sends', async ({
  page,
}) => {
  const token = `Q${randomUUID().replace(/-/g, '')}`;
  await sql(`insert into agent_assessments (token) values ($1)`, [token]);
  await page.goto(`/agent-assessment/${token}`);
  const answer = page.getByLabel(/^Agency Name/);
  await expect(answer).toBeVisible({ timeout: 20_000 });
  const status = page.locator('[data-sync-kind]').getByRole('status');
  await expect(status).toHaveText('All changes synced', { timeout: 15_000 });

  const freeSpace = await fillStorage(page);
  await answer.pressSequentially('Harbour');
  await expect(status).toContainText(FULL, { timeout: 15_000 });
  await expect(status).not.toContainText('All changes synced');
  await expect(answer).toHaveValue('Harbour');

  await freeSpace();
  await answer.pressSequentially(' Homes');
  await expect(status).toHaveText('All changes synced', { timeout: 15_000 });
  await expect
    .poll(
      async () =>
        (await sql<{ name: string }>('select agency_name as name from agent_assessments where token = $1', [token]))[0]
          ?.name,
    )
    .toBe('Harbour Homes');
});
