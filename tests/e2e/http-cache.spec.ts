// A shared tablet's disk (ADR 032): after an online sign-out, the browser's HTTP disk
// cache holds nothing of the user's — no mailbox, no sender, no subject, no saved property, no
// setting. Playwright's own contexts keep their cache in memory; a profile on disk, as a person's
// browser has, is searched file by file once the browser has closed.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { chromium, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { userId } from './fit-and-a11y-fixtures';
import { cspViolationsOf, newEmail, signUp, sql, waitForAppIn } from './fixtures';

async function cacheFiles(profile: string): Promise<Buffer[]> {
  const dir = path.join(profile, 'Default', 'Cache', 'Cache_Data');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(entries.filter((e) => e.isFile()).map((e) => readFile(path.join(e.parentPath, e.name))));
}
// A profile on disk is offered the install banner, which moves the page as it comes: a click
// that landed as it moved is made again.
async function openTab(page: Page, name: string) {
  const tab = page.getByRole('tab', { name });
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass();
}

const holding = (files: Buffer[], text: string) => files.some((file) => file.includes(text));

async function seed(email: string, marker: string) {
  const id = await userId(email);
  const [account] = await sql<{ id: string }>(
    `insert into public.gmail_accounts (user_id, email_address, last_sync_at) values ($1, $2, now()) returning id`,
    [id, `mailbox-${marker}@gmail.test`],
  );
  await sql(
    `insert into public.email_logs (user_id, gmail_account_id, sender_email, sender_name, subject, reply_status)
     values ($1, $2, $3, $4, $5, 'pending')`,
    [id, account!.id, `sender-${marker}@example.com`, `Sender ${marker}`, `Subject ${marker}`],
  );
  await sql(
    `insert into public.auto_reply_settings (user_id, demo_link) values ($1, $2)
     on conflict (user_id) do update set demo_link = excluded.demo_link`,
    [id, `https://example.com/demo-${marker}`],
  );
  await sql(`insert into public.saved_properties (id, user_id, title) values ($1, $2, $3)`, [
    randomUUID(),
    id,
    `Listing ${marker}`,
  ]);
}

test('signed out online, the HTTP disk cache keeps nothing of the user', async () => {
  test.setTimeout(240_000);
  const profile = await mkdtemp(path.join(os.tmpdir(), 'chloe-cache-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: process.env.E2E_BASE_URL,
  });
  const marker = randomUUID().slice(0, 12);
  const email = newEmail();
  const controlId = randomUUID();
  try {
    const violations = await cspViolationsOf(waitForAppIn(context));
    const page = context.pages()[0] ?? (await context.newPage());
    await signUp(page, email);
    await seed(email, marker);

    await page.goto('/dashboard');
    await expect(page.getByText(`mailbox-${marker}@gmail.test`).first()).toBeVisible();
    await openTab(page, 'Activity Logs');
    await expect(page.getByText(`Subject ${marker}`).first()).toBeVisible();
    await openTab(page, 'Settings');
    await expect(page.getByLabel('Demo link')).toHaveValue(`https://example.com/demo-${marker}`);
    await page.goto('/saved-properties');
    await expect(page.getByRole('heading', { name: `Listing ${marker}` })).toBeVisible();

    // The control: the same API, asked without no-store, is kept on disk — so the search below
    // sees what the browser keeps. A table the user has no rows in, under a URL of its own.
    const control = await page.evaluate(
      async ({ api, anon, unseen }) => {
        const key = Object.keys(localStorage).find((k) => /^sb-.+-auth-token$/.test(k))!;
        const { access_token: token } = JSON.parse(localStorage.getItem(key)!) as { access_token: string };
        const headers = { authorization: `Bearer ${token}`, apikey: anon };
        return (await fetch(`${api}/rest/v1/agent_assessments?select=id&id=neq.${unseen}`, { headers })).status;
      },
      { api: process.env.E2E_API_URL!, anon: process.env.E2E_ANON_KEY!, unseen: controlId },
    );
    expect(control).toBe(200);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(violations).toEqual([]);
  } finally {
    await context.close();
  }
  try {
    const files = await cacheFiles(profile);
    // By its whole address, as the requests below are searched for.
    const controlUrl = `${process.env.E2E_API_URL}/rest/v1/agent_assessments?select=id&id=neq.${controlId}`;
    expect(holding(files, controlUrl), 'the control request is on disk').toBe(true);
    // Requests by their whole address: the app's own scripts, kept on disk as served, name the
    // paths too (the first page of saved properties is asked for by the boot script).
    const paths = ['gmail_accounts', 'auto_reply_settings', 'email_logs', 'saved_properties'].map(
      (t) => `${process.env.E2E_API_URL}/rest/v1/${t}`,
    );
    for (const text of [marker, email, ...paths]) {
      expect(holding(files, text), `the disk cache holds "${text}"`).toBe(false);
    }
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
});
