// The email assistant in Chromium against the built app, the real functions and the local Google:
// connecting Gmail through the popup (and each way it can end), the settings with their preview,
// offline and with bad input, the activity log and its search, what stays readable offline, and
// /extension-auth's two states and its hand-off.
import { randomUUID } from 'node:crypto';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { runAutoReply } from '../../supabase/local/auto-reply.mjs';
import { controlledByServiceWorker, E2E_EXTENSION_ID, newEmail, PASSWORD, signIn, signUp, sql, test } from './fixtures';

const google = () => process.env.E2E_GOOGLE_URL!;

/** A mailbox of the test's own in the local Google. */
async function newMailbox(label: string) {
  const email = `${label}-${randomUUID().slice(0, 8)}@gmail.test`;
  const res = await fetch(`${google()}/_local/mailboxes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, name: `E2E ${label}` }),
  });
  expect(res.status).toBe(201);
  return email;
}

/** Someone writes to `to` (what `npm run staff -- mail-in` does). */
async function mailIn(to: string, from: string, subject: string) {
  const res = await fetch(`${google()}/_local/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to, from, subject, text: 'Hello' }),
  });
  expect(res.status).toBe(201);
}

/** One run of the auto-reply for `email`'s account, as the schedule runs it. */
async function runFor(email: string) {
  const [account] = await sql<{ id: string }>('select id from public.gmail_accounts where email_address = $1', [email]);
  return runAutoReply({
    apiUrl: process.env.E2E_API_URL!,
    serviceRoleKey: process.env.E2E_SERVICE_ROLE_KEY!,
    accountIds: [account!.id],
  });
}

/** Clicks Connect and resolves with the popup once it shows Google's consent page. */
async function openConsent(page: Page, context: BrowserContext) {
  const popupOpened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Connect Gmail Account' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'Choose an account to continue to Chloe' })).toBeVisible();
  // Spec §9: a 500×600 window.
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([500, 600]);
  return popup;
}

async function connect(page: Page, context: BrowserContext, mailbox: string) {
  const popup = await openConsent(page, context);
  await popup.getByLabel(/Or another local address/).fill(mailbox);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closed;
  await expect(page.getByText('Gmail account connected successfully')).toBeVisible();
}

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
    await page.clock.install();
    await signUp(page);
    let lists = 0;
    page.on('request', (request) => {
      if (request.url().includes('/rest/v1/gmail_accounts')) lists += 1;
    });
    const popup = await openConsent(page, context);
    // The list as it was before the popup (what a new account is told from) has been read.
    await page.waitForLoadState('networkidle');
    const before = lists;
    // Each poll lists the accounts, then waits 2 s: the clock is moved a second at a time, with a
    // moment of real time for each answer to come in.
    const timedOut = page.getByText('Gmail connection timed out. Please try again.');
    // The page's own clock (faked, and flowing between the moves too).
    const pageNow = () => page.evaluate(() => Date.now());
    const started = await pageNow();
    let moved = 0;
    while (!(await timedOut.isVisible()) && moved < 300_000) {
      await page.clock.runFor(1_000);
      moved += 1_000;
      await page.waitForTimeout(20);
      if (lists - before === 59) await expect(page.getByRole('button', { name: 'Connecting...' })).toBeVisible();
    }
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

