import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { axeProblems, layoutProblem } from './checks';
import { controlledByServiceWorker, signIn, signUp, sql, test } from './fixtures';
import { completeSubscription, fillInvestment, fillLegal, fillPersonal, sign, stepHeading } from './subscription-steps';
import { readCollection } from './sync-random/device';

const root = path.resolve(import.meta.dirname, '../..');

test('subscribe on one device, resume on another, complete, and unlock assessments once staff confirm', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = await signUp(page);
  await page.goto('/shareholder');
  await expect(page.getByRole('heading', { name: 'Become a Co-Founder of Chloe' })).toBeVisible();
  // 'Ask Chloe how to become a founding member': her widget, told what the page is about.
  const widget = page.locator('elevenlabs-convai');
  await expect(widget).toHaveAttribute('agent-id', 'local-chloe');
  const variables = JSON.parse((await widget.getAttribute('dynamic-variables')) ?? '{}') as { page_context?: string };
  expect(variables.page_context).toMatch(/co-founder page/);
  await page.getByRole('button', { name: 'Important Investment Risk Warning' }).click();
  await expect(page.getByText(/You could lose all the money you invest/)).toBeVisible();
  await page.getByRole('link', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/shareholder\/subscribe\?step=1$/);
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();

  await fillPersonal(page);
  await fillInvestment(page);
  await fillLegal(page);
  await sign(page);
  await page.getByRole('button', { name: 'Save & Continue Later' }).click();
  await expect(page.getByText('Progress Saved')).toBeVisible();

  // The draft reaches Postgres in the background.
  await expect
    .poll(
      async () =>
        (
          await sql<{ n: number }>(
            `select count(*)::int as n from share_subscriptions s join auth.users u on u.id = s.user_id
        where u.email = $1 and s.status = 'draft' and s.number_of_shares = 8000 and s.signature_data like 'data:image/png%'`,
            [email],
          )
        )[0]?.n,
      { timeout: 20_000 },
    )
    .toBe(1);

  // Another device: resumes at step 5 (a signature exists), with the data; confirmations are not restored.
  const second = await signIn(browser, email);
  const other = second.page;
  await other.goto('/shareholder/subscribe');
  await expect(stepHeading(other, 5, 'Payment Instructions')).toBeVisible({ timeout: 20_000 });
  await expect(other.getByText('£10,000.00').first()).toBeVisible();
  // The reference the server made with the draft: the same on every device and every visit.
  const [drafted] = await sql<{ payment_reference: string }>(
    `select s.payment_reference from share_subscriptions s join auth.users u on u.id = s.user_id where u.email = $1`,
    [email],
  );
  expect(drafted!.payment_reference).toMatch(/^CHLOE-\d{8}$/);
  await expect(other.getByText(drafted!.payment_reference, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(drafted!.payment_reference, { exact: true })).toBeVisible();
  await other.getByRole('button', { name: 'Back' }).click();
  await other.getByRole('button', { name: 'Back' }).click();
  await expect(stepHeading(other, 3, 'Legal Confirmations')).toBeVisible();
  for (const box of await other.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
  await other.getByRole('button', { name: 'Back' }).click();
  await other.getByRole('button', { name: 'Back' }).click();
  await expect(other.getByLabel('Full name')).toHaveValue('Ada Lovelace');
  await other.getByRole('button', { name: 'Next' }).click();
  await other.getByRole('button', { name: 'Next' }).click();
  await fillLegal(other);
  await expect(other.getByAltText('Your signature')).toBeVisible();
  await other.getByRole('button', { name: 'Next' }).click();
  await other.getByRole('button', { name: 'Complete Subscription' }).click();
  await expect(other.getByText('Subscription Completed!')).toBeVisible();
  await expect(other).toHaveURL(/\/shareholder\/dashboard$/);
  await expect(other.getByText('Welcome back, Ada Lovelace')).toBeVisible();
  await expect(other.getByText('Cooling-off period: 10 days remaining')).toBeVisible();

  // Postgres: signed, with its evidence and the agreement-status row from the trigger.
  const signedRows = () =>
    sql<{ payment_reference: string; signature_hash: string; deadline: string; effective: string }>(
      `select s.payment_reference, s.signature_hash, a.cancellation_deadline::text as deadline,
              (s.effective_date + 10)::text as effective
         from share_subscriptions s join auth.users u on u.id = s.user_id
         join share_agreement_status a on a.subscription_id = s.id
        where u.email = $1 and s.status = 'signed'`,
      [email],
    );
  await expect.poll(async () => (await signedRows()).length, { timeout: 20_000 }).toBe(1);
  const [row] = await signedRows();
  expect(row!.payment_reference).toBe(drafted!.payment_reference);
  expect(row!.signature_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(row!.deadline).toBe(row!.effective);

  // Status as docs/product/subscription.md#agreement-status maps it, and the assessment feature
  // locked (docs/product/subscription.md#assessment-unlock).
  await other.reload();
  const status = other.getByRole('list', { name: 'Agreement status' });
  await expect(status.getByText('Payment Received')).toBeVisible();
  await expect(status.locator('li', { hasText: 'Payment Received' })).toContainText('Pending');
  await expect(status.locator('li', { hasText: 'Shares Issued' })).toContainText('Awaiting Payment');
  // Locked, the section starts closed with one line; opened, the spec's warning and greyed tool.
  const section = other.getByRole('button', { name: /Agent Assessment/ });
  await expect(section).toContainText('Locked until your payment is received and shares are issued.');
  await section.click();
  await expect(other.getByText(/Feature Locked: Agent Assessment will be unlocked/)).toBeVisible();
  await expect(other.getByRole('button', { name: 'Create New Assessment' })).toBeDisabled();

  await other.getByRole('button', { name: 'Documents & Actions' }).click();
  await other.getByRole('button', { name: 'View Agreement' }).click();
  await expect(other.getByTestId('agreement-text')).toContainText('8,000 Class A ordinary shares of £0.0001');
  await expect(other.getByTestId('signature-hash')).toHaveText(row!.signature_hash);
  await other.getByRole('button', { name: 'Close' }).click();
  await other.getByRole('button', { name: 'Subscription Details' }).click();
  await expect(other.locator('dd').filter({ hasText: row!.payment_reference })).toBeVisible();

  // Staff confirm payment and issue shares, by the reference the subscriber sees.
  const shown = row!.payment_reference;
  const env = {
    ...process.env,
    SUPABASE_URL: process.env.E2E_API_URL,
    SUPABASE_SERVICE_ROLE_KEY: process.env.E2E_SERVICE_ROLE_KEY,
  };
  for (const command of ['payment-received', 'shares-issued']) {
    await promisify(execFile)(process.execPath, [path.join(root, 'scripts/staff.mjs'), command, shown], {
      cwd: root,
      env,
    });
  }
  await other.reload();
  await expect(other.getByRole('link', { name: 'Create New Assessment' })).toBeVisible({ timeout: 20_000 });
  await expect(status.locator('li', { hasText: 'Shares Issued' })).toContainText('Complete');
  // The certificate now waits for its own step, not for the payment already received.
  await expect(status.locator('li', { hasText: 'Share Certificate' })).toContainText('Pending');
  await expect(other.getByText(/Feature Locked/)).toBeHidden();

  // The landing page now offers the dashboard.
  await other.goto('/shareholder');
  await expect(other.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await second.context.close();
});

test('offline: fill from step 2 on, reload offline with the draft intact, complete offline, and it reaches Postgres on reconnection', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const email = await signUp(page);
  await page.goto('/shareholder/subscribe');
  await controlledByServiceWorker(page);
  await fillPersonal(page);

  await context.setOffline(true);
  await fillInvestment(page);
  await fillLegal(page);
  await sign(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, 5, 'Payment Instructions')).toBeVisible();
  // Next saves in the background: the reload waits for it to be stored (a signature opens step 5).
  await expect
    .poll(async () => {
      const [draft] = await readCollection(page, 'share_subscriptions');
      return [Boolean(draft?.signature_data), draft?.number_of_shares];
    })
    .toEqual([true, 8000]);

  await page.reload();
  await expect(stepHeading(page, 5, 'Payment Instructions')).toBeVisible();
  await expect(page.getByText('£10,000.00').first()).toBeVisible();
  await page.getByRole('button', { name: 'Complete Subscription' }).click();
  await expect(page).toHaveURL(/\/shareholder\/dashboard$/);
  await expect(page.getByText('will be submitted when you are back online')).toBeVisible();
  // Offline it is saved here, not 'submitted'.
  await expect(page.getByText('Subscription saved on this device')).toBeVisible();
  await expect(page.getByText('Subscription Completed!')).toHaveCount(0);
  expect(
    await sql(
      `select 1 from share_subscriptions s join auth.users u on u.id = s.user_id where u.email = $1 and s.status = 'signed'`,
      [email],
    ),
  ).toHaveLength(0);

  await context.setOffline(false);
  await expect
    .poll(
      async () =>
        (
          await sql(
            `select 1 from share_subscriptions s join auth.users u on u.id = s.user_id where u.email = $1 and s.status = 'signed' and s.number_of_shares = 8000`,
            [email],
          )
        ).length,
      { timeout: 30_000 },
    )
    .toBe(1);
  await expect(page.getByText('will be submitted when you are back online')).toBeHidden({ timeout: 20_000 });
});

test('signed out: the landing offers Sign In, the wizard asks for it, the dashboard is guarded', async ({ page }) => {
  await page.goto('/shareholder');
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  await page.getByRole('link', { name: 'Start your subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  await page.goto('/shareholder/dashboard');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fshareholder%2Fdashboard$/);
});

test('cancelling during cooling-off: asks first, the server records it, the dashboard says so', async ({ page }) => {
  // The five steps and a signature first, as the other tests here that complete one (CI once spent
  // the default 60 s before the dashboard's Cancel button).
  test.setTimeout(180_000);
  const email = await signUp(page);
  await page.goto('/shareholder/subscribe');
  await completeSubscription(page);
  await expect
    .poll(
      async () =>
        (
          await sql(
            `select 1 from share_subscriptions s join auth.users u on u.id = s.user_id where u.email = $1 and s.status = 'signed'`,
            [email],
          )
        ).length,
      { timeout: 20_000 },
    )
    .toBe(1);

  // Signed: the wizard has nothing left to fill in, and the route says so before it draws anything.
  await page.goto('/shareholder/subscribe');
  await expect(page).toHaveURL(/\/shareholder\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Share Subscription' })).toBeHidden();

  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog.getByText('Cancel your subscription?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep my subscription' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  // The toast's title: the status row says 'Subscription Cancelled' once the row comes back.
  await expect(page.getByText('Subscription cancelled', { exact: true })).toBeVisible();
  await expect(page.getByText(/You cancelled this subscription on/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/Cooling-off period/)).toBeHidden();
  // Cancelled: nothing is asked for, the status says so, and money sent is said to come back.
  await expect(
    page.getByText(
      'No payment is due. If you sent one, it is returned in full to the account it came from within 14 days of reaching us.',
    ),
  ).toBeVisible();
  await expect(page.getByText(/Please pay/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Payment Instructions' })).toHaveCount(0);
  await expect(page.getByText(/Feature Locked/)).toHaveCount(0);
  const status = page.getByRole('list', { name: 'Agreement status' });
  await expect(status.getByRole('listitem')).toHaveText([
    'Agreement Signed✓ Complete',
    /^Subscription Cancelled✓ \d{1,2} \w+ \d{4}$/,
    'PaymentNot due',
  ]);
  for (const width of [390, 820]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(layoutProblem), `at ${width} px`).toBeNull();
  }
  expect(await axeProblems(page)).toEqual([]);
  const [row] = await sql<{ status: string; cancelled_at: string | null }>(
    `select s.status, s.cancelled_at::text from share_subscriptions s join auth.users u on u.id = s.user_id where u.email = $1`,
    [email],
  );
  expect(row?.status).toBe('cancelled');
  expect(row?.cancelled_at).not.toBeNull();
});
