// What the email assistant's specs share: mailboxes and mail in the local Google, one run of the
// auto-reply as the schedule runs it, and connecting Gmail through the consent popup.
import { randomUUID } from 'node:crypto';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { runAutoReply } from '../../supabase/local/stack/auto-reply.mjs';
import { sql } from './fixtures';

export const google = () => process.env.E2E_GOOGLE_URL!;

/** A mailbox of the test's own in the local Google. */
export async function newMailbox(label: string) {
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
export async function mailIn(to: string, from: string, subject: string) {
  const res = await fetch(`${google()}/_local/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to, from, subject, text: 'Hello' }),
  });
  expect(res.status).toBe(201);
}

/** One run of the auto-reply for `email`'s account, as the schedule runs it. */
export async function runFor(email: string) {
  const [account] = await sql<{ id: string }>('select id from public.gmail_accounts where email_address = $1', [email]);
  return runAutoReply({
    apiUrl: process.env.E2E_API_URL!,
    serviceRoleKey: process.env.E2E_SERVICE_ROLE_KEY!,
    accountIds: [account!.id],
  });
}

/** Clicks Connect and resolves with the popup once it shows Google's consent page. */
export async function openConsent(page: Page, context: BrowserContext) {
  const popupOpened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Connect Gmail Account' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'Choose an account to continue to Chloe' })).toBeVisible();
  // A 500×600 window (docs/product/limits.md#email-assistant).
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([500, 600]);
  return popup;
}

export async function connect(page: Page, context: BrowserContext, mailbox: string) {
  const popup = await openConsent(page, context);
  await popup.getByLabel(/Or another local address/).fill(mailbox);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closed;
  await expect(page.getByText('Gmail account connected successfully')).toBeVisible();
}
