// Demo requests (docs/product/marketing.md#demo-requests, docs/product/messages.md#demo-requests)
// in the built PWA against the real stack: the Hire page's inline form, the /professional-signup
// page's messages, and a request made offline that is kept on the device, survives a reload and
// reaches Postgres once when back online.
import { randomUUID } from 'node:crypto';
import { expect, type Page, type Route } from '@playwright/test';
import { axeProblems } from './checks';
import { controlledByServiceWorker, sql, test } from './fixtures';
import { stackFault } from './stack-faults';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 820, height: 1180 },
] as const;

const RECEIVED = ['Demo request received', "We'll be in touch with you soon!"] as const;
const FAILED = ['Error', 'There was a problem submitting your request. Please try again.'] as const;
const QUEUED = ["You're offline", "Your request is saved on this device and will be sent when you're back online."];
const MESSAGES = {
  professionalType: 'Please select your professional type.',
  name: 'Name must be at least 2 characters.',
  company: 'Company name must be at least 2 characters.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  website: 'Enter a web address starting with http:// or https://',
};

const toasts = (page: Page) => page.getByRole('region', { name: /notifications/i });
const emailFor = (label: string) => `demo-${label}-${randomUUID().slice(0, 8)}@example.test`;
const rowsFor = (email: string) =>
  sql<{ id: string; name: string; professional_type: string; marketing: boolean; ai_name: string }>(
    'select id, name, professional_type, marketing, ai_name from public.demo_requests where email = $1',
    [email],
  );

const created: string[] = [];
test.afterAll(async () => {
  await sql('delete from public.demo_requests where email = any($1::text[])', [created]);
});

