// First: the address as opened, before the auth client (loaded later) takes a link's tokens from it.
import './lib/opened-with';
import { StrictMode, Suspense, lazy, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { UserDataProvider, useUserData } from './data/user-data';
import { SessionProvider, useSession, useSessionKnown, type SessionState } from './features/auth/session';
import { captureInstallPrompt } from './features/pwa/install';
import { startServiceWorker } from './features/pwa/register';
import { useRevalidateOn } from './lib/revalidate';
import './index.css';

const router = createRouter({
  routeTree,
  // Given by <Routes> below on every render; TanStack's documented placeholder until then.
  context: undefined!,
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// Loaded with RxDB when somebody signs in, not with the first page.
const loadClient = () => import('./lib/supabase').then((m) => m.supabase);
// The toasts' region (Ark's toaster) arrives after the first paint; nothing is toasted before then.
const Toaster = lazy(() => import('./ui/toaster').then((m) => ({ default: m.Toaster })));

function App() {
  const session = useSession();
  // The signed-in user's local database (RxDB) and its replication; closed when they sign out.
  return (
    <UserDataProvider userId={session.user?.id ?? null} client={loadClient}>
      <Routes session={session} />
    </UserDataProvider>
  );
}

/** The router, with what its guards and loaders read; they run again when that changes. */
function Routes({ session }: { session: SessionState }) {
  const sessionKnown = useSessionKnown();
  const userData = useUserData();
  const context = useMemo(() => ({ session, sessionKnown, userData }), [session, sessionKnown, userData]);
  useRevalidateOn(router, `${session.status}:${session.user?.id ?? ''}:${userData ? 'open' : 'closed'}`);
  return <RouterProvider router={router} context={context} />;
}

captureInstallPrompt();
startServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <SessionProvider>
      <App />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </SessionProvider>
  </StrictMode>,
);
