// The service worker's update prompt in the engines beside Chromium: a page under the worker,
// then a deployment (the proxy serves the worker's script one comment longer), the update check
// the app makes when it becomes visible, 'A new version is available', Reload, and the page
// reloaded under the new worker.
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineDevice } from './device';
import { ENGINES, openPage, stopAll } from './engines';

/** In the page: counts the Reload clicks that reach it and the changes of controller it sees. */
function watchTheSwitch() {
  const seen = ((window as unknown as { __switch: { clicks: number; controllerChanges: number } }).__switch = {
    clicks: 0,
    controllerChanges: 0,
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => seen.controllerChanges++);
  document.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element).closest('button')?.textContent?.includes('Reload')) seen.clicks++;
    },
    true,
  );
}

/** In the page: what watchTheSwitch saw, the registration's workers and whether the offer shows. */
async function theSwitch() {
  const registration = await navigator.serviceWorker.getRegistration();
  return JSON.stringify({
    ...(window as unknown as { __switch?: object }).__switch,
    installing: registration?.installing?.state ?? null,
    waiting: registration?.waiting?.state ?? null,
    active: registration?.active?.state ?? null,
    controller: navigator.serviceWorker.controller?.state ?? null,
    offerShown: document.body.innerText.includes('A new version is available'),
  });
}

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
    await page.device.evaluate(watchTheSwitch);
    await page.press('Reload');
    await page
      .until(
        () =>
          page.device.evaluate(
            () => !(window as unknown as { __beforeUpdate?: boolean }).__beforeUpdate && !!document.body,
          ),
        'the page to reload',
        30_000,
      )
      .catch(async (error: Error) => {
        // Once in WebKit on a loaded machine (not in 11 runs after): say how far the switch got.
        const switched = await page.device.evaluate(theSwitch).catch((e: unknown) => `unknown: ${String(e)}`);
        throw new Error(`${error.message}\nthe switch: ${switched}`);
      });
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
