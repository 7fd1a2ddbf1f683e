// Code that has not arrived: before the service worker has precached the build (a first visit),
// a part of the app fetched on demand comes from the network only. Offline, or after a release
// removed the old files, that fetch fails: the page must say so in words, or go on without a part
// that works in the background, never 'Something went wrong!' with a stack behind a button.
import { expect } from '@playwright/test';
import { signUp, test } from './fixtures';

// The window before the worker controls the page, for the whole test.
test.use({ serviceWorkers: 'block' });

test('a background sender whose code does not arrive: the signed-in page goes on without it, and it is logged', async ({
  page,
}) => {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  await page.route('**/assets/settings-sender-*.js', (route) => route.abort('internetdisconnected'));
  await signUp(page);
  // The sender mounts once the user's database is open, which the status says.
  await expect(page.getByRole('status').filter({ hasText: 'All changes synced' })).toBeVisible();
  await expect
    .poll(() =>
      logged.some((text) => text.startsWith('Sending the auto-reply settings kept on this device could not start')),
    )
    .toBe(true);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.goto('/saved-properties');
  await expect(page.getByRole('heading', { name: 'Saved Properties', level: 1 })).toBeVisible();
});

test('a page whose code does not arrive (a release removed it): after one reload it says so; offline it says what is missing; Reload opens it', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Co-Founder' })).toBeVisible();
  let asked = 0;
  await page.route('**/assets/shareholder-*.js', (route) => {
    asked += 1;
    return route.fulfill({ status: 404, body: 'Not found' });
  });
  await page.getByRole('link', { name: 'Co-Founder' }).click();
  // The router reloads once (a newer release may have it); the file is still missing.
  await expect(page.getByRole('heading', { name: 'This page could not load' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'Chloe may have been updated since this page opened, or the connection dropped. Reload to try again.',
  );
  expect(asked).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('button', { name: 'Show Error' })).toHaveCount(0);
  await expect(page.getByText('Something went wrong!')).toHaveCount(0);
  // Offline, the words say what is missing and what to do.
  await context.setOffline(true);
  await expect(page.getByRole('heading', { name: 'This page needs a connection to load' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'Part of this page has not been downloaded to this device yet. Connect to the internet, then reload. What you saved is kept on this device.',
  );
  await context.setOffline(false);
  await page.unroute('**/assets/shareholder-*.js');
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Become a Co-Founder of Chloe' })).toBeVisible();
});
