import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, ResolvedConfig, Rollup } from 'vite';
import { pageFile } from '../src/lib/page-file.ts';
import { ROUTE_CODE_META, routeFilePath, type RouteCode } from '../src/lib/route-code.ts';
import { SHELL } from './prerender-plugin.ts';

// Ark UI's index re-exports every component (with zag's machines and floating-ui): the module
// graph through it holds them all, though main uses none of them. Left to Rolldown's splitting.
const BARRELLED = /\/node_modules\/(@ark-ui|@zag-js|@floating-ui|perfect-freehand)\//;

/**
 * One chunk for what src/main.tsx imports statically (boot.ts imports main.tsx once the page has
 * painted). Rolldown gives every module that a lazy route shares with main a chunk of its own, so
 * main arrived as 33 files of 0.2–130 KB: over HTTP/1.1's six connections a new browser waited
 * ~200 ms for them before the app could start (ADR 038). Every page runs main, so its modules in
 * one file cost no page anything more. What boot.ts needs before the first paint has a small
 * chunk of its own: a group takes its modules' imports with it, and the first script would
 * otherwise import all of main.
 *
 * The empty shell (app.html, every signed-in page's first HTML) names main for preloading: it has
 * nothing to paint first, so main is fetched beside boot.ts rather than after it. A public page's
 * HTML does not (it paints before main is fetched, ADR 012). Nor does the shell name the auth
 * client: a first render with a valid stored session, or none, waits for none of it, and boot.ts
 * asks for it at once when the render must (ADR 038). The shell also lists each route's own files
 * (src/lib/route-code.ts), which the first script preloads for the page opened.
 */
/** What the empty shell preloads: these modules' chunks and everything those import. */
const SHELL_PRELOADS = ['/src/main.tsx'];

type OutputBundle = Rollup.OutputBundle;
type ModuleGraph = Pick<Rollup.PluginContext, 'getModuleIds' | 'getModuleInfo'>;
type OutputChunk = Extract<OutputBundle[string], { type: 'chunk' }>;

/** What main imports statically and boot.ts does not, in `main`; what boot.ts needs, in `boot`. */
function splitMainFromBoot(graph: ModuleGraph, main: Set<string>, boot: Set<string>) {
  const closure = (from: string, into: Set<string>) => {
    const stack = [from];
    while (stack.length) {
      const id = stack.pop()!;
      if (into.has(id)) continue;
      into.add(id);
      stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
  };
  const ids = [...graph.getModuleIds()];
  const mainId = ids.find((id) => id.endsWith('/src/main.tsx'));
  const bootId = ids.find((id) => id.endsWith('/src/boot.ts'));
  if (!mainId || !bootId) return;
  closure(mainId, main);
  closure(bootId, boot);
  boot.delete(bootId);
  for (const id of main) if (boot.has(id) || BARRELLED.test(id)) main.delete(id);
}

/** The shell's preloads, and each route's split code (TanStack's `?tsr-split=`) beyond them. */
function shellAndRouteCode(bundle: OutputBundle, base: string) {
  const chunks = Object.values(bundle).flatMap((c): OutputChunk[] => (c.type === 'chunk' ? [c] : []));
  /** `file` and every chunk it imports, not an entry's and not in `except`. */
  const closureOf = (file: string, except: ReadonlySet<string> = new Set()) => {
    const files = new Set<string>();
    const add = (name: string) => {
      const chunk = chunks.find((c) => c.fileName === name);
      if (!chunk || files.has(name) || except.has(name) || chunk.isEntry) return;
      files.add(name);
      chunk.imports.forEach(add);
    };
    add(file);
    return files;
  };
  const shell = new Set(
    SHELL_PRELOADS.flatMap((id) => {
      const chunk = chunks.find((c) => c.moduleIds.some((m) => m.endsWith(id)));
      return chunk ? [...closureOf(chunk.fileName)] : [];
    }),
  );
  const routeCode = chunks.flatMap((chunk): RouteCode[] => {
    const route = chunk.moduleIds
      .map((m) => /\/src\/routes\/(.+)\.tsx\?tsr-split=component$/.exec(m)?.[1])
      .find(Boolean);
    const path = route ? routeFilePath(route) : null;
    if (!path) return [];
    return [{ path, files: [...closureOf(chunk.fileName, shell)].map((f) => `${base}${f}`) }];
  });
  return { preloads: [...shell], routeCode };
}

/** Writes the preloads and the route code's meta into the built shell. */
async function writeShell(config: ResolvedConfig, preloads: string[], routeCode: RouteCode[]) {
  const outDir = path.resolve(config.root, config.build.outDir);
  const file = path.join(outDir, SHELL);
  const html = await readFile(file, 'utf8').catch(() => null);
  if (html === null || !html.includes('</head>')) return;
  const base = config.base;
  const links = preloads
    .filter((f) => !html.includes(`${base}${f}"`))
    .map((f) => `\n    <link rel="modulepreload" crossorigin href="${base}${f}">`);
  // A page with HTML of its own (the wizard's frame for every assessment link too) never opens as
  // the shell; a route with a parameter and no such page ('/demo/$slug' beyond its demos) may.
  const shellRoutes = routeCode.filter((r) => !existsSync(path.join(outDir, pageFile(r.path))));
  const escaped = JSON.stringify(shellRoutes).replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  const meta = `\n    <meta name="${ROUTE_CODE_META}" content="${escaped}">`;
  await writeFile(file, html.replace('</head>', `${links.join('')}${meta}\n  </head>`));
}

export function firstChunk(): Plugin {
  const main = new Set<string>();
  const boot = new Set<string>();
  let config: ResolvedConfig | undefined;
  let preloads: string[] = [];
  let routeCode: RouteCode[] = [];
  return {
    name: 'chloe:first-chunk',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    buildEnd() {
      splitMainFromBoot(this, main, boot);
    },
    outputOptions(options) {
      // A build that makes one file (the service worker's) is left as it is.
      if (options.codeSplitting === false || options.inlineDynamicImports) return null;
      const groups = [
        { name: 'boot', priority: 2, test: (id: string) => boot.has(id) },
        { name: 'main', priority: 1, test: (id: string) => main.has(id) },
      ];
      return { ...options, codeSplitting: { groups } };
    },
    generateBundle(_options, bundle) {
      ({ preloads, routeCode } = shellAndRouteCode(bundle, config?.base ?? '/'));
    },
    closeBundle: {
      // After the prerender plugin has written the shell, before vite-plugin-pwa lists it.
      sequential: true,
      async handler() {
        if (!config || config.build.ssr || preloads.length === 0) return;
        await writeShell(config, preloads, routeCode);
      },
    },
  };
}
