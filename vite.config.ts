import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { defineConfig, type LogLevel, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { manifest } from './sw/manifest.ts';
import { firstChunk } from './scripts/first-chunk-plugin.ts';
import { prerender } from './scripts/prerender-plugin.ts';
import { securityHeadersPlugin } from './scripts/security-headers-plugin.ts';

// Must come before react(): it generates src/generated/route-tree.gen.ts and splits route components.
const router = () =>
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: './src/routes',
    generatedRouteTree: './src/generated/route-tree.gen.ts',
  });

// How much the app's build says (`vite build --logLevel warn` in `npm start`): the service
// worker's build, which vite-plugin-pwa runs apart, says as much and no more.
let appLogLevel: LogLevel = 'info';
const appBuildLogLevel = (): Plugin => ({
  name: 'chloe:app-build-log-level',
  configResolved(config) {
    appLogLevel = config.logLevel ?? 'info';
  },
});

/**
 * The service worker's build. vite-plugin-pwa makes it one file with Rollup's
 * `inlineDynamicImports`, which Vite 8's bundler (Rolldown) calls deprecated in favour of
 * `codeSplitting: false`: the same file, without a warning on every build.
 */
const serviceWorkerBuild = (): Plugin => ({
  name: 'chloe:service-worker-build',
  config(config) {
    const output = config.build?.rollupOptions?.output;
    if (output && !Array.isArray(output) && 'inlineDynamicImports' in output) {
      delete output.inlineDynamicImports;
      Object.assign(output, { codeSplitting: false });
    }
    return { logLevel: appLogLevel };
  },
});

export default defineConfig({
  build: {
    // The largest chunks are the agreement PDF maker (pdf-lib and fontkit, ~1.1 MB), fetched only by
    // an investor's dashboard, and the voice SDK (LiveKit inside), loaded when a call starts; what
    // a page loads first is measured per route by `npm run bench`.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      checks: {
        // lib/toast-later imports lib/toast when the first message comes, so the first bundle goes
        // without Ark's toaster; the feature chunks that import it directly share it. That is the
        // point, not a mistake, so Rolldown's notice that the dynamic import splits nothing is off.
        ineffectiveDynamicImport: false,
        // Its note on slow plugins says how loaded the machine was (two cores running tests), not
        // what the build made; e2e refuses a build that prints anything, so it only made them flaky.
        bundlerTimings: false,
      },
    },
  },
  plugins: [
    appBuildLogLevel(),
    securityHeadersPlugin(),
    router(),
    react(),
    firstChunk(),
    // Pages as HTML, before the service worker's precache list is made; rendered by a build with
    // the same plugins, so the routes are split as in the browser and hydrate to the same tree.
    prerender(() => [router(), react()]),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // Registered by src/features/pwa/register.ts with workbox-window, which also drives the update prompt.
      injectRegister: false,
      registerType: 'prompt',
      manifest,
      // The manifest's icons are in the glob below already: listed once, not twice.
      includeManifestIcons: false,
      injectManifest: {
        buildPlugins: { vite: [serviceWorkerBuild()] },
        // Every route's chunk and asset: any route opens offline after one online visit (the
        // plugin adds manifest.webmanifest itself).
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Except the agreement PDF's maker (pdf-lib and fontkit, ~500 KB gzip): an investor's
        // dashboard fetches it and its fonts into a cache of their own (sw/sw.ts), not every install.
        // And the manifest's screenshots (150 KB): only a browser's install offer shows them, online.
        globIgnores: ['**/agreement-pdf-*.js', 'pwa/screenshot-*.png'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
      // After the prerender plugin's closeBundle, so the pages' HTML is precached.
      integration: { closeBundleOrder: 'post' },
    }),
  ],
  resolve: {
    alias: [
      { find: 'styled-system', replacement: new URL('./styled-system', import.meta.url).pathname },
      // supabase-js's own Realtime and Storage clients, which the app never calls: small stand-ins
      // instead of ~30 KiB gzip on every page (ADR 012). The live channel imports realtime-js by
      // its file path, lazily, which this exact match leaves alone (src/sync/live.ts, ADR 021).
      {
        find: /^@supabase\/realtime-js$/,
        replacement: new URL('./src/lib/supabase-unused/realtime.ts', import.meta.url).pathname,
      },
      {
        find: /^@supabase\/storage-js$/,
        replacement: new URL('./src/lib/supabase-unused/storage.ts', import.meta.url).pathname,
      },
      // RxDB's leader election cleans up on `beforeunload`, not the deprecated `unload` event.
      { find: /^unload$/, replacement: new URL('./src/lib/unload/index.ts', import.meta.url).pathname },
    ],
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
