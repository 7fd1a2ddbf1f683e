import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { manifest } from './sw/manifest';
import { prerender } from './scripts/prerender-plugin';

// Must come before react(): it generates src/routeTree.gen.ts and splits route components.
const router = () =>
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: './src/routes',
    generatedRouteTree: './src/routeTree.gen.ts',
  });

export default defineConfig({
  plugins: [
    router(),
    react(),
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
      injectManifest: {
        // Every route's chunk and asset: any route opens offline after one online visit.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
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
      // supabase-js's Realtime and Storage clients, which the app never calls: small stand-ins
      // instead of ~30 KiB gzip on every page (ADR 012).
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