async function fill(page: Page, email: string) {
  created.push(email);
  await page.getByLabel('Professional type').selectOption({ label: 'Solicitor/Conveyancer' });
  await page.getByLabel('Name', { exact: true }).fill('Sam Solicitor');
  await page.getByLabel('Company', { exact: true }).fill('Solicitors LLP');
  await page.getByLabel('Website (optional)').fill('https://solicitors.example');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('020 7946 0004');
  await page.getByLabel('About your business (optional)').fill('Residential conveyancing, 12 staff');
  await page.getByLabel('Send me news and offers about Chloe').check();
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Fits every width from 360 to 1024 px; axe-clean at the narrowest and widest. */
async function checkFitAndAxe(page: Page, state: string) {
  for (const width of [360, 390, 768, 820, 1024]) {
    await page.setViewportSize({ width, height: width < 700 ? 844 : 1180 });
    expect(await fitsWidth(page), `${state} fits ${width} px`).toBe(true);
    if (width === 360 || width === 1024) expect(await axeProblems(page), `${state} @ ${width} px`).toEqual([]);
  }
}

test.describe('online', () => {
  // No service worker: page.route must see the page's own insert (the worker forwards past it).
  test.use({ serviceWorkers: 'block' });

  for (const viewport of VIEWPORTS) {
    test(`${viewport.name}: the Hire page's form expands, submits ('Submitting...', both buttons disabled), says it was received, collapses and resets`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/hire');
      await expect(page.getByRole('heading', { level: 1, name: 'Hire Chloe' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
      await expect(page.getByRole('link', { name: 'Call Chloe on 020 7946 0100' })).toHaveAttribute(
        'href',
        'tel:+442079460100',
      );
      const table = page.getByRole('table');
      await expect(table.getByRole('columnheader')).toHaveText(['Category', 'Feature']);
      await expect(table.locator('tbody tr')).toHaveCount(15);
      expect(await fitsWidth(page)).toBe(true);

      const toggle = page.getByRole('button', { name: 'Request Demo' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByLabel('Name', { exact: true })).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const email = emailFor(viewport.name);
      await fill(page, email);

      // The insert waits until the busy state has been seen.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/rest/v1/demo_requests*', async (route: Route) => {
        await held;
        await route.fallback();
      });
      await page.getByRole('button', { name: 'Submit Request' }).click();
      const busy = page.getByRole('button', { name: 'Submitting...' });
      await expect(busy).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Cancel' })).toBeDisabled();
      release();

      await expect(toasts(page).getByText(RECEIVED[0])).toBeVisible();
      await expect(toasts(page).getByText(RECEIVED[1])).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByLabel('Name', { exact: true })).toBeHidden();
      await expect
        .poll(() => rowsFor(email))
        .toEqual([
          {
            id: expect.any(String) as unknown,
            name: 'Sam Solicitor',
            professional_type: 'lawyer',
            marketing: true,
            ai_name: 'Chloe',
          },
        ]);

      await toggle.click();
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
      await expect(page.getByLabel('Email')).toHaveValue('');
      await expect(page.getByLabel('Assistant name')).toHaveValue('Chloe');
      await expect(page.getByLabel('Professional type')).toHaveValue('');
      await expect(page.getByRole('button', { name: 'Submit Request' })).toBeEnabled();
    });

    test(`${viewport.name}: a failing insert says 'Error' and keeps what was typed`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/hire');
      await page.getByRole('button', { name: 'Request Demo' }).click();
      const email = emailFor(`failed-${viewport.name}`);
      await fill(page, email);
      // The database down (a restart): PostgREST answers the insert with its 503.
      await stackFault('stopPostgres');
      try {
        await page.getByRole('button', { name: 'Submit Request' }).click();
        await expect(toasts(page).getByText(FAILED[0], { exact: true })).toBeVisible({ timeout: 20_000 });
        await expect(toasts(page).getByText(FAILED[1])).toBeVisible();
      } finally {
        await stackFault('startPostgres');
      }

      await expect(page.getByRole('button', { name: 'Request Demo' })).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Sam Solicitor');
      await expect(page.getByLabel('Email')).toHaveValue(email);
      await expect(page.getByLabel('Phone')).toHaveValue('020 7946 0004');
      await expect(page.getByLabel('Professional type')).toHaveValue('lawyer');
      await expect(page.getByLabel('Send me news and offers about Chloe')).toBeChecked();
      await expect(page.getByRole('button', { name: 'Submit Request' })).toBeEnabled();
      await expect(page.getByText(/waiting to be sent/)).toHaveCount(0);
      expect(await rowsFor(email)).toEqual([]);
    });

    test(`${viewport.name}: /professional-signup says every validation message for its bad input`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/professional-signup');
      await expect(page.getByRole('heading', { level: 1, name: 'Request a demo' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

      await page.getByRole('button', { name: 'Submit Request' }).click();
      // Each message by its own field (its aria-errormessage).
      const required: [string, string][] = [
        ['Professional type', MESSAGES.professionalType],
        ['Name', MESSAGES.name],
        ['Company', MESSAGES.company],
        ['Email', MESSAGES.email],
        ['Phone', MESSAGES.phone],
      ];
      for (const [label, message] of required) {
        await expect(page.getByText(message, { exact: true })).toBeVisible();
        await expect(page.getByLabel(label, { exact: true })).toHaveAccessibleErrorMessage(message);
      }
      // The first field in error has the focus.
      await expect(page.getByLabel('Professional type')).toBeFocused();
      expect(await fitsWidth(page)).toBe(true);

      // Each bad value has its own message; each goes once the value is right.
      const cases: [string, string, string, string][] = [
        ['Name', 'A', MESSAGES.name, 'Al'],
        ['Company', 'X', MESSAGES.company, 'XY'],
        ['Email', 'sam@solicitors', MESSAGES.email, 'sam@solicitors.example'],
        ['Phone', '020 7946', MESSAGES.phone, '020 7946 0018'],
        ['Phone', 'abcdefghijk', MESSAGES.phone, '+44 20 7946 0018'],
        ['Website (optional)', 'solicitors.example', MESSAGES.website, 'https://solicitors.example'],
      ];
      for (const [label, bad, message, good] of cases) {
        const input = page.getByLabel(label, { exact: true });
        await input.fill(bad);
        await expect(page.getByText(message, { exact: true }), `${label} '${bad}'`).toBeVisible();
        await expect(input).toHaveAttribute('aria-invalid', 'true');
        await input.fill(good);
        await expect(page.getByText(message, { exact: true }), `${label} '${good}'`).toBeHidden();
      }
      await page.getByLabel('Professional type').selectOption({ label: 'Estate Agent' });
      await expect(page.getByText(MESSAGES.professionalType, { exact: true })).toBeHidden();
      // A paste longer than the database takes is cut, and the field says why.
      await page.getByLabel('Phone').fill('0'.repeat(60));
      await expect(page.getByLabel('Phone')).toHaveValue('0'.repeat(40));
      await expect(page.getByText('At most 40 characters')).toBeVisible();
      // Forty zeros are not a phone number either: both are said.
      await expect(page.getByLabel('Phone')).toHaveAccessibleErrorMessage(MESSAGES.phone);
      await expect(page.getByLabel('Phone')).toHaveAccessibleDescription('At most 40 characters');
    });
  }

  test('both pages fit 360–1024 px and are axe clean: the Hire form open with its errors, a request waiting', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/hire');
    await checkFitAndAxe(page, 'hire');
    await page.getByRole('button', { name: 'Request Demo' }).click();
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText(MESSAGES.phone)).toBeVisible();
    await checkFitAndAxe(page, 'hire, form with errors');

    await page.goto('/professional-signup');
    // The route's code arrives after the load event: offline before it has, and (with no service
    // worker in control yet) the form would never appear.
    await expect(page.getByLabel('Professional type')).toBeVisible();
    await context.setOffline(true);
    await fill(page, emailFor('fit'));
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText('1 request waiting to be sent')).toBeVisible();
    await checkFitAndAxe(page, 'signup, a request waiting');
    await context.setOffline(false);
    await expect(page.getByText('1 request waiting to be sent')).toBeHidden();
  });

  test("the landing page links 'Hire Chloe for Your Business' to /professional-signup and to /hire", async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'See what Chloe does for agencies' }).click();
    await expect(page).toHaveURL(/\/hire$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hire Chloe' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.getByRole('link', { name: 'Hire Chloe for Your Business' }).click();
    await expect(page).toHaveURL(/\/professional-signup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Request a demo' })).toBeVisible();
  });
});

