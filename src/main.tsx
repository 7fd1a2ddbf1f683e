// First: the address as opened, before the auth client (loaded later) takes a link's tokens from it.
import './lib/opened-with';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppTree, createAppRouter } from './app';
import { captureInstallPrompt } from './features/pwa/install';
import { startServiceWorker } from './features/pwa/register';
import { pagePath } from './lib/page-file';

captureInstallPrompt();
startServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const router = createAppRouter();

/** '/demo/haus%26haus' and '/demo/haus&haus/' are the page rendered as '/demo/haus&haus'. */
const samePath = (a: string, b: string) => (pagePath(a) ?? a) === (pagePath(b) ?? b);

/**
 * The HTML on screen is what the app's first render here will be: the page rendered for this
 * address, or a route's page ('/agent-assessment/$token', ADR 012) that this address reaches
 * without an error (a malformed token is the invalid-link screen, not the wizard's frame).
 */
function rendersAsPrerendered(prerendered: string | undefined) {
  if (prerendered === undefined) return false;
  if (samePath(prerendered, window.location.pathname)) return true;
  const { matches } = router.state;
  return matches.at(-1)?.routeId === prerendered && matches.every((m) => m.status === 'success');
}

const prerendered = root.dataset['prerendered'];
if (prerendered === undefined) {
  createRoot(root).render(<AppTree router={router} />);
} else {
  // A page rendered at build time (scripts/prerender-plugin.ts): it is on screen already. The
  // route's code is loaded first, so the first render matches the HTML and hydrates it.
  void router.load().then(() => {
    if (rendersAsPrerendered(prerendered)) {
      // Marked as server-rendered (what TanStack Start's hydrate does), the router renders no
      // Suspense boundary of its own around the routes, as on the server.
      router.ssr = { manifest: undefined };
      // As a transition, React hydrates in slices and lets the browser answer a tap in between,
      // instead of one long task (the page is on screen already).
      startTransition(() => {
        hydrateRoot(root, <AppTree router={router} />);
      });
    } else {
      root.replaceChildren();
      createRoot(root).render(<AppTree router={router} />);
    }
  });
}
