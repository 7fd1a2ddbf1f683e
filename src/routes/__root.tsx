import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { UserData } from '../data/user-data';
import type { AuthRouterContext } from '../features/auth/guards';
import { Footer } from '../features/marketing/footer';
import { NotFoundPage } from '../features/marketing/not-found-page';
import { InstallPrompt } from '../features/pwa/install-prompt';
import { OfflineBanner } from '../features/pwa/offline-banner';

/** What guards and loaders read (main.tsx keeps it current and re-runs them when it changes). */
export interface RouterContext extends AuthRouterContext {
  /** The signed-in user's local database, or null while it opens and when nobody is signed in. */
  userData: UserData | null;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <>
      <OfflineBanner />
      <InstallPrompt />
      <Outlet />
      <Footer />
    </>
  );
}
