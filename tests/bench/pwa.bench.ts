// npm run bench: the PWA's figures, printed; never a pass/fail on time or size.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { build, createServer, type Plugin, type ViteDevServer } from 'vite';
import react from '@vitejs/plugin-react';
import type { BrowserSyncInput, BrowserSyncResult } from './browser/harness';
import { afterAll, beforeAll, it } from 'vitest';
import {
  lighthouseRuns,
  writeReport,
  type ColdStartRow,
  type JsRow,
  type LighthouseRow,
  type SyncRow,
} from './report';
import { appEnv, startPreview } from '../app-fixture';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { startTestStack } from '../stack-fixture';
import { sql } from './sql';

const root = path.resolve(import.meta.dirname, '../..');
const COLD_RUNS = 25;
const coldStarts: ColdStartRow[] = [];

let stack: Awaited<ReturnType<typeof startTestStack>> | undefined;
let preview: Awaited<ReturnType<typeof startPreview>> | undefined;
let browser: Browser | undefined;
let outDir = '';
const modules: { bytes: number; id: string }[] = [];
/** Each chunk of the app build: the modules in it and the chunks it imports statically. */
const chunkModules = new Map<string, string[]>();
const chunkImports = new Map<string, string[]>();

// Module sizes as rendered into the chunks of the app build (not the service worker's).
const moduleSizes: Plugin = {
  name: 'bench-module-sizes',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || !chunk.fileName.startsWith('assets/')) continue;
      chunkModules.set(chunk.fileName, Object.keys(chunk.modules ?? {}));
      chunkImports.set(chunk.fileName, chunk.imports);
      for (const [id, m] of Object.entries(chunk.modules ?? {}))
        modules.push({ bytes: m.renderedLength, id: path.relative(root, id) });
    }
  },
};

beforeAll(async () => {
  stack = await startTestStack();
  outDir = await mkdtemp(path.join(os.tmpdir(), 'chloe-bench-app-'));
  const env = appEnv(stack.info);
  // The build `npm start` makes: vitest runs with NODE_ENV=test, which would bundle React's
  // development build.
  const saved = process.env.NODE_ENV;
  // Every VITE_ setting `npm start` gives the app (the API, the voice service and its widget script).
  const vite = Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith('VITE_')));
  Object.assign(process.env, { NODE_ENV: 'production', ...vite });
  try {
    await build({
      configFile: path.join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
      plugins: [moduleSizes],
    });
  } finally {
    process.env.NODE_ENV = saved;
  }
  preview = await startPreview(env, outDir);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await preview?.stop();
  await stack?.stop();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const quartiles = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.floor((s.length - 1) * q)] ?? NaN;
  return { median: at(0.5), p25: at(0.25), p75: at(0.75) };
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const gzipOf = (file: string) => gzipSync(readFileSync(path.join(outDir, file))).length;

/** Milliseconds from navigation start until the home page's heading is in the document. */
async function coldStart(context: BrowserContext) {
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
  await page.goto(`${preview!.url}/`, { timeout: 20_000 });
  await page.waitForFunction(() => (window as Window & { __shownAt?: number }).__shownAt !== undefined, undefined, {
    timeout: 20_000,
  });
  const ms = await page.evaluate(() => (window as Window & { __shownAt?: number }).__shownAt!);
  await page.close();
  return ms;
}

it('offline cold start vs online, with the service worker warm (25 loads each, alternated)', async () => {
  const context = await browser!.newContext();
  const first = await context.newPage();
  await first.goto(`${preview!.url}/`, { timeout: 20_000 });
  await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await first.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  await first.close();

  const online: number[] = [];
  const offline: number[] = [];
  // Alternated, so whatever else the machine is doing weighs on both alike.
  for (let i = 0; i < COLD_RUNS; i++) {
    await context.setOffline(false);
    online.push(await coldStart(context));
    await context.setOffline(true);
    offline.push(await coldStart(context));
  }
  await context.close();
  coldStarts.push({ online: quartiles(online), offline: quartiles(offline), runs: COLD_RUNS });
  console.log(
    `\nCold start to the home page's content (${COLD_RUNS} loads each, alternated, service worker warm; medians): offline ${median(offline).toFixed(0)} ms · online ${median(online).toFixed(0)} ms · offline/online ${(median(offline) / median(online)).toFixed(2)}`,
  );
}, 240_000);

