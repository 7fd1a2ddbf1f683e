import { StrictMode, lazy, useEffect, useMemo } from 'react';
import { RouterProvider, createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './generated/route-tree.gen';
import { UserDataProvider, useUserData } from './data/user-data';
import {
  LOADING,
  SessionProvider,
  useSession,
  useSessionKnown,
  type KnownSession,
  type SessionState,
} from './features/auth/session';
import { useHydrated } from './lib/hydrated';
import { useRevalidateOn } from './lib/revalidate';
import { PageError } from './ui/page-error';
import { QuietBoundary } from './ui/quiet-boundary';

// The app's tree, the same in the browser (main.tsx) and at build time (prerender.tsx): a public
// page's HTML is rendered from it, and the browser's first render must match it to hydrate.

/** The router; `history` is a memory history when a page is rendered at build time. */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    // Given by <Routes> below on every render. Until then (a page rendered at build time, or loaded
    // before it hydrates) the session is not known yet: what the first render shows, there and here.
    context: { session: LOADING, sessionKnown: new Promise<KnownSession>(() => {}), userData: null },
    defaultPreload: 'intent',
    defaultErrorComponent: PageError,
    // In the browser only: at build time the router would write its restoring script into the HTML.
    scrollRestoration: !history,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

// Loaded with RxDB when somebody signs in, not with the first page.
const loadClient = () => import('./lib/supabase').then((m) => m.supabase);
// The toasts' region (Ark's toaster) arrives after the first paint; nothing is toasted before then.
const Toaster = lazy(() => import('./ui/toaster').then((m) => ({ default: m.Toaster })));

function App({ router, firstPage }: { router: AppRouter; firstPage: Promise<void> | undefined }) {
  const session = useSession();
  // The signed-in user's local database (RxDB) and its replication; closed when they sign out.
  return (
    <UserDataProvider userId={session.user?.id ?? null} client={loadClient} after={firstPage}>
      <Routes router={router} session={session} />
    </UserDataProvider>
  );
}

/** The router, with what its guards and loaders read; they run again when that changes. */
function Routes({ router, session }: { router: AppRouter; session: SessionState }) {
  const sessionKnown = useSessionKnown();
  const userData = useUserData();
  const context = useMemo(() => ({ session, sessionKnown, userData }), [session, sessionKnown, userData]);
  useRevalidateOn(router, `${session.status}:${session.user?.id ?? ''}:${userData ? 'open' : 'closed'}`);
  return <RouterProvider router={router} context={context} />;
}

/** Marks the document once the app has taken the page over (what the e2e waits for after a load). */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset['hydrated'] = '';
  }, []);
  return null;
}

function ClientToaster() {
  // Not in a page's HTML: the region is added once the browser has taken the page over.
  return useHydrated() ? (
    <QuietBoundary what="The notifications">
      <Toaster />
    </QuietBoundary>
  ) : null;
}

interface AppTreeProps {
  router: AppRouter;
  /** Known before the first render (an empty shell, main.tsx); a page's HTML has none. */
  session?: KnownSession | undefined;
  /** The first page's code, while it loads: the local database's code comes after it. */
  firstPage?: Promise<void> | undefined;
}

export function AppTree({ router, session, firstPage }: AppTreeProps) {
  return (
    <StrictMode>
      <SessionProvider initial={session}>
        <App router={router} firstPage={firstPage} />
        <ClientToaster />
        <HydratedMark />
      </SessionProvider>
    </StrictMode>
  );
}
