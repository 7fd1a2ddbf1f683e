// Firefox ESR from Debian (apt-get install firefox-esr), driven over WebDriver BiDi by
// puppeteer-core: no browser download. Every request goes through the offline proxy.
import puppeteer, { type Page } from 'puppeteer-core';
import type { EngineDevice } from './device';
import { startOfflineProxy, type ProxyOptions } from './offline-proxy';

/** What this file reads of puppeteer's BiDi browsing context (not in its public types). */
interface BrowsingContext {
  id: string;
  defaultRealm: { id: string };
  on(
    event: 'log',
    listener: (event: {
      entry: { type: string; text: string | null; source: { realm: string; context?: string } };
    }) => void,
  ): void;
}

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** Firefox ESR, headless, every request through the proxy on `proxyPort`. */
function launchBrowser(proxyPort: number) {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: {
      'network.proxy.type': 1,
      'network.proxy.http': '127.0.0.1',
      'network.proxy.http_port': proxyPort,
      'network.proxy.ssl': '127.0.0.1',
      'network.proxy.ssl_port': proxyPort,
      'network.proxy.allow_hijacking_localhost': true,
      'network.proxy.no_proxies_on': '',
      // With localhost sent through a proxy Firefox no longer counts it a secure context (ESR
      // 140.12 does not; earlier builds here did): no service worker, navigator.storage, Web
      // Locks, crypto.subtle or crypto.randomUUID. The app is served over https in production and
      // from localhost here; this says localhost is what it is.
      'dom.securecontext.allowlist': 'localhost',
      // ...and would then fetch the page's icons as https://localhost, which nothing serves.
      'security.mixed_content.upgrade_display_content': false,
    },
  });
}

/**
 * The page's own errors, as `take` hands them over; `leave` before each navigation.
 *
 * Firefox reports, as the page's own errors, each request the service worker was answering when
 * the page was left ('A ServiceWorker intercepted the request and encountered an unexpected
 * error') and each import it cut off. Those belong to the document left, not to the page shown:
 * errors are read from the browsing context's log with the realm (document) they came from, and
 * a realm's errors stop counting once `goto` or `reload` leaves it. puppeteer's 'pageerror' does
 * not say which document an error came from; its frame's browsing context does.
 */
function pageErrors(page: Page) {
  let errors: string[] = [];
  const context = (page.mainFrame() as unknown as { browsingContext: BrowsingContext }).browsingContext;
  const left = new Set<string>();
  // Firefox reports its own log line for each request the cut network refused; those are not the
  // page's errors (WebKit's in-page list never sees them).
  const networkRefused = /CORS request did not succeed|can’t establish a connection to the server/;
  context.on('log', ({ entry }) => {
    if (entry.type !== 'javascript' || entry.source.context !== context.id || left.has(entry.source.realm)) return;
    const text = `Error: ${entry.text ?? ''}`;
    if (!networkRefused.test(text)) errors.push(text);
  });
  const leave = async () => {
    // A round trip first: what the page reported before it is delivered before it.
    await page.evaluate(() => 0).catch(() => undefined);
    left.add(context.defaultRealm.id);
  };
  const take = () => {
    const seen = errors;
    errors = [];
    return seen;
  };
  return { leave, take };
}

/**
 * navigator.onLine as the proxy has it, where Firefox can say so: false where it cannot.
 * Firefox ESR 140.12 knows no emulation.setNetworkConditions (puppeteer's setOfflineMode):
 * there, as in WebKit, only the proxy says the network is gone and navigator.onLine stays true.
 */
function offlineEmulation(page: Page) {
  let canEmulateOffline = true;
  return async (offline: boolean) => {
    if (!canEmulateOffline) return false;
    try {
      await page.setOfflineMode(offline);
      return true;
    } catch (error) {
      if (!/unknown command/.test(String(error))) throw error;
      canEmulateOffline = false;
      return false;
    }
  };
}

/** What is on top at the middle of `selector` when not the control itself ('': the control). */
const coveredBy = (page: Page, selector: string) =>
  page.$eval(selector, (el) => {
    el.scrollIntoView({ block: 'center' });
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    if (!top || el === top || el.contains(top)) return '';
    const named = top.closest('[role], [aria-label], [data-part]') ?? top;
    return `${named.tagName.toLowerCase()} "${(named.textContent ?? '').trim().slice(0, 80)}"`;
  });

