// The browser's Back and Forward in both wizards: the step is in the address,
// so Back from step 3 is step 2, not the page before the wizard; Forward returns; a reload stays
// on its step, offline too; a resumed draft still opens where the spec says.
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { controlledByServiceWorker, signUp, sql, test } from './fixtures';
import { fillInvestment, fillPersonal, stepHeading } from './subscription-steps';

test('the subscription: Back and Forward move between steps, a reload keeps its step, a resume opens at 3', async ({
  page,
  context,
}) => {
  await signUp(page);
  await page.goto('/shareholder');
  await page.goto('/shareholder/subscribe');
  await expect(stepHeading(page, 1, 'Personal Details')).toBeVisible();
  await expect(page).toHaveURL(/\/shareholder\/subscribe\?step=1$/);
  await fillPersonal(page);
  await fillInvestment(page);
  await expect(stepHeading(page, 3, 'Legal Confirmations')).toBeVisible();
  await expect(page).toHaveURL(/\?step=3$/);

  await page.goBack();
  await expect(stepHeading(page, 2, 'Investment Details')).toBeVisible();
  await expect(page.getByLabel('Number of shares')).toHaveValue('8000');
  await page.goBack();
  await expect(stepHeading(page, 1, 'Personal Details')).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');
  await page.goForward();
  await expect(stepHeading(page, 2, 'Investment Details')).toBeVisible();
  // The page's own Back is a step back too, and the browser's Back after it the step it came from.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(stepHeading(page, 1, 'Personal Details')).toBeVisible();

  // A reload stays on its step, offline as well.
  await page.goto('/shareholder/subscribe?step=2');
  await expect(stepHeading(page, 2, 'Investment Details')).toBeVisible();
  await controlledByServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(stepHeading(page, 2, 'Investment Details')).toBeVisible({ timeout: 20_000 });
  await context.setOffline(false);

  // A step the draft cannot reach yet shows the furthest it can; without a step, the resume step.
  await page.goto('/shareholder/subscribe?step=5');
  await expect(stepHeading(page, 3, 'Legal Confirmations')).toBeVisible();
  await expect(page).toHaveURL(/\?step=3$/);
  await page.goto('/shareholder/subscribe');
  await expect(stepHeading(page, 3, 'Legal Confirmations')).toBeVisible();
});

test('the assessment: Back and Forward move between its steps', async ({ page }) => {
  const token = `T${randomUUID().replace(/-/g, '')}`;
  await sql(`insert into agent_assessments (token, agency_name) values ($1, 'Acme Lettings')`, [token]);
  await page.goto(`/agent-assessment/${token}`);
  const step = (n: number, title: string) => page.getByText(`Step ${n} of 7: ${title}`);
  await expect(step(1, 'Business Details')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/agent-assessment/${token}\\?step=1$`));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(step(2, 'Chloe Preferences')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(step(3, 'Technology Stack')).toBeVisible();
  await page.goBack();
  await expect(step(2, 'Chloe Preferences')).toBeVisible();
  await page.goBack();
  await expect(step(1, 'Business Details')).toBeVisible();
  await page.goForward();
  await expect(step(2, 'Chloe Preferences')).toBeVisible();
  await page.reload();
  await expect(step(2, 'Chloe Preferences')).toBeVisible({ timeout: 20_000 });
});
