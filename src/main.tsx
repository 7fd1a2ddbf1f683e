import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppTree, createAppRouter } from './app';
import { fromSession } from './features/auth/session';
import { captureInstallPrompt } from './features/pwa/install';
import { startServiceWorker } from './features/pwa/register';
import { pagePath, ROUTE_PAGES, routePageFor } from './lib/page-file';
import { markServerRendered } from './lib/router-hydration';
import { sessionToStart } from './lib/stored-session';

captureInstallPrompt();
startServiceWorker();

const found = document.getElementById('root');
if (!found) throw new Error('index.html has no #root element');
const root: HTMLElement = found;

const router = createAppRouter();

/** '/demo/haus%26haus' and '/demo/haus&haus/' are the page rendered as '/demo/haus&haus'. */
const samePath = (a: string, b: string) => (pagePath(a) ?? a) === (pagePath(b) ?? b);

// How long the first render of an empty shell may wait for the stored session: auth-js reads it
// at once, unless it must refresh an expired token first (then 'Loading...' shows meanwhile).
const SESSION_WAIT_MS = 300;

/**
 * The session auth-js reads as it starts, when the stored one cannot be taken as it is: it has
 * ended (auth-js refreshes it first) or the address carries a link's tokens (auth-js takes them).
 */
async function sessionFromAuthClient() {
  // The auth client is not in main (a public page paints and starts without it); boot.ts has
  // asked for it already.
  const { storedSession } = await import('./features/auth/api/watch-session');
  return storedSession(SESSION_WAIT_MS);
}

async function renderAfresh() {
  // No page on screen yet (a signed-in page, most often): its code is fetched now, while the
  // session is read, and the first render is the page itself rather than 'Loading...' followed
  // by the page once the session is known.
  const [matched] = router.getMatchedRoutes(window.location.pathname);
  // The local database's code (a dozen files) waits for the page's own: on a browser that has not
  // cached the app, they would share HTTP/1.1's six connections (ADR 038). Waiting for the first
  // render as well left its files in flight when a page was left at once, which Firefox's service
  // worker reports as errors.
  const chunks = matched.map((route) => router.loadRouteChunk(route) ?? Promise.resolve());
  const firstPage = Promise.allSettled(chunks).then(() => undefined);
  const known = sessionToStart(window.location);
  const stored = known !== undefined ? known : await sessionFromAuthClient();
  root.replaceChildren();
  createRoot(root).render(
    <AppTree router={router} session={stored === undefined ? undefined : fromSession(stored)} firstPage={firstPage} />,
  );
}

function hydrate() {
  markServerRendered(router);
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
    else void renderAfresh();
  });
} else {
  // An empty shell, or another page's HTML (a host's fallback): nothing to wait for.
  void renderAfresh();
}
