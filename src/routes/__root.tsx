import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { SessionState } from '../features/auth/session';
import { Footer } from '../features/marketing/footer';
import { NotFoundPage } from '../features/marketing/not-found-page';
import { InstallPrompt } from '../features/pwa/install-prompt';
import { OfflineBanner } from '../features/pwa/offline-banner';

export interface RouterContext {
  session: SessionState;
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
