// How the PWA bench measures in Chromium: a cold start to the home page's content, the slowest
// interaction while typing on a throttled CPU, and the summaries of repeated runs.
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { createServer, type ViteDevServer } from 'vite';
import { root } from './pwa-app';

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
export const quartiles = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.floor((s.length - 1) * q)] ?? NaN;
  return { median: at(0.5), p25: at(0.25), p75: at(0.75) };
};
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Milliseconds from navigation start until the home page's heading is in the document. */
export async function coldStart(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as Window & { __shownAt?: number };
    new MutationObserver((_, observer) => {
      if (document.querySelector('h1')?.textContent === 'Meet Chloe, your AI property assistant') {
        w.__shownAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto(`${url}/`, { timeout: 20_000 });
  await page.waitForFunction(() => (window as Window & { __shownAt?: number }).__shownAt !== undefined, undefined, {
    timeout: 20_000,
  });
  const ms = await page.evaluate(() => (window as Window & { __shownAt?: number }).__shownAt!);
  await page.close();
  return ms;
}

/**
 * Types `text` into the first text box of `url` with the CPU 4× slower: the slowest interaction
 * (INP) among those of 16 ms or more, and how many there were (Event Timing API).
 */
export async function slowestInteraction(context: BrowserContext, url: string, text: string) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(url);
  const field = page.getByRole('textbox').first();
  await field.waitFor({ timeout: 30_000 });
  await page.evaluate(() => {
    const w = window as Window & { __events?: { id: number; duration: number }[] };
    w.__events = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[])
        if (e.interactionId) w.__events!.push({ id: e.interactionId, duration: e.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await field.click();
  await page.keyboard.type(text, { delay: 120 });
  await page.waitForTimeout(1000);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const events = await page.evaluate(
    () => (window as Window & { __events?: { id: number; duration: number }[] }).__events ?? [],
  );
  const byInteraction = new Map<number, number>();
  for (const e of events) byInteraction.set(e.id, Math.max(byInteraction.get(e.id) ?? 0, e.duration));
  const durations = [...byInteraction.values()].sort((a, b) => b - a);
  // INP: the worst interaction, or with 50 or more, the 98th percentile.
  const inp = durations[durations.length >= 50 ? Math.floor(durations.length / 50) : 0] ?? 0;
  return { inpMs: inp, events: durations.length };
}

/** A Vite dev server for tests/bench/browser/harness.html: the app's data modules as they are. */
export async function harnessServer(): Promise<ViteDevServer> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { 'styled-system': path.join(root, 'styled-system') } },
    optimizeDeps: { entries: ['tests/bench/browser/harness.html'] },
    server: { host: '127.0.0.1', port: 0, hmr: false },
  });
  await server.listen();
  return server;
}
