// The offline spine in Firefox (Debian's ESR over WebDriver BiDi): an assessment link opened once,
// an answer typed, the network cut (a proxy: Firefox's offline mode leaves the service worker on
// the network), a reload with nothing reachable, the answer still there, and in Postgres once the
// network is back. Against the same build and throw-away stack as the e2e (tests/e2e/global-setup.ts).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchFirefox, type FirefoxDevice } from './firefox';
import { launchWebKit, type WebKitDevice } from './webkit';

const base = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the engines project starts the app in its global setup');
  return url;
};

async function sql<T extends pg.QueryResultRow>(text: string, params: unknown[] = []) {
  const db = new pg.Client({ connectionString: process.env.E2E_DB_URL });
  await db.connect();
  try {
    return (await db.query<T>(text, params)).rows;
  } finally {
    await db.end();
  }
}

describe('Firefox', () => {
  let device: FirefoxDevice;
  beforeAll(async () => {
    device = await launchFirefox();
  }, 60_000);
  afterAll(async () => {
    await device?.stop();
  });

  it('keeps an answer typed offline through a reload, and syncs it when the network is back', async () => {
    const { page } = device;
    const token = `F${randomUUID().replace(/-/g, '')}`;
    await sql(`insert into agent_assessments (token, agency_name) values ($1, null)`, [token]);
    await page.goto(`${base()}/agent-assessment/${token}`);
    const agency = 'input[name="agency_name"]';
    await page.waitForSelector(agency, { timeout: 30_000 });
    // Installed and in control: a reload offline is served by the worker.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 20_000 });
    }
    await page.waitForSelector(agency);

    await device.setOffline(true);
    await page.type(agency, 'Firefox Lettings');
    // Written on the device (IndexedDB), then the page reloaded with nothing reachable.
    // The keystrokes reach IndexedDB within a task (ADR 019); a moment for the last one.
    await new Promise((r) => setTimeout(r, 500));
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector(agency, { timeout: 20_000 });
    await page.waitForFunction(
      (selector) => document.querySelector<HTMLInputElement>(selector)?.value === 'Firefox Lettings',
      { timeout: 20_000 },
      agency,
    );
    const serverWhileOffline = await sql<{ name: string | null }>(
      'select agency_name as name from agent_assessments where token = $1',
      [token],
    );
    expect(serverWhileOffline[0]?.name ?? null).toBeNull();

    await device.setOffline(false);
    await expect
      .poll(
        async () =>
          (
            await sql<{ name: string | null }>('select agency_name as name from agent_assessments where token = $1', [
              token,
            ])
          )[0]?.name,
        { timeout: 40_000, interval: 500 },
      )
      .toBe('Firefox Lettings');
  }, 120_000);
});

describe('WebKit (WebKitGTK)', () => {
  let webkit: WebKitDevice;
  beforeAll(async () => {
    webkit = await launchWebKit();
  }, 60_000);
  afterAll(async () => {
    await webkit?.stop();
  });
  const until = async (check: () => Promise<boolean>, ms: number) => {
    const end = Date.now() + ms;
    while (!(await check().catch(() => false))) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  it('keeps an answer typed with the stack unreachable through a reload, and syncs it after', async () => {
    const token = `W${randomUUID().replace(/-/g, '')}`;
    await sql(`insert into agent_assessments (token, agency_name) values ($1, null)`, [token]);
    const agency = 'input[name="agency_name"]';
    const hasField = () => webkit.evaluate((sel: string) => document.querySelector(sel) !== null, agency);
    await webkit.goto(`${base()}/agent-assessment/${token}`);
    await until(hasField, 30_000);
    await webkit.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    if (!(await webkit.evaluate(() => navigator.serviceWorker.controller !== null))) {
      await webkit.reload();
      await until(() => webkit.evaluate(() => navigator.serviceWorker.controller !== null), 20_000);
    }
    await until(hasField, 20_000);

    // WebKitGTK has no offline switch: the proxy cuts every request (navigator.onLine stays true).
    await webkit.setOffline(true);
    await webkit.type(agency, 'WebKit Lettings');
    await new Promise((r) => setTimeout(r, 500));
    await webkit.reload();
    await until(
      () =>
        webkit.evaluate(
          (sel: string) => document.querySelector<HTMLInputElement>(sel)?.value === 'WebKit Lettings',
          agency,
        ),
      20_000,
    );
    const whileOffline = await sql<{ name: string | null }>(
      'select agency_name as name from agent_assessments where token = $1',
      [token],
    );
    expect(whileOffline[0]?.name ?? null).toBeNull();

    await webkit.setOffline(false);
    await expect
      .poll(
        async () =>
          (
            await sql<{ name: string | null }>('select agency_name as name from agent_assessments where token = $1', [
              token,
            ])
          )[0]?.name,
        { timeout: 60_000, interval: 500 },
      )
      .toBe('WebKit Lettings');
  }, 120_000);
});
