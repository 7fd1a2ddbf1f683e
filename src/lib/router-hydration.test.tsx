// @vitest-environment jsdom
import { Suspense, use } from 'react';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { markServerRendered } from './router-hydration';

// jsdom does not scroll; the router scrolls after a navigation.
window.scrollTo = () => {};

const never = new Promise<never>(() => {});

/** A router whose root route suspends for ever, inside a Suspense boundary of the page's own. */
function renderSuspending(marked: boolean) {
  const root = createRootRoute({
    component: function Waiting() {
      return use(never);
    },
  });
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: ['/'] }),
    defaultPendingComponent: () => <p>the router’s own</p>,
    defaultPendingMs: 0,
  });
  if (marked) markServerRendered(router);
  render(
    <Suspense fallback={<p>the page’s</p>}>
      <RouterProvider router={router} />
    </Suspense>,
  );
}

describe('markServerRendered (TanStack Router, outside TanStack Start)', () => {
  it('marked, the router draws no Suspense boundary around the routes: a suspending route reaches the page’s', async () => {
    renderSuspending(true);
    expect(await screen.findByText('the page’s')).toBeTruthy();
    expect(screen.queryByText('the router’s own')).toBeNull();
  });

  it('unmarked, its own boundary catches it (what the marking changes)', async () => {
    renderSuspending(false);
    expect(await screen.findByText('the router’s own')).toBeTruthy();
    expect(screen.queryByText('the page’s')).toBeNull();
  });
});
