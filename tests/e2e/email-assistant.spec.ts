// The email assistant in Chromium against the built app, the real functions and the local Google:
// connecting Gmail through the popup (and each way it can end), the activity log and its search,
// and what stays readable offline. The Settings tab is email-assistant-settings.spec.ts's.
import { expect, type Request } from '@playwright/test';
import { connect, google, mailIn, newMailbox, openConsent, runFor } from './email-assistant-fixtures';
import { keptOnDevice } from '../held-on-device';
import { controlledByServiceWorker, signUp, sql, test } from './fixtures';

test.describe('Integrations', () => {
  test('connects Gmail through the popup; the account shows active; mail is answered and logged', async ({
    page,
    context,
  }) => {
    await signUp(page);
    await expect(page.getByRole('heading', { name: 'Welcome to your Email Assistant' })).toBeVisible();
    // The whole way goes through the service worker (the callback page is left to the network).
    await controlledByServiceWorker(page);
    const mailbox = await newMailbox('connect');
    await connect(page, context, mailbox);
    await expect(page.getByText('Success!')).toBeVisible();
    const account = page.getByRole('list', { name: 'Connected Gmail accounts' }).getByRole('listitem');
    await expect(account).toHaveCount(1);
    await expect(account).toContainText(mailbox);
    await expect(account).toContainText('Active');
    await expect(account).toContainText('Last sync: Never');
    await expect(page.getByRole('button', { name: 'Connect Gmail Account' })).toBeEnabled();

    // The settings need a demo link before the default template goes out.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByLabel('Demo link').fill('https://example.com/book');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Auto-reply settings have been updated successfully')).toBeVisible();

    await mailIn(mailbox, 'Priya Shah <priya@example.com>', 'Viewing on Saturday?');
    await mailIn(mailbox, 'Deals <no-reply@portal.example>', 'Price drops near you');
    expect(await runFor(mailbox)).toMatchObject({ replied: 1, skipped: 1 });

    // The tab is in the address: a reload and Back keep it.
    await page.getByRole('tab', { name: 'Activity Logs' }).click();
    await expect(page).toHaveURL(/\?tab=logs$/);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Activity Logs' })).toHaveAttribute('aria-selected', 'true');
    const logs = page.getByRole('list', { name: 'Email activity' }).getByRole('listitem');
    await expect(logs).toHaveCount(2);
    await expect(logs.filter({ hasText: 'Priya Shah' })).toContainText('Replied');
    await expect(logs.filter({ hasText: 'Deals' })).toContainText('Skipped');
    await expect(logs.filter({ hasText: 'Deals' })).toContainText(
      'The sender does not take replies (a no-reply address)',
    );
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Integrations' })).toHaveAttribute('aria-selected', 'true');

    // Search: case-insensitive over sender and subject; nothing found says so.
    await page.goto('/dashboard?tab=logs');
    const search = page.getByLabel('Search emails');
    await search.fill('SATURDAY');
    await expect(logs).toHaveCount(1);
    await expect(logs).toContainText('priya@example.com');
    await search.fill('portal.example');
    await expect(logs).toHaveCount(1);
    await search.fill('no such email');
    await expect(page.getByText('No emails match your search criteria')).toBeVisible();
    await expect(page.getByText('No email activity yet')).toBeVisible();

    // The reply went out from the mailbox, once.
    const box = (await (await fetch(`${google()}/_local/mailboxes/${mailbox}`)).json()) as {
      messages: { labelIds: string[]; subject: string }[];
    };
    expect(box.messages.filter((m) => m.labelIds.includes('SENT')).map((m) => m.subject)).toEqual([
      'Re: Viewing on Saturday?',
    ]);
  });

  test('Deny at Google, or closing the popup, is “Authentication was cancelled”, with the red card’s tips', async ({
    page,
    context,
  }) => {
    const email = await signUp(page);
    const popup = await openConsent(page, context);
    await popup.getByRole('button', { name: 'Deny' }).click();
    const card = page.getByRole('alert').filter({ hasText: 'Connection problem' });
    await expect(card).toContainText('Authentication was cancelled');
    await expect(card.getByRole('list', { name: 'Troubleshooting tips' }).getByRole('listitem')).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Connect Gmail Account' })).toBeEnabled();

    const again = await openConsent(page, context);
    await again.close();
    await expect(page.getByText('Connection Error').first()).toBeVisible();
    await expect(card).toContainText('Authentication was cancelled');
    expect(
      await sql('select 1 from public.gmail_accounts a join auth.users u on u.id = a.user_id where u.email = $1', [
        email,
      ]),
    ).toEqual([]);
  });

  test('times out after 2 minutes of polling (the test moves the clock, not the product)', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    await page.clock.install();
    await signUp(page);
    let lists = 0;
    let answered = 0;
    const isList = (request: { url(): string }) => request.url().includes('/rest/v1/gmail_accounts');
    page.on('request', (request) => {
      if (isList(request)) lists += 1;
    });
    const answer = (request: Request) => {
      if (isList(request)) answered += 1;
    };
    page.on('requestfinished', answer);
    page.on('requestfailed', answer);
    const popup = await openConsent(page, context);
    // The list as it was before the popup (what a new account is told from) has been read.
    await page.waitForLoadState('networkidle');
    const [before, answeredBefore] = [lists, answered];
    // Each poll waits 2 s (POLL_MS) after the last answer, then lists the accounts, 60 times
    // (MAX_POLLS). The installed clock also runs as time does, and the app's requests wait on its
    // own timers (its session's), so the test does not count polls against its steps (on a loaded
    // machine the app once polled ahead of them): it moves the clock 2 s at a time until the
    // polls are answered, and counts those, and the time they took.
    const pageNow = () => page.evaluate(() => Date.now());
    const polled = () => answered - answeredBefore;
    const pollsReach = (polls: number) =>
      expect
        .poll(
          async () => {
            if (polled() < polls) await page.clock.runFor(2_000);
            return polled();
          },
          { message: `${polls} polls answered`, timeout: 60_000, intervals: [250] },
        )
        .toBeGreaterThanOrEqual(polls);
    const started = await pageNow();
    await pollsReach(30);
    // Half way, it is still connecting.
    await expect(page.getByRole('button', { name: 'Connecting...' })).toBeVisible();
    await pollsReach(60);
    expect(lists - before).toBe(60);
    expect((await pageNow()) - started).toBeGreaterThanOrEqual(120_000);
    await expect(page.getByText('Gmail connection timed out. Please try again.')).toBeVisible();
    await expect(page.getByText('Timeout', { exact: true })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Connection problem' })).toContainText(
      'Connection timed out after 2 minutes',
    );
    // The popup was closed for the user, and the polling stopped at 60.
    await expect.poll(() => popup.isClosed()).toBe(true);
    await page.clock.runFor(10_000);
    expect(lists).toBe(before + 60);
  });

  test('a blocked popup is explained', async ({ page }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await signUp(page);
    await page.getByRole('button', { name: 'Connect Gmail Account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Connection problem' })).toContainText(
      'Failed to open authentication window. Please allow popups and try again.',
    );
  });
});

