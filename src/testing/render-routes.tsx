import { useMemo, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
  type AnyRoute,
  type AnyRootRoute,
  type AnyRouter,
} from '@tanstack/react-router';
import type { AuthRouterContext } from '../features/auth/guards';
import { SessionProvider, useSession, useSessionKnown } from '../features/auth/session';
import { useRevalidateOn } from '../lib/revalidate';
import { Toaster } from '../ui/toaster';

// jsdom has no layout and does not implement scrolling; the router scrolls after each navigation.
window.scrollTo = () => {};

type Options = {
  notFoundComponent?: () => ReactNode;
  /** Providers around the router, e.g. the SessionProvider. */
  wrap?: (children: ReactNode) => ReactNode;
  /**
   * As in the app: a SessionProvider and the Toaster around the router, whose context carries the
   * session (guards run again when it changes).
   */
  session?: boolean;
};

/** Renders a small route tree in a memory history starting at `path`. */
export function renderRoutes(path: string, children: (root: AnyRootRoute) => AnyRoute[], options: Options = {}) {
  const root = createRootRouteWithContext<AuthRouterContext>()({
    component: Outlet,
    notFoundComponent: options.notFoundComponent,
  });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createRouter({ routeTree: root.addChildren(children(root)), history, context: undefined! });
  const wrap = options.wrap ?? ((node: ReactNode) => node);
  const view = render(
    wrap(
      options.session ? (
        <SessionProvider>
          <SessionRouter router={router} />
          <Toaster />
        </SessionProvider>
      ) : (
        <RouterProvider router={router} />
      ),
    ),
  );
  return { router, history, ...view };
}

function SessionRouter({ router }: { router: AnyRouter }) {
  const session = useSession();
  const sessionKnown = useSessionKnown();
  const context = useMemo(() => ({ session, sessionKnown }), [session, sessionKnown]);
  useRevalidateOn(router, `${session.status}:${session.user?.id ?? ''}`);
  return <RouterProvider router={router} context={context} />;
}
