/// <reference lib="webworker" />
// The service worker (vite-plugin-pwa, injectManifest). Built as an ES module worker.
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { pageFile, pagePath } from '../src/lib/page-file';
import { API_PATH, isNeverCached, OAUTH_CALLBACK_PATH } from './never-cached';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The app shell and every route's chunk and asset of the build: after one online visit any route
// opens with the network off. Routes added later are in the build, so they are covered too.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Navigations get the page's own HTML where the build rendered one (the public pages, ADR 012, and
// the wizards', ADR 015: '/hire' is hire.html, '/' index.html), else the empty shell app.html; the
// router then renders the route (or the 404 page).
const shell = createHandlerBoundToURL('/app.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      // A malformed address as it is: no page matches, so the shell, whose router shows the 404 page.
      const path = pagePath(options.url.pathname) ?? options.url.pathname;
      const page = await matchPrecache(`/${pageFile(path)}`);
      return page ?? shell(options);
    },
    { denylist: [API_PATH, OAUTH_CALLBACK_PATH] },
  ),
);

// Fonts rarely change: cache first, for a year. Images: served from cache, refreshed behind.
// Data never goes through here (isNeverCached): it lives in RxDB, and API answers must be fresh.
registerRoute(
  ({ request, url }) => request.destination === 'font' && !isNeverCached(url),
  new CacheFirst({
    cacheName: 'chloe-fonts',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 365 * 24 * 60 * 60 }),
    ],
  }),
);
registerRoute(
  ({ request, url }) => request.destination === 'image' && !isNeverCached(url),
  new StaleWhileRevalidate({
    cacheName: 'chloe-images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// The agreement PDF's maker and its WOFF fonts, left out of the precache (vite.config.ts): fetched
// by an investor's dashboard while online, then served from here, so the copy is made offline.
// Their names carry a content hash, so what is cached never goes stale.
const AGREEMENT_COPY_FILE =
  /^\/assets\/(agreement-(pdf|fonts)-[\w-]+\.js|noto-sans-[\w-]+\.woff|caveat-latin-400-normal-[\w-]+\.woff)$/;
registerRoute(
  ({ url }) => url.origin === self.location.origin && AGREEMENT_COPY_FILE.test(url.pathname),
  new CacheFirst({
    cacheName: 'chloe-agreement-copy',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 20, purgeOnQuotaError: true }),
    ],
  }),
);

// The first install takes control of open pages at once (there is no older version to wait for).
// An update waits until the page asks (the 'A new version is available' toast's Reload).
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
