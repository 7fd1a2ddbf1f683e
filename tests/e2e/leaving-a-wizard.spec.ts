// Both wizards keep every character typed, however the page is left: by a link, by the browser's
// Back, or by closing the tab. What was typed is on the device (it shows again on coming back)
// and, online, reaches Postgres without Next or 'Save & Continue Later'. Both go through the one
// synced-form module (src/data/synced-form.ts).
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { controlledByServiceWorker, signUp, sql, test } from './fixtures';
import { draftName, stepHeading } from './subscription-steps';

// A link, or Back to another page of the app, keep the page and its replication going; another
// address, Back out of the app and closing the tab end the page, and the replication with it (what
// the form held is then kept and sent as the page goes: src/data/page-going.ts).
type Leave = 'a link' | 'another address' | 'Back' | 'closing the tab';

const agencyName = async (token: string) =>
  (await sql<{ name: string | null }>('select agency_name as name from agent_assessments where token = $1', [token]))[0]
    ?.name ?? null;

/** Leaves the page the way given; returns the page to check the device with afterwards. */
async function leave(page: Page, way: Leave, link: () => Promise<void>): Promise<Page> {
  if (way === 'a link') await link();
  else if (way === 'another address') await page.goto('/hire');
  else if (way === 'Back') await page.goBack();
  else {
    const context = page.context();
    await page.close();
    return context.newPage();
  }
  return page;
}

for (const way of ['a link', 'Back', 'closing the tab'] as const) {
  test(`the subscription keeps a name typed on step 1 and left by ${way}`, async ({ page }) => {
    const email = await signUp(page);
    await page.goto('/shareholder');
    await page.getByRole('link', { name: 'Subscribe' }).click();
    await expect(stepHeading(page, 1, 'Personal Details')).toBeVisible();
    const typed = `Ada ${randomUUID().slice(0, 8)}`;
    await page.getByLabel('Full name').pressSequentially(typed);
    const since = Date.now();

    const after = await leave(page, way, () => page.getByRole('link', { name: /Back to Shareholder/ }).click());
    if (way !== 'closing the tab') await expect(after).toHaveURL(/\/shareholder$/);
    // On the server, with no Next and no 'Save & Continue Later'.
    await expect.poll(() => draftName(email), { timeout: 10_000 }).toBe(typed);
    test
      .info()
      .annotations.push({ type: 'typed → Postgres (ms, incl. leaving)', description: String(Date.now() - since) });
    // And on this device: the wizard opens with it (a draft with a name resumes at step 2).
    await after.goto('/shareholder/subscribe');
    await expect(stepHeading(after, 2, 'Investment Details')).toBeVisible({ timeout: 20_000 });
    await after.getByRole('button', { name: 'Back' }).click();
    await expect(after.getByLabel('Full name')).toHaveValue(typed);
  });
}

for (const way of ['another address', 'Back', 'closing the tab'] as const) {
  test(`the assessment keeps an answer typed and left by ${way}`, async ({ page }) => {
    const token = `L${randomUUID().replace(/-/g, '')}`;
    await sql(`insert into agent_assessments (token) values ($1)`, [token]);
    await page.goto('/');
    await page.goto(`/agent-assessment/${token}`);
    const question = page.getByLabel(/^Agency Name/);
    await expect(question).toBeVisible({ timeout: 20_000 });
    const typed = `Agency ${randomUUID().slice(0, 8)}`;
    await question.pressSequentially(typed);
    const since = Date.now();

    const after = await leave(page, way, () => Promise.resolve());
    await expect.poll(() => agencyName(token), { timeout: 10_000 }).toBe(typed);
    test
      .info()
      .annotations.push({ type: 'typed → Postgres (ms, incl. leaving)', description: String(Date.now() - since) });
    await after.goto(`/agent-assessment/${token}`);
    await expect(after.getByLabel(/^Agency Name/)).toHaveValue(typed, { timeout: 20_000 });
  });
}

test('offline, an answer typed and the tab closed is on the device when the link is opened again', async ({
  page,
  context,
}) => {
  const token = `O${randomUUID().replace(/-/g, '')}`;
  await sql(`insert into agent_assessments (token) values ($1)`, [token]);
  await page.goto(`/agent-assessment/${token}`);
  await expect(page.getByLabel(/^Agency Name/)).toBeVisible({ timeout: 20_000 });
  await controlledByServiceWorker(page);
  await context.setOffline(true);
  const typed = `Offline ${randomUUID().slice(0, 8)}`;
  await page.getByLabel(/^Agency Name/).pressSequentially(typed);
  await page.close();
  const again = await context.newPage();
  await again.goto(`/agent-assessment/${token}`);
  await expect(again.getByLabel(/^Agency Name/)).toHaveValue(typed, { timeout: 20_000 });
  // Back online, it reaches the server (the page's last push may have got there already: the
  // browser sends a keepalive request outside the page's emulated offline state).
  await context.setOffline(false);
  await expect.poll(() => agencyName(token), { timeout: 20_000 }).toBe(typed);
});