it('all JavaScript / loads until idle (gzip), the largest route chunk and the five biggest modules', async () => {
  const context = await browser!.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.origin === preview!.url && url.pathname.endsWith('.js') && url.pathname.startsWith('/assets/'))
      scripts.add(url.pathname.slice(1));
  });
  await page.goto(`${preview!.url}/`, { waitUntil: 'networkidle' });
  await context.close();
  const initial = [...scripts].reduce((sum, file) => sum + gzipOf(file), 0);

  const manifest = JSON.parse(readFileSync(path.join(outDir, 'manifest.webmanifest'), 'utf8')) as { name: string };
  const files = readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
  const sized = files
    .map((f) => ({ file: `assets/${f}`, gzip: gzipOf(`assets/${f}`) }))
    .sort((a, b) => b.gzip - a.gzip);
  const routeChunks = sized.filter((c) => !scripts.has(c.file));
  const largestRoute = routeChunks[0];
  const top = [...modules].sort((a, b) => b.bytes - a.bytes).slice(0, 5);
  console.log(
    [
      `\nJavaScript for ${manifest.name}:`,
      `  all JS / loads until idle: ${kb(initial)} gzip in ${scripts.size} files`,
      `  largest chunk overall: ${sized[0]?.file} ${kb(sized[0]?.gzip ?? 0)} gzip`,
      `  largest route chunk (not loaded by /): ${largestRoute?.file ?? '(none)'} ${kb(largestRoute?.gzip ?? 0)} gzip · ratio to what / loads ${((largestRoute?.gzip ?? 0) / initial).toFixed(2)}`,
      `  five biggest modules (minified, before gzip):`,
      ...top.map((m) => `    ${kb(m.bytes).padStart(10)}  ${m.id}`),
    ].join('\n'),
  );
}, 120_000);

// The public routes and their targets (issue 18): / within 150 KiB, every other public route 170.
const ASSESSMENT_TOKEN = `B${crypto.randomUUID().replace(/-/g, '')}`;
const ROUTES: { path: string; target: number }[] = [
  { path: '/', target: 150 },
  { path: '/shareholder', target: 170 },
  { path: '/hire', target: 170 },
  { path: '/professional-signup', target: 170 },
  { path: '/demo/haus%26haus', target: 170 },
  { path: '/winkworths', target: 170 },
  { path: '/auth', target: 170 },
  { path: '/shareholder/subscribe', target: 170 },
  { path: `/agent-assessment/${ASSESSMENT_TOKEN}`, target: 170 },
];
const label = (p: string) => p.replace(ASSESSMENT_TOKEN, ':token');

const jsRows: JsRow[] = [];
const syncRows: SyncRow[] = [];
const interaction: { inpMs: number; events: number }[] = [];
const lighthouseRows: LighthouseRow[] = [];

/** `files` and every chunk they import statically. */
function closure(files: Iterable<string>, seen = new Set<string>()) {
  for (const f of files) {
    if (seen.has(f)) continue;
    seen.add(f);
    closure(chunkImports.get(f) ?? [], seen);
  }
  return seen;
}

/**
 * The JS a route needs before the app starts: the entry script and modulepreloads its HTML names,
 * and (src/boot.ts imports main.tsx once the page has painted) main.tsx's chunk with its imports.
 */
