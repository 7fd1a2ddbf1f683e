// One shared inbox connected by two Chloe users of an agency, through the page and the consent
// popup as each would: each conversation gets one automatic reply, both activity logs show it, and
// the log of the user whose assistant did not answer says who did
// (docs/decisions/022-one-reply-per-mailbox.md).
import { expect, type Browser, type Page } from '@playwright/test';
import { connect, google, mailIn, newMailbox } from './email-assistant-fixtures';
import { ONLINE_ONLY, signUp, sql, test } from './fixtures';
import { runAutoReply } from '../../supabase/local/stack/auto-reply.mjs';

test.use(ONLINE_ONLY);

/** A user of the agency on a browser of their own: signed up, the mailbox connected, a demo link saved. */
async function agent(browser: Browser, mailbox: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await signUp(page);
  await connect(page, context, mailbox);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Demo link').fill('https://example.com/book');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Auto-reply settings have been updated successfully')).toBeVisible();
  return { context, page, email };
}

const logsOn = (page: Page) => page.getByRole('list', { name: 'Email activity' }).getByRole('listitem');

test('a mailbox two users connected: one reply per message, and both logs say who answered', async ({ browser }) => {
  test.setTimeout(240_000);
  const mailbox = await newMailbox('shared');
  const ana = await agent(browser, mailbox);
  const ben = await agent(browser, mailbox);
  try {
    // Each sees that the mailbox is shared, and what that means.
    for (const user of [ana, ben]) {
      // Read afresh: the first user's list was loaded before the second connected.
      await user.page.goto('/dashboard');
      await expect(
        user.page.getByText(/^Another Chloe account has connected this mailbox too\. Each conversation still gets one/),
      ).toBeVisible({ timeout: 10_000 });
    }

    await mailIn(mailbox, 'Priya Shah <priya@example.com>', 'Viewing on Saturday?');
    // Both accounts' scheduled runs at once, as the schedule would run them.
    const accounts = await sql<{ id: string }>('select id from public.gmail_accounts where email_address = $1', [
      mailbox,
    ]);
    expect(accounts).toHaveLength(2);
    await Promise.all(
      accounts.map((a) =>
        runAutoReply({
          apiUrl: process.env.E2E_API_URL!,
          serviceRoleKey: process.env.E2E_SERVICE_ROLE_KEY!,
          accountIds: [a.id],
        }),
      ),
    );

    // One reply went out from the mailbox.
    const box = (await (await fetch(`${google()}/_local/mailboxes/${mailbox}`)).json()) as {
      messages: { labelIds: string[]; subject: string }[];
    };
    expect(box.messages.filter((m) => m.labelIds.includes('SENT')).map((m) => m.subject)).toEqual([
      'Re: Viewing on Saturday?',
    ]);

    // Both logs show the message: one 'Replied', the other says which account answered it.
    const said: string[] = [];
    for (const user of [ana, ben]) {
      await user.page.goto('/dashboard?tab=logs');
      const log = logsOn(user.page).filter({ hasText: 'Priya Shah' });
      await expect(log).toHaveCount(1);
      said.push(await log.innerText());
    }
    const replied = said.filter((text) => text.includes('Replied'));
    expect(replied).toHaveLength(1);
    const answerer = said[0]!.includes('Replied') ? ana.email : ben.email;
    const other = said.find((text) => !text.includes('Replied'))!;
    expect(other).toContain(
      `Already answered in this conversation by the Chloe account ${answerer}, which also has this mailbox connected`,
    );
  } finally {
    await ana.context.close();
    await ben.context.close();
  }
});
