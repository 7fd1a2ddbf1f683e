// The app the PWA bench measures: the build `npm start` makes, with what each chunk holds recorded,
// served by `vite preview` against a throw-away stack, and the Chromium that loads it.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { build, type Plugin } from 'vite';
import { appEnv, startPreview } from '../app-fixture';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { startTestStack } from '../stack-fixture';

export const root = path.resolve(import.meta.dirname, '../..');

type Stack = Awaited<ReturnType<typeof startTestStack>>;
type Preview = Awaited<ReturnType<typeof startPreview>>;

export class BenchApp {
  private stackRunning: Stack | undefined;
  private previewRunning: Preview | undefined;
  private browserRunning: Browser | undefined;
  private outDir = '';
  /** Every module of the app build's chunks, by its size as rendered into its chunk. */
  readonly modules: { bytes: number; id: string }[] = [];
  /** Each chunk of the app build: the modules in it and the chunks it imports statically. */
  private readonly chunkModules = new Map<string, string[]>();
  private readonly chunkImports = new Map<string, string[]>();

  get stack() {
    return started(this.stackRunning).info;
  }

  /** The stack's fault injection (e.g. the live channel cut). */
  get faults() {
    return started(this.stackRunning).faults;
  }

  /** The preview's address, without a trailing slash. */
  get url() {
    return started(this.previewRunning).url;
  }

  get browser() {
    return started(this.browserRunning);
  }

  /** Starts the stack, builds the app, serves it and launches Chromium. */
  async start() {
    this.stackRunning = await startTestStack();
    this.outDir = await mkdtemp(path.join(os.tmpdir(), 'chloe-bench-app-'));
    const env = appEnv(this.stackRunning.info);
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
        build: { outDir: this.outDir, emptyOutDir: true },
        plugins: [this.moduleSizes()],
      });
    } finally {
      process.env.NODE_ENV = saved;
    }
    this.previewRunning = await startPreview(env, this.outDir);
    this.browserRunning = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  }

  /** Stops whatever started, also after a start that failed half-way. */
  async stop() {
    await this.browserRunning?.close();
    await this.previewRunning?.stop();
    await this.stackRunning?.stop();
    if (this.outDir) await rm(this.outDir, { recursive: true, force: true });
  }

  /** A built file's size, gzipped. */
  gzipOf(file: string) {
    return gzipSync(readFileSync(path.join(this.outDir, file))).length;
  }

  /** Every script of the app build (assets/*.js), by its path in the build. */
  scripts() {
    return readdirSync(path.join(this.outDir, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `assets/${f}`);
  }

  /** A file of the build, as text. */
  read(file: string) {
    return readFileSync(path.join(this.outDir, file), 'utf8');
  }

  /**
   * The JS a route needs before the app starts: the entry script and modulepreloads its HTML names,
   * and (src/boot.ts imports main.tsx once the page has painted) main.tsx's chunk with its imports.
   */
  initialScripts(html: string) {
    const named = [
      ...html.matchAll(/<script type="module"[^>]*src="\/([^"]+\.js)"/g),
      ...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g),
    ].map((m) => m[1]!);
    const main = [...this.chunkModules].find(([, ids]) => ids.some((id) => id.endsWith('src/main.tsx')))?.[0];
    return [...this.closure(main ? [...named, main] : named)];
  }

  /** Whether any of `files` holds a module whose path matches `pattern`. */
  containsPackage(files: Iterable<string>, pattern: RegExp) {
    return [...files].some((f) => (this.chunkModules.get(f) ?? []).some((id) => pattern.test(id)));
  }

  /** `files` and every chunk they import statically. */
  private closure(files: Iterable<string>, seen = new Set<string>()) {
    for (const f of files) {
      if (seen.has(f)) continue;
      seen.add(f);
      this.closure(this.chunkImports.get(f) ?? [], seen);
    }
    return seen;
  }

  /** Module sizes as rendered into the chunks of the app build (not the service worker's). */
  private moduleSizes(): Plugin {
    return {
      name: 'bench-module-sizes',
      generateBundle: (_options, bundle) => {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.fileName.startsWith('assets/')) continue;
          this.chunkModules.set(chunk.fileName, Object.keys(chunk.modules ?? {}));
          this.chunkImports.set(chunk.fileName, chunk.imports);
          for (const [id, m] of Object.entries(chunk.modules ?? {}))
            this.modules.push({ bytes: m.renderedLength, id: path.relative(root, id) });
        }
      },
    };
  }
}

function started<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the bench app is not started (beforeAll failed?)');
  return value;
}