function initialScripts(html: string) {
  const named = [
    ...html.matchAll(/<script type="module"[^>]*src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const main = [...chunkModules].find(([, ids]) => ids.some((id) => id.endsWith('src/main.tsx')))?.[0];
  return [...closure(main ? [...named, main] : named)];
}

const containsPackage = (files: Iterable<string>, pattern: RegExp) =>
  [...files].some((f) => (chunkModules.get(f) ?? []).some((id) => pattern.test(id)));

it('initial JavaScript per public route: entry + modulepreloads, and all it loads until idle (gzip)', async () => {
  await sql(
    stack!.info.dbUrl,
    `insert into agent_assessments (token, agency_name, main_contact_email) values ($1, 'Bench Lettings', 'info@bench.test')`,
    [ASSESSMENT_TOKEN],
  );
  for (const { path: route, target } of ROUTES) {
    const html = await (await fetch(`${preview!.url}${route}`, { headers: { accept: 'text/html' } })).text();
    const initial = initialScripts(html);
    const context = await browser!.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const loaded = new Set<string>();
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.origin === preview!.url && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'))
        loaded.add(url.pathname.slice(1));
    });
    await page.goto(`${preview!.url}${route}`, { waitUntil: 'networkidle' });
    await context.close();
    jsRows.push({
      route: label(route),
      prerendered: html.includes('data-prerendered='),
      initialKiB: initial.reduce((sum, f) => sum + gzipOf(f), 0) / 1024,
      loadedKiB: [...loaded].reduce((sum, f) => sum + gzipOf(f), 0) / 1024,
      targetKiB: target,
      rxdb: containsPackage(loaded, /node_modules\/(rxdb|dexie)\//),
      unusedSupabase: containsPackage(loaded, /node_modules\/@supabase\/(realtime-js|storage-js|phoenix)\//),
    });
  }
  console.log(
    [
      '\nInitial JS per route (gzip): the entry, its modulepreloads and main.tsx with its imports (what starts the app); and all the route loads until idle:',
      ...jsRows.map(
        (r) =>
          `  ${r.route.padEnd(28)} ${r.prerendered ? 'HTML ' : 'shell'}  initial ${r.initialKiB.toFixed(1).padStart(6)} KiB (target ≤ ${r.targetKiB}, ratio ${(r.initialKiB / r.targetKiB).toFixed(2)})  all until idle ${r.loadedKiB.toFixed(1).padStart(6)} KiB  RxDB/Dexie: ${r.rxdb ? 'loaded' : 'no'}  supabase realtime/storage: ${r.unusedSupabase ? 'loaded' : 'no'}`,
      ),
    ].join('\n'),
  );
}, 240_000);

/** A Vite dev server for tests/bench/browser/harness.html: the app's data modules as they are. */
async function harnessServer(): Promise<ViteDevServer> {
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

it('sync in Chromium with real IndexedDB: drafts made offline vs sequential upserts, at 0 and 100 ms added round trip', async () => {
  const server = await harnessServer();
  const context = await browser!.newContext();
  try {
    const page = await context.newPage();
    const address = server.httpServer!.address() as { port: number };
    await page.goto(`http://127.0.0.1:${address.port}/tests/bench/browser/harness.html`);
    await page.waitForFunction(() => 'benchSync' in window, undefined, { timeout: 120_000 });
    for (const delayMs of [0, 100]) {
      const email = `bench-${crypto.randomUUID().slice(0, 8)}@example.test`;
      const password = 'bench-password';
      const signup = await fetch(`${stack!.info.apiUrl}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: stack!.info.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!signup.ok) throw new Error(`sign-up refused: ${signup.status} ${await signup.text()}`);
      const input: BrowserSyncInput = {
        apiUrl: stack!.info.apiUrl,
        anonKey: stack!.info.anonKey,
        email,
        password,
        delayMs,
        drafts: 1000,
        // 1,000 one-by-one upserts at 100 ms each would take minutes: 100 are timed and scaled.
        sequential: delayMs ? 100 : 1000,
      };
      const result = await page.evaluate(
        (i) => (window as unknown as { benchSync: (i: BrowserSyncInput) => Promise<BrowserSyncResult> }).benchSync(i),
        input,
      );
      const [{ count }] = (await sql<{ count: number }>(
        stack!.info.dbUrl,
        'select count(*)::int as count from saved_properties s join auth.users u on u.id = s.user_id where u.email = $1',
        [email],
      )) as [{ count: number }];
      if (count < 1001) throw new Error(`expected the 1,001 synced properties in Postgres, found ${count}`);
      syncRows.push({ delayMs, ...result, sequentialScaled: input.sequential < input.drafts });
    }
  } finally {
    await context.close();
    await server.close();
  }
  console.log(
    [
      '\nSync in Chromium (real IndexedDB), 1,000 saved properties made offline:',
      ...syncRows.map(
        (r) =>
          `  +${r.delayMs} ms round trip: synced in ${r.syncedMs.toFixed(0)} ms · sequential upserts ${r.sequentialMs.toFixed(0)} ms${r.sequentialScaled ? ' (100 timed, ×10)' : ''} · ratio ${(r.sequentialMs / r.syncedMs).toFixed(1)}× (target ${r.delayMs ? '≥ 20×' : '≥ 5×'}) · local save median ${r.localSaveMedianMs.toFixed(2)} ms (target ≤ 10)`,
      ),
    ].join('\n'),
  );
}, 600_000);

it('typing in a wizard field on a 4× CPU-throttled page: the slowest interaction (Event Timing API)', async () => {
  const context = await browser!.newContext({ serviceWorkers: 'block', viewport: { width: 820, height: 1180 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${preview!.url}/agent-assessment/${ASSESSMENT_TOKEN}`);
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
    await page.keyboard.type('Bench Lettings and Property Management', { delay: 120 });
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
    interaction.push({ inpMs: inp, events: durations.length });
    console.log(
      `\nTyping 38 characters in the assessment's first field, CPU 4× slower: INP ${inp.toFixed(0)} ms over ${durations.length} interactions of 16 ms or more (target ≤ 100 ms)`,
    );
  } finally {
    await context.close();
  }
}, 120_000);

it('Lighthouse 12.8, mobile (simulated throttling), median of 3 per page', async () => {
  const pages = [
    '/',
    '/shareholder',
    '/demo/haus%26haus',
    `/agent-assessment/${ASSESSMENT_TOKEN}`,
    '/shareholder/subscribe',
  ];
  for (const route of pages)
    lighthouseRows.push({ route: label(route), ...(await lighthouseRuns(`${preview!.url}${route}`, 3)) });
  console.log(
    [
      '\nLighthouse (mobile, median of 3):',
      ...lighthouseRows.map(
        (r) =>
          `  ${r.route.padEnd(28)} performance ${r.performance}  FCP ${r.fcpMs} ms  LCP ${r.lcpMs} ms  TBT ${r.tbtMs} ms  CLS ${r.cls}  best practices ${r.bestPractices}  SEO ${r.seo}  accessibility ${r.accessibility}`,
      ),
    ].join('\n'),
  );
  const file = writeReport({
    js: jsRows,
    lighthouse: lighthouseRows,
    sync: syncRows,
    interaction: interaction[0] ?? null,
    coldStart: coldStarts[0] ?? null,
  });
  console.log(`\nReport: ${file}`);
}, 900_000);
