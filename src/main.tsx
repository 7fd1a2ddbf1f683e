// First: the address as opened, before the auth client (loaded later) takes a link's tokens from it.
import './lib/opened-with';
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

const prerendered = root.dataset['prerendered'];
if (prerendered !== undefined && samePath(prerendered, window.location.pathname)) {
  // A public page rendered at build time (scripts/prerender.ts): it is on screen already. The
  // route's code is loaded first, so the first render matches the HTML and hydrates it. Marked as
  // server-rendered (what TanStack Start's hydrate does), the router renders no Suspense boundary of
  // its own around the routes, as on the server.
  router.ssr = { manifest: undefined };
  void router.load().then(() => hydrateRoot(root, <AppTree router={router} />));
} else {
  root.replaceChildren();
  createRoot(root).render(<AppTree router={router} />);
}
