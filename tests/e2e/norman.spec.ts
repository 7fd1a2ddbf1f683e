import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { sql, test } from './fixtures';
import { WHOLE_BROWSER } from '../chromium';

// /norman against the real norman-access function (Deno) and the local voice service: the password
// is checked on the server, Norman's private agent opens only with the pass it signs.

const normanPassword = () => {
  const password = process.env.E2E_NORMAN_PASSWORD;
  if (!password) throw new Error('E2E_NORMAN_PASSWORD is not set: the test stack has no Norman password');
  return password;
};

const toast = (page: Page, title: string) => page.getByRole('region', { name: /notifications/i }).getByText(title);

async function enter(page: Page, password: string) {
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Access Norman' }).click();
}

// No service worker: waitForResponse and the request headers must see the page's own calls.
test.use({ serviceWorkers: 'block' });
// The whole browser: the headless shell captures no audio for the call below (tests/chromium.ts).
test.use({ launchOptions: WHOLE_BROWSER });

// Attempts are limited per client and every test here comes from the same address.
test.beforeEach(async () => {
  await sql('delete from public.norman_access_attempts');
});

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 820, height: 1180 },
]) {
  test(`${viewport.name}: wrong password denied, right one unlocks, a reload locks again`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/norman');
    await expect(page.getByRole('heading', { level: 1, name: 'Norman' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Meet Norman' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Access Required' })).toBeVisible();
    await expect(page.getByPlaceholder('Enter password')).toBeVisible();

    await enter(page, 'not-the-password');
    await expect(toast(page, 'Access Denied')).toBeVisible();
    await expect(page.getByRole('region', { name: /notifications/i }).getByText('Incorrect password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Access Norman' })).toBeVisible();

    await enter(page, normanPassword());
    await expect(toast(page, 'Access Granted')).toBeVisible();
    await expect(page.getByText("Welcome to Norman's operations center")).toBeVisible();
    await expect(page.getByRole('link', { name: '← Back to Home' })).toBeVisible();
    await expect(page.getByText('Click above to talk with Norman, your AI operations assistant')).toBeVisible();
    await expect(page.getByRole('main').locator('button[data-phase]')).toHaveText('Talk to Norman');
    for (const tile of [
      'Automation Engine',
      'Team Connector',
      'Operations Scaling',
      '24/7 Operations',
      'Process Builder',
      'System Integration',
    ]) {
      await expect(page.getByRole('heading', { name: tile })).toBeVisible();
    }
    await expect(page.getByText('Ready to scale the team and have fun building?')).toBeVisible();
    await expect(page.locator('elevenlabs-convai')).toHaveAttribute('agent-id', 'local-norman');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Unlocked for the page session only.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Access Required' })).toBeVisible();
    await expect(page.getByText('Ready to scale the team and have fun building?')).toHaveCount(0);
  });
}

test('the sixth attempt in a minute is refused by the server, even with the right password', async ({ page }) => {
  await page.goto('/norman');
  for (let i = 1; i <= 5; i++) {
    const answer = page.waitForResponse((r) => r.url().includes('/functions/v1/norman-access'));
    await enter(page, `wrong-${i}`);
    expect((await answer).status()).toBe(401);
  }
  const sixth = page.waitForResponse((r) => r.url().includes('/functions/v1/norman-access'));
  await enter(page, normanPassword());
  const refused = await sixth;
  expect(refused.status()).toBe(429);
  expect(await refused.json()).toMatchObject({ code: 'too_many_attempts' });
  await expect(page.getByRole('alert')).toHaveText('Too many attempts. Please wait a minute and try again.');
  await expect(page.getByRole('heading', { name: 'Access Required' })).toBeVisible();
});

test('offline, the password form says it needs a connection', async ({ page, context }) => {
  await page.goto('/norman');
  await expect(page.getByRole('heading', { name: 'Access Required' })).toBeVisible();
  await context.setOffline(true);
  try {
    await expect(
      page.getByText('Checking the password needs an internet connection. Connect and try again.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Access Norman' })).toBeDisabled();
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByRole('button', { name: 'Access Norman' })).toBeEnabled();
});

test.describe('with a microphone', () => {
  test.use({ permissions: ['microphone'] });

  test("unlocked, Norman's private agent answers through the pass", async ({ page }) => {
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.goto('/norman');
    await enter(page, normanPassword());
    const button = page.getByRole('main').locator('button[data-phase]');
    await expect(button).toHaveText('Talk to Norman');
    const signed = page.waitForResponse((r) => r.url().includes('/functions/v1/voice-conversation'));
    await button.click();
    const reply = await signed;
    expect(reply.status()).toBe(200);
    expect(reply.request().headers()['x-norman-pass']).toBeTruthy();
    await expect(toast(page, 'Connected to Norman')).toBeVisible();
    await expect(page.getByText('You can now talk to your AI operations assistant')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Transcript' })).toContainText('your AI operations assistant');
    await expect(button).toHaveText(/End Voice Call|Norman is speaking\.\.\./);
    await button.click();
    await expect(button).toHaveText('Talk to Norman', { timeout: 15_000 });
  });
});

test('the Norman password is nowhere in the built app', async () => {
  const password = normanPassword();
  const dist = path.resolve(import.meta.dirname, '../../dist-e2e');
  const files = (await readdir(dist, { recursive: true, withFileTypes: true })).filter((f) => f.isFile());
  let sawPage = false;
  for (const file of files) {
    const text = await readFile(path.join(file.parentPath, file.name), 'latin1');
    expect(text.includes(password), `${file.name} holds the Norman password`).toBe(false);
    if (text.includes('Access Norman')) sawPage = true;
  }
  // The scan read the real bundle: the page's own words are in it.
  expect(files.length).toBeGreaterThan(5);
  expect(sawPage).toBe(true);
});
