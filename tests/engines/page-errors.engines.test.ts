// What `errors()` reports in Firefox: the shown page's uncaught errors and unhandled rejections, and
// not what Firefox logs for a page the test left while its requests were on their way (each one
// the service worker was answering: 'A ServiceWorker intercepted the request and encountered an
// unexpected error'). Those made the fit test fail now and then (tests/engines/firefox.ts).
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineDevice } from './device';
import { ENGINES, openPage, stopAll } from './engines';
import { newEmail, signUp } from './stack';

const [firefox] = ENGINES;

describe.each([firefox!])('%s', (_name, prefix, launch) => {
  const opened: EngineDevice[] = [];
  afterEach(() => stopAll(opened));

  it('reports the shown page’s errors, not those of a page left mid-load', async () => {
    const page = await openPage(launch, opened);
    await signUp(page, newEmail(prefix));
    await page.controlled();
    for (const path of ['/shareholder/subscribe', '/dashboard', '/saved-properties', '/dashboard']) {
      // Left as soon as it has loaded: its lazy chunks are still coming through the worker.
      await page.goto(path);
      await page.goto('/');
      await page.see('Chloe');
      expect(await page.device.errors(), `after leaving ${path}`).toEqual([]);
      await page.device.evaluate(() => {
        setTimeout(() => {
          throw new Error('thrown on the page');
        });
        void Promise.reject(new Error('rejected on the page'));
      });
      const seen: string[] = [];
      await page.until(async () => {
        seen.push(...(await page.device.errors()));
        return seen.length >= 2;
      }, 'the page’s errors');
      expect(seen.sort()).toEqual(['Error: Error: rejected on the page', 'Error: Error: thrown on the page']);
    }
  }, 120_000);
});
