// First: the address as opened, before the auth client (loaded later) takes a link's tokens from it.
import './lib/opened-with';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppTree, createAppRouter } from './app';
import { captureInstallPrompt } from './features/pwa/install';
import { startServiceWorker } from './features/pwa/register';
import { pagePath, ROUTE_PAGES, routePageFor } from './lib/page-file';

captureInstallPrompt();
startServiceWorker();

const found = document.getElementById('root');
if (!found) throw new Error('index.html has no #root element');
const root: HTMLElement = found;

const router = createAppRouter();

/** '/demo/haus%26haus' and '/demo/haus&haus/' are the page rendered as '/demo/haus&haus'. */
const samePath = (a: string, b: string) => (pagePath(a) ?? a) === (pagePath(b) ?? b);

function renderAfresh() {
  root.replaceChildren();
  createRoot(root).render(<AppTree router={router} />);
}

function hydrate() {
  // Marked as server-rendered (what TanStack Start's hydrate does), the router renders no
  // Suspense boundary of its own around the routes, as on the server.
  router.ssr = { manifest: undefined };
  // As a transition, React hydrates in slices and lets the browser answer a tap in between,
  // instead of one long task (the page is on screen already).
  startTransition(() => {
    hydrateRoot(root, <AppTree router={router} />);
  });
}

// A page rendered at build time (scripts/prerender-plugin.ts) is on screen already: the page
// rendered for this address, or a route's page ('/agent-assessment/$token', ADR 015) for one of
// its addresses. The route's code is loaded first, so the first render matches the HTML.
const prerendered = root.dataset['prerendered'];
const here = pagePath(window.location.pathname) ?? window.location.pathname;
const routePage = ROUTE_PAGES.find((r) => r.route === prerendered);
if (routePage ? routePageFor(here) === routePage : prerendered !== undefined && samePath(prerendered, here)) {
  void router.load().then(() => {
    // A malformed token is the invalid-link screen, not the wizard's frame: rendered afresh.
    const { matches } = router.state;
    const fits =
      !routePage || (matches.at(-1)?.routeId === routePage.route && matches.every((m) => m.status === 'success'));
    if (fits) hydrate();
    else renderAfresh();
  });
} else {
  // An empty shell, or another page's HTML (a host's fallback): nothing to wait for.
  renderAfresh();
}
