// The public pages (ADR 012) and the wizards' (ADR 015) as HTML: at the end of the client build,
// the app is built once more for Node (src/prerender.tsx), each page in PAGES rendered, and its
// markup written into a copy of index.html with the page's title and description. The browser
// paints that HTML before any script runs and then hydrates it. index.html becomes the home page;
// the empty shell every other route starts from is app.html (served for them by the preview server
// here, by the service worker offline, and by a host's rewrite rule in production).
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import { build, type Connect, type Plugin, type PluginOption, type ResolvedConfig } from 'vite';
import { pageFile, pagePath } from '../src/lib/page-file.ts';

export const SHELL = 'app.html';

type PageMeta = { path: string; title: string; description: string; index?: boolean; render?: string };
type Prerender = { PAGES: readonly PageMeta[]; renderPage: (path: string) => Promise<string> };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The shell with `page`'s markup in #root and its own head. */
export function pageHtml(
  shell: string,
  page: PageMeta,
  markup: string,
  siteUrl?: string,
  styles?: { link: string; css: string },
) {
  const title = escapeHtml(page.title);
  const description = escapeHtml(page.description);
  const head = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta name="twitter:card" content="summary" />`,
    // A wizard's frame: no address of its own to index (an assessment link is private).
    ...(page.index === false ? [`<meta name="robots" content="noindex" />`] : []),
    ...(siteUrl && page.index !== false
      ? [
          `<link rel="canonical" href="${escapeHtml(new URL(page.path, siteUrl).href)}" />`,
          `<meta property="og:url" content="${escapeHtml(new URL(page.path, siteUrl).href)}" />`,
        ]
      : []),
  ].join('\n    ');
  const withHead = shell.replace(/<meta\s+name="description"[^>]*>\s*/s, '').replace(/<title>[^<]*<\/title>/, head);
  if (!withHead.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root">');
  // The stylesheet in the page: the first paint waits for the HTML alone, not for a second request
  // that shares the line with the scripts.
  const styled = styles ? withHead.replace(styles.link, () => `<style>${styles.css}</style>`) : withHead;
  return styled.replace(
    '<div id="root"></div>',
    `<div id="root" data-prerendered="${escapeHtml(page.path)}">${markup}</div>`,
  );
}

/** `plugins`: the app's own (the router's and React's), for the build that renders the pages. */
export function prerender(plugins: () => PluginOption[]): Plugin[] {
  let config: ResolvedConfig;
  const atBuild: Plugin = {
    name: 'chloe-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      // Before vite-plugin-pwa lists the files to precache (its closeBundle runs after this one).
      sequential: true,
      order: 'pre',
      async handler() {
        if (config.build.ssr) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const shell = await readFile(path.join(outDir, 'index.html'), 'utf8');
        await writeFile(path.join(outDir, SHELL), shell);
        // Inside the project: the Node build imports its packages from node_modules.
        const ssrDir = path.join(config.root, 'node_modules/.chloe-prerender');
        try {
          await build({
            configFile: false,
            root: config.root,
            mode: config.mode,
            logLevel: 'warn',
            envDir: config.envDir,
            resolve: { alias: { 'styled-system': path.join(config.root, 'styled-system') } },
            plugins: plugins(),
            build: {
              ssr: 'src/prerender.tsx',
              outDir: ssrDir,
              emptyOutDir: true,
              minify: false,
              // The app's own checks (vite.config.ts): the same modules, the same notices.
              rolldownOptions: { checks: config.build.rolldownOptions.checks },
            },
          });
          const entry = path.join(ssrDir, 'prerender.js');
          // A page's modules create the supabase-js client, which looks for a WebSocket (Node 20 has
          // none). Nothing connects at build time: something that tried would fail the build.
          const hadWebSocket = 'WebSocket' in globalThis;
          globalThis.WebSocket ??= class {
            constructor() {
              throw new Error('Nothing connects while pages are rendered at build time');
            }
          } as unknown as typeof WebSocket;
          const { PAGES, renderPage } = (await import(pathToFileURL(entry).href)) as Prerender;
          const siteUrl = config.env['VITE_SITE_URL'] as string | undefined;
          const link = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/.exec(shell);
          const styles = link ? { link: link[0], css: await readFile(path.join(outDir, link[1]!), 'utf8') } : undefined;
          for (const page of PAGES) {
            const file = path.join(outDir, pageFile(page.path));
            await mkdir(path.dirname(file), { recursive: true });
            const markup = await renderPage(page.render ?? page.path);
            await writeFile(file, pageHtml(shell, page, markup, siteUrl || undefined, styles));
          }
          if (!hadWebSocket) Reflect.deleteProperty(globalThis, 'WebSocket');
        } finally {
          if (existsSync(ssrDir)) await rm(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };
  // `vite preview` resolves the config as a server (a build-only plugin is not there).
  const preview: Plugin = {
    name: 'chloe-prerender-preview',
    configurePreviewServer(server) {
      // A route without a page of its own starts from the empty shell, not the home page's HTML.
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      // Compressed as any static host serves it: what the bench and Lighthouse measure is what a
      // phone downloads.
      server.middlewares.use(compression() as Connect.NextHandleFunction);
      server.middlewares.use((req, _res, next) => {
        const accept = req.headers.accept ?? '';
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !accept.includes('text/html')) return next();
        const url = new URL(req.url ?? '/', 'http://x');
        const plain = pagePath(url.pathname);
        if (plain === null || plain === '/' || path.extname(plain)) return next();
        if (existsSync(path.join(outDir, pageFile(plain)))) {
          req.url = `/${encodeURI(pageFile(plain))}${url.search}`;
        } else {
          req.url = `/${SHELL}${url.search}`;
        }
        next();
      });
    },
  };
  return [atBuild, preview];
}
