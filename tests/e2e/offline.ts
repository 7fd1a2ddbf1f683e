// context.setOffline as a browser without a network behaves. Chromium 150 under Playwright 1.65
// emulates the lost network for pages already open, but a document loaded while offline (a
// reload, a navigation the service worker answers) reads navigator.onLine === true: the app then
// believes it is online and never says it is not. Offline, each new document is told the truth
// until the context comes back online.
import type { Browser, BrowserContext, Disposable } from '@playwright/test';

type Flagged = typeof globalThis & { __e2eOffline?: boolean };

const scripts = new WeakMap<BrowserContext, Disposable>();

function offlineFromTheStart() {
  const real = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')?.get;
  Object.defineProperty(Navigator.prototype, 'onLine', {
    configurable: true,
    get(this: Navigator) {
      return (globalThis as Flagged).__e2eOffline ? false : Boolean(real?.call(this) ?? true);
    },
  });
  (globalThis as Flagged).__e2eOffline = true;
}

async function followOnline(context: BrowserContext, offline: boolean) {
  if (offline) {
    if (!scripts.has(context)) scripts.set(context, await context.addInitScript(offlineFromTheStart));
    return;
  }
  await scripts.get(context)?.dispose();
  scripts.delete(context);
  // Documents loaded while offline go back to the browser's own answer (true again by now), and
  // hear 'online' as any page does when the network comes back.
  await Promise.all(
    context.pages().map((page) =>
      page
        .evaluate(() => {
          const flagged = globalThis as Flagged;
          if (!flagged.__e2eOffline) return;
          flagged.__e2eOffline = false;
          window.dispatchEvent(new Event('online'));
        })
        .catch(() => undefined),
    ),
  );
}

let patched = false;

/** Every context of this worker, the fixture's and those tests make, sets offline as above. */
export async function offlineAsABrowserIs(browser: Browser) {
  if (patched) return;
  const probe = await browser.newContext();
  const proto = Object.getPrototypeOf(probe) as BrowserContext;
  await probe.close();
  const setOffline = proto.setOffline;
  proto.setOffline = async function (this: BrowserContext, offline: boolean) {
    await setOffline.call(this, offline);
    await followOnline(this, offline);
  };
  patched = true;
}
