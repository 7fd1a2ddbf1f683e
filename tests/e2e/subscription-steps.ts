// The five steps of the share subscription, done as a person does them (shareholder.spec).
import { expect, type Page } from '@playwright/test';
import { sql } from './sql';

export const stepHeading = (page: Page, n: number, title: string) => page.getByText(`Step ${n} of 5: ${title}`);

export async function fillPersonal(page: Page) {
  await expect(stepHeading(page, 1, 'Personal Details')).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Address').fill('12 St James Square, London SW1Y 4JH');
  await page.getByLabel('Phone (optional)').fill('020 7946 0123');
  await expect(next).toBeEnabled();
  await next.click();
  // Step 1 has the same buttons: a caller measuring or focusing them waits for step 2 itself.
  await expect(stepHeading(page, 2, 'Investment Details')).toBeVisible();
}

export async function fillInvestment(page: Page) {
  await expect(stepHeading(page, 2, 'Investment Details')).toBeVisible();
  const shares = page.getByLabel('Number of shares');
  await shares.fill('3000');
  await expect(page.getByText('Minimum purchase is 5,000 shares')).toBeVisible();
  await shares.blur();
  await expect(shares).toHaveValue('5000');
  await expect(page.getByLabel('Price per share')).toHaveValue('£1.25');
  await shares.fill('8000');
  await shares.blur();
  await expect(page.getByTestId('subscription-total')).toHaveText('£10,000.00');
  await page.getByRole('button', { name: 'Next' }).click();
}

export async function fillLegal(page: Page) {
  await expect(stepHeading(page, 3, 'Legal Confirmations')).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  for (const box of await page.getByRole('checkbox').all()) {
    await expect(next).toBeDisabled();
    await box.check();
  }
  await expect(next).toBeEnabled();
  await next.click();
}

/** Draws a signature with the mouse, as a person would. */
export async function sign(page: Page) {
  await expect(stepHeading(page, 4, 'Digital Signature')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  // A person scrolls to the pad first: strokes below the window's edge would never reach it.
  await page.getByTestId('signature-pad').scrollIntoViewIfNeeded();
  const pad = await page.getByTestId('signature-pad').boundingBox();
  if (!pad) throw new Error('no signature pad');
  await page.mouse.move(pad.x + 40, pad.y + 120);
  await page.mouse.down();
  for (const [dx, dy] of [
    [80, 60],
    [140, 140],
    [200, 70],
    [260, 130],
    [320, 80],
  ] as const) {
    await page.mouse.move(pad.x + dx, pad.y + dy, { steps: 8 });
  }
  await page.mouse.up();
  await expect(page.getByText('Signature captured.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
}

/** The whole wizard from step 1 to the dashboard, as shareholder.spec's first test does it. */
export async function completeSubscription(page: Page) {
  await fillPersonal(page);
  await fillInvestment(page);
  await fillLegal(page);
  await sign(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Complete Subscription' }).click();
  await expect(page).toHaveURL(/\/shareholder\/dashboard$/);
}

/** The name on `email`'s draft as Postgres has it (null: no draft, or no name yet). */
export const draftName = async (email: string) =>
  (
    await sql<{ name: string | null }>(
      `select s.subscriber_name as name from share_subscriptions s join auth.users u on u.id = s.user_id
        where u.email = $1 and s.status = 'draft'`,
      [email],
    )
  )[0]?.name ?? null;
