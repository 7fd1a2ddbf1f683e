// Firefox ESR from Debian (apt-get install firefox-esr), driven over WebDriver BiDi by
// puppeteer-core: no browser download. Every request goes through the offline proxy.
import puppeteer from 'puppeteer-core';
import type { EngineDevice } from './device';
import { startOfflineProxy } from './offline-proxy';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export async function launchFirefox(): Promise<EngineDevice> {
  const proxy = await startOfflineProxy();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: {
      'network.proxy.type': 1,
      'network.proxy.http': '127.0.0.1',
      'network.proxy.http_port': proxy.port,
      'network.proxy.ssl': '127.0.0.1',
      'network.proxy.ssl_port': proxy.port,
      'network.proxy.allow_hijacking_localhost': true,
      'network.proxy.no_proxies_on': '',
    },
  });
  const page = await browser.newPage();
  return {
    proxy,
    goto: async (url) => void (await page.goto(url)),
    reload: async () => void (await page.reload({ waitUntil: 'load' })),
    evaluate: (fn, ...args) => page.evaluate(fn as (...a: unknown[]) => never, ...args),
    type: (selector, text) => page.type(selector, text),
    async setOffline(offline) {
      proxy.setOffline(offline);
      await page.setOfflineMode(offline);
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
