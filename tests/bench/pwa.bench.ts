// npm run bench: the PWA's figures, printed; never a pass/fail on time or size.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { build, type Plugin } from 'vite';
import { afterAll, beforeAll, it } from 'vitest';
import { appEnv, startPreview } from '../app-fixture';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { startTestStack } from '../stack-fixture';

const root = path.resolve(import.meta.dirname, '../..');
const RUNS = 10;

let stack: Awaited<ReturnType<typeof startTestStack>> | undefined;
let preview: Awaited<ReturnType<typeof startPreview>> | undefined;
let browser: Browser | undefined;
let outDir = '';
const modules: { bytes: number; id: string }[] = [];

// Module sizes as rendered into the chunks of the app build (not the service worker's).
const moduleSizes: Plugin = {
  name: 'bench-module-sizes',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || !chunk.fileName.startsWith('assets/')) continue;
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
  Object.assign(process.env, {
    NODE_ENV: 'production',
    VITE_SUPABASE_URL: env.VITE_SUPABASE_URL,
    VITE_SUPABASE_ANON_KEY: env.VITE_SUPABASE_ANON_KEY,
  });
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
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const gzipOf = (file: string) => gzipSync(readFileSync(path.join(outDir, file))).length;

/** Milliseconds from navigation start until the home page's heading is in the document. */
async function coldStart(context: BrowserContext) {
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as Window & { __shownAt?: number };
    new MutationObserver((_, observer) => {
      if (document.querySelector('h1')?.textContent === 'Chloe') {
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

it('offline cold start vs online, with the service worker warm (median of 10)', async () => {
  const context = await browser!.newContext();
  const first = await context.newPage();
  await first.goto(`${preview!.url}/`, { timeout: 20_000 });
  await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await first.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  await first.close();

  const online: number[] = [];
  const offline: number[] = [];
  for (let i = 0; i < RUNS; i++) online.push(await coldStart(context));
  await context.setOffline(true);
  for (let i = 0; i < RUNS; i++) offline.push(await coldStart(context));
  await context.close();
  console.log(
    `\nCold start to the home page's content (median of ${RUNS}, service worker warm): offline ${median(offline).toFixed(0)} ms · online ${median(online).toFixed(0)} ms · offline/online ${(median(offline) / median(online)).toFixed(2)}`,
  );
}, 240_000);

it('initial JavaScript for / (gzip), the largest route chunk and the five biggest modules', async () => {
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
      `  initial JS for / : ${kb(initial)} gzip in ${scripts.size} files`,
      `  largest chunk overall: ${sized[0]?.file} ${kb(sized[0]?.gzip ?? 0)} gzip`,
      `  largest route chunk (not loaded by /): ${largestRoute?.file ?? '(none)'} ${kb(largestRoute?.gzip ?? 0)} gzip · ratio to initial ${((largestRoute?.gzip ?? 0) / initial).toFixed(2)}`,
      `  five biggest modules (minified, before gzip):`,
      ...top.map((m) => `    ${kb(m.bytes).padStart(10)}  ${m.id}`),
    ].join('\n'),
  );
}, 120_000);