/**
 * A real click on `selector`, in the middle of the window, clear of the toasts at its bottom edge.
 * A click lands on whatever is on top there; as WebKit's driver refuses an intercepted click, this
 * waits briefly for the control to be uncovered (a toast going), then says what covers it.
 */
async function clickUncovered(page: Page, selector: string) {
  for (let attempt = 0; ; attempt++) {
    const cover = await coveredBy(page, selector);
    if (cover === '') return page.click(selector);
    if (attempt >= 10) throw new Error(`firefox: the click on ${selector} would land on ${cover}, which covers it`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function setViewport(page: Page, width: number, height: number) {
  // puppeteer sets the size and the screen's orientation at once; Firefox ESR 140.12 knows no
  // orientation override and refuses it, and the size it did take is waited for here.
  await page.setViewport({ width, height }).catch((error: unknown) => {
    if (!/unknown command/.test(String(error))) throw error;
  });
  for (let tries = 0; (await page.evaluate(() => innerWidth)) !== width; tries++) {
    if (tries === 50) throw new Error(`firefox: the window never became ${width} px wide`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/** A mouse stroke through `points`, from the element's top-left corner. */
async function draw(page: Page, selector: string, points: readonly (readonly [number, number])[]) {
  const { x, y } = await page.$eval(selector, (el) => {
    el.scrollIntoView({ block: 'center' });
    const box = el.getBoundingClientRect();
    return { x: box.x, y: box.y };
  });
  const [first, ...rest] = points;
  if (!first) return;
  await page.mouse.move(x + first[0], y + first[1]);
  await page.mouse.down();
  for (const [dx, dy] of rest) await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

export async function launchFirefox(options: ProxyOptions = {}): Promise<EngineDevice> {
  const proxy = await startOfflineProxy(options);
  const browser = await launchBrowser(proxy.port);
  const page = await browser.newPage();
  const { leave, take } = pageErrors(page);
  const emulateOffline = offlineEmulation(page);
  return {
    engine: 'firefox',
    proxy,
    goto: async (url) => {
      await leave();
      // A page left while it is still starting can cancel the navigation away from it: Firefox
      // then answers NS_BINDING_ABORTED (page-errors' quick leaving met it in 2 of 6 runs). The
      // test asked to go, so it goes, once more.
      const go = () =>
        page.goto(url).catch(async (error: unknown) => {
          if (!/NS_BINDING_ABORTED/.test(String(error))) throw error;
          await page.goto(url);
        });
      await go();
      // Still on the page left (seen once in page-errors, run 23: the test then waited on a
      // document whose errors no longer count): it goes once more.
      if (new URL(page.url()).pathname !== new URL(url).pathname) await go();
    },
    reload: async () => {
      await leave();
      await page.reload({ waitUntil: 'load' });
    },
    evaluate: (fn, ...args) => page.evaluate(fn as (...a: unknown[]) => never, ...args),
    install: async (name, fn) => void (await page.evaluate(`window[${JSON.stringify(name)}] = ${fn.toString()}`)),
    type: (selector, text) => page.type(selector, text),
    async clear(selector) {
      await page.focus(selector);
      await page.keyboard.down('Control');
      await page.keyboard.press('a');
      await page.keyboard.up('Control');
      await page.keyboard.press('Backspace');
    },
    click: (selector) => clickUncovered(page, selector),
    draw: (selector, points) => draw(page, selector, points),
    setViewport: (width, height) => setViewport(page, width, height),
    errors: async () => take(),
    async setOffline(offline) {
      proxy.setOffline(offline);
      if (!(await emulateOffline(offline))) return;
      // The emulation turns navigator.onLine back on without the 'online' event a real Firefox
      // fires when its network returns; the page gets it here, once.
      if (!offline) await page.evaluate(() => void (navigator.onLine && dispatchEvent(new Event('online'))));
    },
    async stop() {
      // The browser's own process, by its pid, even if closing it fails.
      const pid = browser.process()?.pid;
      await browser.close().catch(() => undefined);
      if (pid) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
      await proxy.stop();
    },
  };
}
