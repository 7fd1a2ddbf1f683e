// The service worker's update prompt in the engines beside Chromium: a page under the worker,
// then a deployment (the proxy serves the worker's script one comment longer), the update check
// the app makes when it becomes visible, 'A new version is available', Reload, and the page
// reloaded under the new worker.
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineDevice } from './device';
import { ENGINES, openPage, stopAll } from './engines';

describe.each(ENGINES)('%s', (_name, _prefix, launch) => {
  const opened: EngineDevice[] = [];
  afterEach(() => stopAll(opened));

  it('offers a new version once it is installed, and Reload puts it in charge', async () => {
    const page = await openPage(launch, opened);
    await page.goto('/');
    await page.controlled();
    const workerBefore = await page.device.evaluate(() =>
      navigator.serviceWorker.getRegistration().then((r) => r?.active?.scriptURL ?? null),
    );
    expect(workerBefore).not.toBeNull();
    await page.device.evaluate(() => {
      (window as unknown as { __beforeUpdate: boolean }).__beforeUpdate = true;
    });

    page.device.proxy.deployNewWorker();
    await page.device.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    await page.see('A new version is available', 60_000);
    await page.press('Reload');
    await page.until(
      () =>
        page.device.evaluate(
          () => !(window as unknown as { __beforeUpdate?: boolean }).__beforeUpdate && !!document.body,
        ),
      'the page to reload',
      30_000,
    );
    await page.gone('A new version is available');
    const state = await page.device.evaluate(() =>
      navigator.serviceWorker.getRegistration().then((r) => ({
        waiting: r?.waiting ?? null,
        controlled: navigator.serviceWorker.controller !== null,
      })),
    );
    expect(state).toEqual({ waiting: null, controlled: true });
    expect(await page.device.errors()).toEqual([]);
  }, 150_000);
});