test('accounts and activity stay readable offline, marked with when they were loaded', async ({ page, context }) => {
  const email = await signUp(page);
  const mailbox = await newMailbox('offline');
  await connect(page, context, mailbox);
  await mailIn(mailbox, 'buyer@example.com', 'Still there offline');
  await runFor(mailbox);
  await page.goto('/dashboard?tab=logs');
  await expect(page.getByText('Still there offline')).toBeVisible();
  await controlledByServiceWorker(page);
  // The answer is kept once the device's database has opened (after the page's first render,
  // ADR 029); until then the device holds the one it kept before.
  await expect.poll(() => keptOnDevice(page, 'copy:email_logs'), { timeout: 15_000 }).toContain('Still there offline');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Still there offline')).toBeVisible();
  await expect(page.getByText(/^Offline: showing your email activity as loaded on /)).toBeVisible();
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page.getByRole('list', { name: 'Connected Gmail accounts' }).getByText(mailbox)).toBeVisible();
  await expect(page.getByText(/^Offline: showing your accounts as loaded on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Gmail Account' })).toBeDisabled();
  await expect(page.getByText('Connecting Gmail needs an internet connection. Connect and try again.')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText(/^Offline: showing your accounts/)).toBeHidden();
  expect(email).toContain('@');
});

test('a reply sent while the activity log is open appears there without a reload', async ({ page, context }) => {
  await signUp(page);
  const mailbox = await newMailbox('live');
  await connect(page, context, mailbox);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Demo link').fill('https://example.com/book');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Auto-reply settings have been updated successfully')).toBeVisible();
  await page.goto('/dashboard?tab=logs');
  await expect(page.getByText('No email activity yet')).toBeVisible();
  const logs = page.getByRole('list', { name: 'Email activity' }).getByRole('listitem');

  // The auto-reply runs on the server while the page stays open.
  await mailIn(mailbox, 'Priya Shah <priya@example.com>', 'Is the flat still free?');
  await runFor(mailbox);
  await expect(logs.filter({ hasText: 'Is the flat still free?' })).toContainText('Replied', { timeout: 10_000 });

  // Another, while the page is in a tab the person is not looking at: there when they come back.
  const other = await context.newPage();
  await other.goto('/');
  await mailIn(mailbox, 'Tom <tom@example.com>', 'Second viewing');
  await runFor(mailbox);
  await page.bringToFront();
  await expect(logs).toHaveCount(2, { timeout: 10_000 });
  await other.close();
});
