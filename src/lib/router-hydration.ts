import type { AnyRouter } from '@tanstack/react-router';

/**
 * Marks the router as taking over HTML rendered at build time (what TanStack Start's hydrate
 * does): it then draws no Suspense boundary of its own around the routes, as when that HTML was
 * rendered, so the first render in the browser matches it. TanStack Router has no public call for
 * this outside Start; router-hydration.test.ts fails on the upgrade that changes what it reads.
 */
export function markServerRendered(router: AnyRouter) {
  router.ssr = { manifest: undefined };
}
