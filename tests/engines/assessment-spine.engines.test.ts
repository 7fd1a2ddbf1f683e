// The offline spine in the engines beside Chromium: an assessment link opened once, an answer
// typed, the network cut (a proxy: Firefox's offline mode leaves the service worker on the network,
// WebKitGTK has no switch), a reload with nothing reachable, the answer still there, and in
// Postgres once the network is back. Against the same build and throw-away stack as the e2e
// (tests/engines/global-setup.ts).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineDevice } from './device';
import { launchFirefox } from './firefox';
import { launchWebKit } from './webkit';

const base = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the engines project starts the app in its global setup');
  return url;
};

async function agencyName(token: string) {
  const db = new pg.Client({ connectionString: process.env.E2E_DB_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ name: string | null }>(
      'select agency_name as name from agent_assessments where token = $1',
      [token],
    );
    return rows[0]?.name ?? null;
  } finally {
    await db.end();
  }
}

async function newAssessment(prefix: string) {
  const token = `${prefix}${randomUUID().replace(/-/g, '')}`;
  const db = new pg.Client({ connectionString: process.env.E2E_DB_URL });
  await db.connect();
  await db
    .query('insert into agent_assessments (token, agency_name) values ($1, null)', [token])
    .finally(() => db.end());
  return token;
}

/** Polls `check` in the page until it holds. */
async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const ENGINES: [name: string, prefix: string, launch: () => Promise<EngineDevice>][] = [
  ['Firefox ESR', 'F', launchFirefox],
  // navigator.onLine stays true there: only the proxy says the network is gone.
  ['WebKit (WebKitGTK)', 'W', launchWebKit],
];

describe.each(ENGINES)('%s', (_name, prefix, launch) => {
  let device: EngineDevice;
  beforeAll(async () => {
    device = await launch();
  }, 60_000);
  afterAll(async () => {
    await device?.stop();
  });

  it('keeps an answer typed offline through a reload, and syncs it when the network is back', async () => {
    const token = await newAssessment(prefix);
    const typed = `${prefix} Lettings`;
    const agency = 'input[name="agency_name"]';
    const hasField = () => device.evaluate((sel: string) => document.querySelector(sel) !== null, agency);
    const controlled = () => device.evaluate(() => navigator.serviceWorker.controller !== null);
    await device.goto(`${base()}/agent-assessment/${token}`);
    await until(hasField, 30_000, 'the first step');
    // Installed and in control: a reload offline is served by the worker.
    await device.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    if (!(await controlled())) {
      await device.reload();
      await until(controlled, 20_000, 'the service worker to control the page');
    }
    await until(hasField, 20_000, 'the first step');

    await device.setOffline(true);
    await device.type(agency, typed);
    // The keystrokes reach IndexedDB within a task (ADR 019); a moment for the last one.
    await new Promise((r) => setTimeout(r, 500));
    await device.reload();
    await until(
      () =>
        device.evaluate(
          (sel: string, value: string) => document.querySelector<HTMLInputElement>(sel)?.value === value,
          agency,
          typed,
        ),
      20_000,
      'the answer after the offline reload',
    );
    expect(await agencyName(token)).toBeNull();

    await device.setOffline(false);
    await expect.poll(() => agencyName(token), { timeout: 60_000, interval: 500 }).toBe(typed);
  }, 120_000);
});
