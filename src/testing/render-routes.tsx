import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
  type AnyRoute,
  type AnyRootRoute,
} from '@tanstack/react-router';

// jsdom has no layout and does not implement scrolling; the router scrolls after each navigation.
window.scrollTo = () => {};

type Options = {
  notFoundComponent?: () => ReactNode;
  /** Providers around the router, e.g. the SessionProvider. */
  wrap?: (children: ReactNode) => ReactNode;
};

/** Renders a small route tree in a memory history starting at `path`. */
export function renderRoutes(path: string, children: (root: AnyRootRoute) => AnyRoute[], options: Options = {}) {
  const root = createRootRoute({ component: Outlet, notFoundComponent: options.notFoundComponent });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createRouter({ routeTree: root.addChildren(children(root)), history });
  const wrap = options.wrap ?? ((node: ReactNode) => node);
  const view = render(wrap(<RouterProvider router={router} />));
  return { router, history, ...view };
}
