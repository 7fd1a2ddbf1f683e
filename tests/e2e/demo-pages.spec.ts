import { expect, type Locator, type Page } from '@playwright/test';
import { axeProblems } from './checks';
import { controlledByServiceWorker, test } from './fixtures';
import { WHOLE_BROWSER } from '../chromium';

// The whole browser: the headless shell has no microphone to refuse (tests/chromium.ts).
test.use({ launchOptions: WHOLE_BROWSER });

// The demo and agent landing pages (docs/product/marketing.md#demo-pages) on a phone and a
// tablet: the persona of the route table, the phone badge, the 7-day note, two columns of tiles
// under 768 px and four above, no sideways scroll, axe; both spellings of /demo/haus&haus, the 404,
// offline after one visit, and the words for a demo page's failed voice start
// (docs/product/messages.md#voice).

type Expected = { path: string; persona: string; prospect: string; phone: string; hero: 'phone' | 'channels' };

// Personas from docs/product/voice.md#personas; the numbers are the pages' made-up drama-range lines.
const PAGES: readonly Expected[] = [
  { path: '/demo/haus&haus', persona: 'Sarah', prospect: 'Haus & Haus', phone: '020 7946 0211', hero: 'phone' },
  {
    path: '/demo/oval-real-estate',
    persona: 'Archer',
    prospect: 'Oval Real Estate',
    phone: '020 7946 0312',
    hero: 'channels',
  },
  {
    path: '/demo/london-nightly',
    persona: 'Joanne',
    prospect: 'London Nightly',
    phone: '020 7946 0423',
    hero: 'channels',
  },
  { path: '/demo-hawes-co', persona: 'Sarah', prospect: 'Hawes & Co', phone: '020 7946 0534', hero: 'phone' },
  { path: '/demo-yopa', persona: 'Kerry', prospect: 'YOPA', phone: '020 7946 0645', hero: 'channels' },
  {
    path: '/cornerstone-estate-agents',
    persona: 'Sarah',
    prospect: 'Cornerstone Estate Agents',
    phone: '020 7946 0756',
    hero: 'phone',
  },
  {
    path: '/we-can-properties',
    persona: 'Sandra',
    prospect: 'We Can Properties',
    phone: '020 7946 0867',
    hero: 'channels',
  },
  { path: '/winkworths', persona: 'Sarah', prospect: 'Winkworths', phone: '020 7946 0978', hero: 'phone' },
];

const CHANNELS = ['Voice Calls', 'Email', 'SMS & Text', 'Web Browser'];
const NOTE = 'This demo is available for 7 days';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, columns: 2 },
  { name: 'tablet', width: 820, height: 1180, columns: 4 },
] as const;

const telOf = (grouped: string) => `tel:+44${grouped.replace(/\s/g, '').slice(1)}`;

/** How many columns and rows the items are laid out in, from their boxes. */
async function grid(items: Locator) {
  const boxes = await items.evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { left: Math.round(box.left), top: Math.round(box.top), width: box.width };
    }),
  );
  return {
    count: boxes.length,
    columns: new Set(boxes.map((box) => box.left)).size,
    rows: new Set(boxes.map((box) => box.top)).size,
    narrowest: Math.min(...boxes.map((box) => box.width)),
  };
}

async function checkPage(page: Page, expected: Expected, columns: number) {
  const { persona, prospect, phone } = expected;
  const where = `${expected.path}`;
  await expect(page.getByRole('heading', { level: 1 }), where).toContainText(prospect);
  await expect(page.getByRole('heading', { level: 1 }), where).toContainText(persona);
  await expect(page.getByRole('link', { name: 'Back to Home' }), where).toHaveAttribute('href', '/');

  const voice = page.getByRole('main').locator('button[data-phase]');
  await expect(voice, where).toBeVisible();
  await expect(voice, where).toHaveText(`Talk to ${persona}`);
  await expect(voice, where).toBeEnabled();

  const call = page.getByRole('link', { name: `Call ${persona} directly: ${phone}` });
  await expect(call, where).toBeVisible();
  await expect(call, where).toHaveAttribute('href', telOf(phone));
  await expect(call, where).toHaveText(phone);
  await expect(call, where).toHaveAttribute('title', `Call ${persona} directly`);
  // The hero features the phone-call button, or a channel grid (the badge then sits in the header).
  const heroCall = page.getByRole('main').getByRole('link', { name: /directly/ });
  await expect(heroCall, where).toHaveCount(expected.hero === 'phone' ? 1 : 0);
  await expect(page.getByRole('list', { name: `${persona} answers by` }), where).toHaveCount(
    expected.hero === 'channels' ? 1 : 0,
  );

  await expect(page.getByText(NOTE), where).toBeVisible();

  const channels = page.getByRole('region', { name: `${persona} answers on every channel` });
  await expect(channels.getByRole('heading', { level: 3 }), where).toHaveText(CHANNELS);
  expect(await grid(channels.getByRole('listitem')), `${where}: channel tiles`).toMatchObject({
    count: 4,
    columns,
    rows: 4 / columns,
  });
  const features = page.getByRole('region', { name: `What ${persona} does for ${prospect}` });
  expect(await grid(features.getByRole('listitem')), `${where}: feature cards`).toMatchObject({
    count: 8,
    columns,
    rows: 8 / columns,
  });

  await expect(page.locator('elevenlabs-convai'), where).toHaveAttribute('agent-id', `local-${persona.toLowerCase()}`);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `${where}: no horizontal scroll`,
  ).toBe(true);
}

