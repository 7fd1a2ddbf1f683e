// The bench's Lighthouse runs and its report (bench/report.md): the figures beside their targets,
// and a chart of initial JS per route, so a reader sees at a glance where we stand.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DISABLE_FEATURES } from '../chromium';

export type JsRow = {
  route: string;
  prerendered: boolean;
  initialKiB: number;
  loadedKiB: number;
  targetKiB: number;
  rxdb: boolean;
  unusedSupabase: boolean;
  liveChannel: boolean;
  liveInInitial: boolean;
};

export type LighthouseFigures = {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bestPractices: number;
  seo: number;
  accessibility: number;
};
export type LighthouseRow = LighthouseFigures & { route: string };

export type SyncRow = {
  delayMs: number;
  localSaveMedianMs: number;
  syncedMs: number;
  sequentialMs: number;
  /** The sequential figure is 100 upserts timed and scaled to 1,000. */
  sequentialScaled: boolean;
};

/** Medians and interquartile ranges of the loads, online and offline. */
export type ColdStartRow = {
  online: { median: number; p25: number; p75: number };
  offline: { median: number; p25: number; p75: number };
  runs: number;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Lighthouse's default mobile run (simulated throttling) `runs` times on `url`; the medians. */
export async function lighthouseRuns(url: string, runs: number): Promise<LighthouseFigures> {
  const results: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i++) {
    // A fresh browser per run: a cold cache, no service worker from the run before.
    const chrome = await launch({
      chromePath: CHROMIUM_PATH,
      // chrome-launcher's own --disable-features list stands (CHROMIUM_ARGS' repeats Playwright's).
      chromeFlags: [...CHROMIUM_ARGS.filter((f) => f !== '--headless' && f !== DISABLE_FEATURES), '--headless=new'],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'best-practices', 'seo', 'accessibility'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const value = (id: string) => audits[id]?.numericValue ?? NaN;
      results.push({
        performance: score('performance'),
        fcpMs: Math.round(value('first-contentful-paint')),
        lcpMs: Math.round(value('largest-contentful-paint')),
        tbtMs: Math.round(value('total-blocking-time')),
        cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
        bestPractices: score('best-practices'),
        seo: score('seo'),
        accessibility: score('accessibility'),
      });
    } finally {
      chrome.kill();
    }
  }
  const keys = Object.keys(results[0]!) as (keyof LighthouseFigures)[];
  return Object.fromEntries(keys.map((k) => [k, median(results.map((r) => r[k]))])) as LighthouseFigures;
}

const escapeXml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Bars of initial JS per route against its target (a line). */
function jsChart(rows: JsRow[]) {
  const barH = 22;
  const gap = 8;
  const left = 190;
  const width = 640;
  const max = Math.max(...rows.map((r) => Math.max(r.loadedKiB, r.targetKiB)), 1);
  const x = (kib: number) => left + ((width - left - 20) * kib) / max;
  const height = rows.length * (barH + gap) + 40;
  const bars = rows.map((r, i) => {
    const y = 20 + i * (barH + gap);
    const over = r.initialKiB > r.targetKiB;
    return [
      `<text x="${left - 8}" y="${y + 15}" text-anchor="end" font-size="12">${escapeXml(r.route)}</text>`,
      `<rect x="${left}" y="${y}" width="${x(r.loadedKiB) - left}" height="${barH}" fill="#ddd6fe"/>`,
      `<rect x="${left}" y="${y + 4}" width="${x(r.initialKiB) - left}" height="${barH - 8}" fill="${over ? '#b91c1c' : '#6128ee'}"/>`,
      `<line x1="${x(r.targetKiB)}" x2="${x(r.targetKiB)}" y1="${y - 2}" y2="${y + barH + 2}" stroke="#111" stroke-width="2"/>`,
      `<text x="${x(r.loadedKiB) + 4}" y="${y + 15}" font-size="11">${r.initialKiB.toFixed(0)} / ${r.loadedKiB.toFixed(0)} KiB</text>`,
    ].join('');
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width + 80}" height="${height}" font-family="sans-serif">`,
    `<title>Initial JS per route, KiB gzip: entry, preloads, main.tsx and its imports (dark), all loaded until idle (light), target (line)</title>`,
    ...bars,
    `<text x="${left}" y="${height - 6}" font-size="11">dark: initial JS (entry, preloads, main.tsx and imports) · light: all JS until idle · line: target</text>`,
    '</svg>',
  ].join('\n');
}

/** Synced vs sequential, per added round trip: two bars each, seconds. */
function syncChart(rows: SyncRow[]) {
  const left = 150;
  const width = 640;
  const barH = 20;
  const max = Math.max(...rows.flatMap((r) => [r.syncedMs, r.sequentialMs]), 1);
  const x = (ms: number) => left + ((width - left - 120) * ms) / max;
  const height = rows.length * (2 * barH + 24) + 30;
  const bars = rows.flatMap((r, i) => {
    const y = 16 + i * (2 * barH + 24);
    return [
      `<text x="${left - 8}" y="${y + barH + 4}" text-anchor="end" font-size="12">+${r.delayMs} ms round trip</text>`,
      `<rect x="${left}" y="${y}" width="${Math.max(1, x(r.syncedMs) - left)}" height="${barH}" fill="#6128ee"/>`,
      `<text x="${x(r.syncedMs) + 4}" y="${y + 14}" font-size="11">sync engine ${(r.syncedMs / 1000).toFixed(1)} s</text>`,
      `<rect x="${left}" y="${y + barH + 2}" width="${x(r.sequentialMs) - left}" height="${barH}" fill="#a1a1aa"/>`,
      `<text x="${x(r.sequentialMs) + 4}" y="${y + barH + 16}" font-size="11">sequential ${(r.sequentialMs / 1000).toFixed(1)} s (${(r.sequentialMs / r.syncedMs).toFixed(1)}×)</text>`,
    ];
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width + 60}" height="${height}" font-family="sans-serif">`,
    '<title>1,000 saved properties made offline: synced by the sync engine vs 1,000 sequential supabase-js upserts, in Chromium</title>',
    ...bars,
    '</svg>',
  ].join('\n');
}

const mark = (ok: boolean) => (ok ? '✓' : '✗');

const spread = (f: ColdStartRow['online']) => `${f.median.toFixed(0)} ms (${f.p25.toFixed(0)}–${f.p75.toFixed(0)})`;

/** ✓ when offline's median is at most online's, or within online's quartiles (noise). */
function noSlower({ offline, online }: ColdStartRow) {
  const ratio = (offline.median / online.median).toFixed(2);
  if (offline.median <= online.median) return `${ratio} ✓`;
  return offline.median <= online.p75 ? `${ratio}, within online's quartiles ✓` : `${ratio} ✗`;
}

/** Writes bench/report.md and its chart; the report's path. */
export function writeReport({
  js,
  lighthouse: lh,
  sync,
  interaction,
  coldStart,
}: {
  js: JsRow[];
  lighthouse: LighthouseRow[];
  sync: SyncRow[];
  interaction: { inpMs: number; events: number } | null;
  coldStart: ColdStartRow | null;
}) {
  const dir = path.resolve(import.meta.dirname, '../../bench');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'initial-js.svg'), jsChart(js));
  writeFileSync(path.join(dir, 'sync.svg'), syncChart(sync));
  const perfTarget = (route: string) => (/assessment|subscribe/.test(route) ? 90 : 95);
  // An assessment link is private (noindex): the SEO target is the public pages'.
  const seo = (r: LighthouseRow) =>
    /assessment/.test(r.route) ? `${r.seo} (private link, noindex)` : `${r.seo} ${mark(r.seo >= 95)}`;
  const lines = [
    '# Bench report',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString()} (${process.platform}, Node ${process.version}).`,
    '',
    '## Initial JavaScript per route (gzip)',
    '',
    '![Initial JS per route](initial-js.svg)',
    '',
    '| Route | HTML | Initial JS (entry, modulepreloads, main.tsx and its imports) | Target | All JS until idle | RxDB / Dexie | supabase storage | live channel (realtime-js) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...js.map(
      (r) =>
        `| ${r.route} | ${r.prerendered ? 'prerendered' : 'shell'} | ${r.initialKiB.toFixed(1)} KiB ${mark(r.initialKiB <= r.targetKiB)} | ≤ ${r.targetKiB} KiB | ${r.loadedKiB.toFixed(1)} KiB | ${r.rxdb ? 'loaded' : 'not loaded'} | ${r.unusedSupabase ? 'loaded' : 'not loaded'} | ${r.liveChannel ? (r.liveInInitial ? 'in the initial JS' : 'after start') : 'not loaded'} |`,
    ),
    '',
    '## Lighthouse 12.8, mobile, simulated throttling (median of 3)',
    '',
    '| Page | Performance (target) | FCP | LCP | TBT | CLS (≤ 0.02) | Best practices (100) | SEO (≥ 95) | Accessibility |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...lh.map(
      (r) =>
        `| ${r.route} | ${r.performance} (≥ ${perfTarget(r.route)}) ${mark(r.performance >= perfTarget(r.route))} | ${r.fcpMs} ms | ${r.lcpMs} ms | ${r.tbtMs} ms | ${r.cls} ${mark(r.cls <= 0.02)} | ${r.bestPractices} ${mark(r.bestPractices === 100)} | ${seo(r)} | ${r.accessibility} |`,
    ),
    '',
    '## Cold start to first content, service worker warm (the home page)',
    '',
    coldStart
      ? [
          '| Offline, median (quartiles) | Online, median (quartiles) | Offline no slower | Both ≤ 300 ms |',
          '| --- | --- | --- | --- |',
          `| ${spread(coldStart.offline)} | ${spread(coldStart.online)} | ${noSlower(coldStart)} | ${mark(Math.max(coldStart.offline.median, coldStart.online.median) <= 300)} |`,
          '',
          `${coldStart.runs} loads each, online and offline alternated. The service worker answers both from its cache, so a difference within the quartiles is the machine, not the app.`,
        ].join('\n')
      : 'Not measured in this run.',
    '',
    '## Sync in Chromium with real IndexedDB',
    '',
    '![Sync comparison](sync.svg)',
    '',
    '| Added round trip | 1,000 drafts made offline, synced | 1,000 sequential upserts | Ratio (target) | Local save of a field, median (≤ 10 ms) |',
    '| --- | --- | --- | --- | --- |',
    ...sync.map(
      (r) =>
        `| ${r.delayMs} ms | ${r.syncedMs.toFixed(0)} ms | ${r.sequentialMs.toFixed(0)} ms${r.sequentialScaled ? ' (100 timed, ×10)' : ''} | ${(r.sequentialMs / r.syncedMs).toFixed(1)}× (≥ ${r.delayMs ? 20 : 5}×) ${mark(r.sequentialMs / r.syncedMs >= (r.delayMs ? 20 : 5))} | ${r.localSaveMedianMs.toFixed(2)} ms ${mark(r.localSaveMedianMs <= 10)} |`,
    ),
    '',
    '## Typing in a wizard field, CPU 4× slower (Event Timing API)',
    '',
    interaction
      ? `INP ${interaction.inpMs.toFixed(0)} ms over ${interaction.events} interactions of 16 ms or more (target ≤ 100 ms) ${mark(interaction.inpMs <= 100)}`
      : 'Not measured in this run.',
    '',
  ];
  const file = path.join(dir, 'report.md');
  // Sections other bench files wrote (writeSection) stay.
  writeFileSync(file, [lines.join('\n'), ...sectionsIn(file).map(([, text]) => text)].join('\n'));
  return file;
}

const SECTION = /<!-- section:([a-z-]+) -->\n[\s\S]*?<!-- end:\1 -->\n/g;
const REPORT = path.resolve(import.meta.dirname, '../../bench/report.md');

function sectionsIn(file: string): [string, string][] {
  if (!existsSync(file)) return [];
  return [...readFileSync(file, 'utf8').matchAll(SECTION)].map((m) => [m[1]!, m[0]]);
}

/** Writes (or replaces) one bench file's own section of bench/report.md, after the PWA bench's part. */
export function writeSection(id: string, markdown: string) {
  const text = `<!-- section:${id} -->\n${markdown.trimEnd()}\n<!-- end:${id} -->\n`;
  mkdirSync(path.dirname(REPORT), { recursive: true });
  const old = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '# Bench report\n';
  const found = sectionsIn(REPORT).find(([name]) => name === id);
  writeFileSync(REPORT, found ? old.replace(found[1], () => text) : `${old.trimEnd()}\n\n${text}`);
  return REPORT;
}