test.describe('Settings', () => {
  test('the preview follows the template; bad input is named by its field; saved settings come back', async ({
    page,
  }) => {
    const email = await signUp(page);
    await page.goto('/dashboard?tab=settings');
    const template = page.getByLabel('Reply template');
    await expect(template).toHaveValue(/^Hi \{first_name\},/);
    await expect(page.getByRole('switch', { name: 'Enable auto-reply' })).toBeChecked();
    const preview = page.getByTestId('reply-preview');
    await expect(preview).toContainText('Hi Sarah,');
    await expect(preview).toContainText('https://example.com/book-a-demo');

    // Saved without a link, the default template is refused with the field named.
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Add your demo link, or take {demo_link} out of the template.')).toBeVisible();
    await expect(page.getByLabel('Demo link')).toBeFocused();
    await page.getByLabel('Demo link').fill('not a link');
    await expect(page.getByText('Enter a web address starting with http:// or https://')).toBeVisible();

    // 10,000 characters pasted: the field keeps 5,000 and says why.
    await template.fill('x'.repeat(10_000));
    await expect(template).toHaveValue('x'.repeat(5000));
    await expect(page.getByText('At most 5,000 characters.')).toBeVisible();

    await template.fill('Hello {first_name}, {first_name}! Book here: {demo_link}');
    await page.getByLabel('Demo link').fill('https://calendly.com/us/demo');
    await expect(preview).toHaveText('Hello Sarah, {first_name}! Book here: https://calendly.com/us/demo');
    await page.getByRole('switch', { name: 'Enable auto-reply' }).click({ force: true });
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    expect(
      await sql(
        'select enabled, reply_template, demo_link from public.auto_reply_settings s join auth.users u on u.id = s.user_id where u.email = $1',
        [email],
      ),
    ).toEqual([
      {
        enabled: false,
        reply_template: 'Hello {first_name}, {first_name}! Book here: {demo_link}',
        demo_link: 'https://calendly.com/us/demo',
      },
    ]);
    await page.reload();
    await expect(page.getByLabel('Reply template')).toHaveValue(
      'Hello {first_name}, {first_name}! Book here: {demo_link}',
    );
    await expect(page.getByRole('switch', { name: 'Enable auto-reply' })).not.toBeChecked();
  });

  test('two devices: the other device’s save is kept, and a field both changed is not overwritten unseen', async ({
    page,
    context,
    browser,
  }) => {
    const email = await signUp(page);
    await page.goto('/dashboard?tab=settings');
    await expect(page.getByLabel('Reply template')).toBeVisible();
    const other = await signIn(browser, email);
    const settings = () =>
      sql(
        'select enabled, reply_template, demo_link from public.auto_reply_settings s join auth.users u on u.id = s.user_id where u.email = $1',
        [email],
      );
    try {
      await other.page.goto('/dashboard?tab=settings');
      await expect(other.page.getByLabel('Reply template')).toBeVisible();

      // The tablet goes offline, turns the auto-reply off and changes the link; the laptop, online,
      // changes the template and the link.
      await context.setOffline(true);
      await page.getByRole('switch', { name: 'Enable auto-reply' }).click({ force: true });
      await page.getByLabel('Demo link').fill('https://tablet.example/book');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page.getByText(/waiting to be sent when you are back online/)).toBeVisible();
      await other.page.getByLabel('Reply template').fill('From the laptop: {demo_link}');
      await other.page.getByLabel('Demo link').fill('https://laptop.example/book');
      await other.page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(other.page.getByText('Auto-reply settings have been updated successfully')).toBeVisible();

      // The tablet comes back: the link was changed on the laptop since, so nothing is overwritten
      // unseen; the tablet's edit waits, named by its field, over the laptop's settings.
      const conflict =
        'The demo link was changed to https://laptop.example/book on another device after you edited it. Save again to keep yours.';
      await context.setOffline(false);
      await expect(page.getByText(conflict).first()).toBeVisible();
      expect(await settings()).toEqual([
        { enabled: true, reply_template: 'From the laptop: {demo_link}', demo_link: 'https://laptop.example/book' },
      ]);
      await page.reload();
      await expect(page.getByLabel('Reply template')).toHaveValue('From the laptop: {demo_link}');
      await expect(page.getByLabel('Demo link')).toHaveValue('https://tablet.example/book');
      await expect(page.getByRole('switch', { name: 'Enable auto-reply' })).not.toBeChecked();
      await expect(page.getByText(conflict).first()).toBeVisible();

      // Saved again on purpose: the tablet's changes stand, the laptop's template too.
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page.getByText('Auto-reply settings have been updated successfully')).toBeVisible();
      expect(await settings()).toEqual([
        { enabled: false, reply_template: 'From the laptop: {demo_link}', demo_link: 'https://tablet.example/book' },
      ]);
      await expect(page.getByText(/waiting to be sent|Not saved:/)).toBeHidden();
    } finally {
      await other.context.close();
    }
  });

  test('an edit saved offline is kept through a reload and sent when the connection returns, from another page', async ({
    page,
    context,
  }) => {
    const email = await signUp(page);
    await page.goto('/dashboard?tab=settings');
    await expect(page.getByLabel('Reply template')).toBeVisible();
    await controlledByServiceWorker(page);

    await context.setOffline(true);
    await page.getByLabel('Demo link').fill('https://offline.example/book');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Your auto-reply settings will be saved when you are back online.')).toBeVisible();
    await expect(page.getByText(/waiting to be sent when you are back online/)).toBeVisible();

    // Closed and opened again, still offline: the edit is there, and the page says how old its copy is.
    await page.reload();
    await expect(page.getByLabel('Demo link')).toHaveValue('https://offline.example/book');
    await expect(page.getByText(/^Offline: showing your settings as loaded on /)).toBeVisible();
    const settingsOf = () =>
      sql<{ demo_link: string | null }>(
        'select demo_link from public.auto_reply_settings s join auth.users u on u.id = s.user_id where u.email = $1',
        [email],
      );
    expect(await settingsOf()).toEqual([]);

    // The user moves on; the connection comes back while another page is open.
    await page.goto('/saved-properties');
    await expect(page.getByRole('heading', { name: 'Saved Properties', level: 1 })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText('Auto-reply settings have been updated successfully')).toBeVisible();
    expect(await settingsOf()).toEqual([{ demo_link: 'https://offline.example/book' }]);
    await page.goto('/dashboard?tab=settings');
    await expect(page.getByText(/waiting to be sent/)).toBeHidden();
    await expect(page.getByLabel('Demo link')).toHaveValue('https://offline.example/book');
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

test.describe('/extension-auth', () => {
  test('signed out: Sign In, back here after signing in; signed in: connected, and the session handed over once', async ({
    page,
  }) => {
    // Stand-ins for the extension: what its content script would hear, and chrome.runtime.
    await page.addInitScript(() => {
      const w = window as unknown as { heard: unknown[]; runtime: unknown[]; chrome?: unknown };
      w.heard = [];
      w.runtime = [];
      window.addEventListener('message', (event) => {
        const data = event.data as { type?: string } | null;
        if (data?.type === 'CHLOE_AUTH_UPDATE') w.heard.push({ origin: event.origin, data });
      });
      w.chrome = {
        runtime: {
          sendMessage: (id: string, message: unknown, callback?: () => void) => {
            w.runtime.push({ id, message });
            callback?.();
          },
        },
      };
    });
    const email = newEmail();
    await signUp(page, email);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByText('Signed out successfully')).toBeVisible();

    await page.goto('/extension-auth');
    await expect(page.getByRole('heading', { name: 'Connect the Chloe extension' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fextension-auth$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/extension-auth$/);
    await expect(page.getByRole('heading', { name: 'Extension Connected!' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('Visit a property on Rightmove or Zoopla.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close This Tab' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View your saved properties' })).toHaveAttribute(
      'href',
      '/saved-properties',
    );

    const origin = new URL(page.url()).origin;
    await expect.poll(() => page.evaluate(() => (window as unknown as { heard: unknown[] }).heard.length)).toBe(1);
    await page.waitForTimeout(300);
    const heard = await page.evaluate(
      () =>
        (
          window as unknown as {
            heard: {
              origin: string;
              data: { user: { email: string }; session: { access_token: string; refresh_token: string } };
            }[];
          }
        ).heard,
    );
    expect(heard).toHaveLength(1);
    expect(heard[0]!.origin).toBe(origin);
    expect(heard[0]!.data.user.email).toBe(email);
    expect(heard[0]!.data.session.access_token).toMatch(/^ey/);
    expect(heard[0]!.data.session.refresh_token).toBeTruthy();
    // A session of the extension's own (extension-session), not the page's.
    const pageRefreshToken = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
      return (JSON.parse(localStorage.getItem(key!)!) as { refresh_token: string }).refresh_token;
    });
    expect(heard[0]!.data.session.refresh_token).not.toBe(pageRefreshToken);
    const runtime = await page.evaluate(
      () =>
        (window as unknown as { runtime: { id: string; message: { type: string; user: { email: string } } }[] })
          .runtime,
    );
    expect(runtime).toHaveLength(1);
    expect(runtime[0]).toMatchObject({ id: E2E_EXTENSION_ID, message: { type: 'authUpdate', user: { email } } });
  });
});