for (const viewport of VIEWPORTS) {
  test(`${viewport.name} (${viewport.width} px): every demo and agent page, ${viewport.columns} tiles across`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const axeChecked = new Set<Expected['hero']>();
    for (const expected of PAGES) {
      await page.goto(expected.path);
      await checkPage(page, expected, viewport.columns);
      // axe once per hero kind on each viewport: the pages share one component.
      if (!axeChecked.has(expected.hero)) {
        axeChecked.add(expected.hero);
        expect(await axeProblems(page), `${expected.path} @ ${viewport.width}px`).toEqual([]);
      }
    }
    expect(axeChecked.size).toBe(2);

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('main').locator('button[data-phase]')).toHaveText('Talk to Chloe');
  });
}

test('/demo/haus&haus and /demo/haus%26haus are both Sarah’s Haus & Haus page; /demo/nope is the 404', async ({
  page,
}) => {
  for (const path of ['/demo/haus&haus', '/demo/haus%26haus']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(
      'Meet Sarah, the AI assistant for Haus & Haus',
    );
    await expect(page.getByRole('main').locator('button[data-phase]'), path).toHaveText('Talk to Sarah');
    await expect(page.locator('elevenlabs-convai'), path).toHaveAttribute('agent-id', 'local-sarah');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toHaveCount(0);
  }

  // After a demo page (its service worker in control), an unknown slug is the 404 and nothing throws.
  const thrown: string[] = [];
  page.on('pageerror', (error) => thrown.push(error.message));
  // The 404 page's own log line is expected; nothing else is.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('404 Error: User attempted to access'))
      thrown.push(message.text());
  });
  await controlledByServiceWorker(page);
  await page.goto('/demo/nope');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  // And by the app's own navigation, from a demo page to an unknown one.
  await page.goto('/demo/haus&haus');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sarah');
  await page.evaluate(() => {
    window.history.pushState({}, '', '/demo/unknown');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  expect(thrown).toEqual([]);
  await page.goto('/demo/nope');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  await expect(page.getByText(NOTE)).toHaveCount(0);
});

test('a demo page opens offline after one visit, and so do the others', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto('/demo-yopa');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Kerry');
  await controlledByServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meet Kerry, the AI assistant for YOPA');
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Call Kerry directly: 020 7946 0645' })).toBeVisible();
  await expect(page.getByText(NOTE)).toBeVisible();
  // A call needs the network: the button says so instead of failing.
  await expect(page.getByRole('main').locator('button[data-phase]')).toBeDisabled();

  // Pages not opened before come from the same precached build, '&' and '%26' alike.
  for (const path of ['/demo/haus%26haus', '/demo/haus&haus', '/we-can-properties']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toContainText(
      path === '/we-can-properties' ? 'Sandra' : 'Haus & Haus',
    );
  }
  await context.setOffline(false);
});

test.describe('without a microphone', () => {
  // No service worker: nothing between the page and the voice service (as in voice.spec.ts).
  test.use({ serviceWorkers: 'block' });

  test('a refused microphone on a demo page: the destructive ‘Error starting conversation’', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/winkworths');
    const voice = page.getByRole('main').locator('button[data-phase]');
    await expect(voice).toHaveText('Talk to Sarah');
    await voice.click();
    const notifications = page.getByRole('region', { name: /notifications/i });
    const failure = notifications.locator('[data-type]').filter({ hasText: 'Error starting conversation' });
    await expect(failure).toBeVisible();
    await expect(failure).toHaveAttribute('data-type', 'error');
    await expect(failure).toContainText('Please check your microphone permissions and try again.');
    await expect(notifications.getByText('Failed to Start')).toHaveCount(0);
    await expect(voice).toHaveText('Talk to Sarah');
    await expect(voice).toBeEnabled();
  });
});