test('offline: a request is kept on the device, survives a reload, and reaches Postgres once back online', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/professional-signup');
  await controlledByServiceWorker(page);

  await context.setOffline(true);
  const email = emailFor('offline');
  await fill(page, email);
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(toasts(page).getByText(QUEUED[0]!)).toBeVisible();
  await expect(toasts(page).getByText(QUEUED[1]!)).toBeVisible();
  const waiting = page.getByTestId('demo-requests-waiting');
  await expect(waiting).toContainText('1 request waiting to be sent');
  await expect(waiting).toContainText("You're offline");
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');

  // A reload while offline: the service worker serves the app, the request is still there.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Request a demo' })).toBeVisible();
  await expect(waiting).toContainText('1 request waiting to be sent');
  // A second tab on the Hire page says the same, and sends too when the connection returns.
  const other = await context.newPage();
  await other.goto('/hire');
  await expect(other.getByText('1 request waiting to be sent')).toBeVisible();
  expect(await rowsFor(email)).toEqual([]);

  await context.setOffline(false);
  // Whichever tab gets the send lock sends it, and says so.
  const received = async (p: Page) => toasts(p).getByText(RECEIVED[0]).count();
  await expect.poll(async () => (await received(page)) + (await received(other))).toBe(1);
  await expect(waiting).toBeHidden();
  await expect(other.getByText('1 request waiting to be sent')).toBeHidden();
  await expect.poll(() => rowsFor(email)).toHaveLength(1);
  // Sent once. Nothing more can arrive: both tabs read an empty queue (above), and a send of this
  // request repeated would carry its id, which Postgres holds once.
  expect(await rowsFor(email)).toEqual([
    {
      id: expect.any(String) as unknown,
      name: 'Sam Solicitor',
      professional_type: 'lawyer',
      marketing: true,
      ai_name: 'Chloe',
    },
  ]);
  await other.close();
});
