import { Workbox } from 'workbox-window';
import { hasUnsavedInput } from '../../lib/unsaved-input';
import { toast } from '../../lib/toast';
import { BLOCKED_DESCRIPTION, BLOCKED_TITLE, UPDATE_DESCRIPTION, UPDATE_TITLE, watchForUpdates } from './update-prompt';

const CHECK_EVERY_MS = 60 * 60 * 1000;

/** Registers the service worker (production builds only) and offers updates as they arrive. */
export function startServiceWorker() {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  // The built worker is an ES module (vite-plugin-pwa injectManifest).
  const wb = new Workbox('/sw.js', { type: 'module' });
  watchForUpdates(wb, {
    offer: (onReload) =>
      toast.action(UPDATE_TITLE, UPDATE_DESCRIPTION, { label: 'Reload', onClick: onReload }, 'app-update'),
    blocked: () => toast.error(BLOCKED_TITLE, BLOCKED_DESCRIPTION),
    hasUnsavedInput,
    reload: () => window.location.reload(),
  });
  void wb.register();
  // A tab left open for days still learns about new versions.
  window.setInterval(() => {
    if (document.visibilityState === 'visible' && navigator.onLine) void wb.update();
  }, CHECK_EVERY_MS);
}
