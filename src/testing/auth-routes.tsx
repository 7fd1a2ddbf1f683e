import type { ReactNode } from 'react';
import { createRoute, Outlet, type AnyRootRoute, type AnyRoute } from '@tanstack/react-router';
import { authSearchSchema, leaveAuthWhenSignedIn, requireSignedIn } from '../features/auth/guards';
import { LoadingStatus } from '../ui/loading-status';

/**
 * The app's routing of sign-in, in small: '/', '/auth' with its guard and redirect, and a pathless
 * authenticated layout with the app's guard, holding what `pages` makes. For renderRoutes with
 * `session: true`.
 */
export function authRoutes(
  root: AnyRootRoute,
  {
    homeDelayMs = 0,
    header,
    pages,
  }: { homeDelayMs?: number; header?: ReactNode; pages: (layout: AnyRoute) => AnyRoute[] },
): AnyRoute[] {
  const layout = createRoute({
    getParentRoute: () => root,
    id: '_authenticated',
    beforeLoad: requireSignedIn,
    pendingComponent: LoadingStatus,
    pendingMs: 0,
    pendingMinMs: 0,
    component: () => (
      <>
        {header}
        <Outlet />
      </>
    ),
  });
  return [
    // A slow home route stands in for a lazily loaded chunk in the real build.
    createRoute({
      getParentRoute: () => root,
      path: '/',
      loader: () => new Promise((resolve) => setTimeout(resolve, homeDelayMs)),
      component: () => <p>Home page</p>,
    }),
    createRoute({
      getParentRoute: () => root,
      path: '/auth',
      validateSearch: authSearchSchema,
      beforeLoad: leaveAuthWhenSignedIn,
      component: () => <p>Auth page</p>,
    }),
    layout.addChildren(pages(layout)),
  ];
}
