import { Workbox } from 'workbox-window';
import { afterFirstContent } from '../../lib/first-content';
import { hasUnsavedInput } from '../../lib/unsaved-input';
import { toastLater as toast } from '../../lib/toast-later';
import { offlineReadiness, offlineReadyThisVisit, watchOfflineReadiness } from './offline-ready';
import { BLOCKED_DESCRIPTION, BLOCKED_TITLE, UPDATE_DESCRIPTION, UPDATE_TITLE, watchForUpdates } from './update-prompt';

const CHECK_EVERY_MS = 60 * 60 * 1000;
const SCRIPT_URL = '/sw.js';
// The built worker is an ES module (vite-plugin-pwa injectManifest).
const OPTIONS: RegistrationOptions = { type: 'module' };

/** Resolves once this app's worker is active: installed (the build precached) and activated. */
async function activated() {
  // `ready` also sees a worker another tab installed, which workbox-window's events do not report.
  const { active } = await navigator.serviceWorker.ready;
  if (active?.state !== 'activating') return;
  await new Promise<void>((resolve) => active.addEventListener('statechange', () => resolve(), { once: true }));
}

/** Registers the service worker (production builds only) and offers updates as they arrive. */
export function startServiceWorker() {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  void watchOfflineReadiness(
    {
      controlled: container.controller !== null,
      wasActive: async () => (await container.getRegistration())?.active != null,
      activated,
    },
    offlineReadiness,
    () => offlineReadyThisVisit.set(true),
  );
  // The document says how far the app is from working offline: what a test waits for before it
  // asserts that nothing was announced.
  const mark = () => (document.documentElement.dataset['offline'] = offlineReadiness.get());
  offlineReadiness.subscribe(mark);
  mark();
  // A first install that failed because the connection dropped mid-way is gone; try again on
  // reconnecting rather than at the next visit. (While one is under way this changes nothing.)
  window.addEventListener('online', () => {
    if (offlineReadiness.get() === 'preparing') void container.register(SCRIPT_URL, OPTIONS).catch(() => undefined);
  });

  const wb = new Workbox(SCRIPT_URL, OPTIONS);
  watchForUpdates(wb, {
    controlled: container.controller !== null,
    waitsBehindActive: () =>
      container.getRegistration().then(
        (registration) => registration?.active != null && registration.waiting != null,
        () => false,
      ),
    offer: (onReload) =>
      toast.action(UPDATE_TITLE, UPDATE_DESCRIPTION, { label: 'Reload', onClick: onReload }, 'app-update'),
    blocked: () => toast.error(BLOCKED_TITLE, BLOCKED_DESCRIPTION),
    hasUnsavedInput,
    reload: () => window.location.reload(),
  });
  // Offline, or the server away, a check rejects: the next one (a visit, the hourly timer) tries
  // again. Left unhandled it reached the page's errors (seen in WebKit, whose onLine stays true).
  const ignore = () => undefined;
  // Its install fetches the whole app: it waits until the page's first content is on screen.
  void afterFirstContent()
    .then(() => wb.register())
    .catch(ignore);
  // A tab left open for days still learns about new versions.
  window.setInterval(() => {
    if (document.visibilityState === 'visible' && navigator.onLine) void wb.update().catch(ignore);
  }, CHECK_EVERY_MS);
}
