// A page's address and the HTML file the build writes for it (scripts/prerender-plugin.ts), as the
// build, the preview server, the service worker and main.tsx all name them (ADR 012, ADR 015).

/**
 * `pathname` decoded and without a trailing slash ('/demo/haus%26haus/' is '/demo/haus&haus');
 * null when it cannot be decoded.
 */
export function pagePath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname).replace(/(.)\/$/, '$1');
  } catch {
    return null;
  }
}

/**
 * Routes with a parameter whose HTML is one page for every address they match: the wizard's
 * frame with 'Loading...' (an assessment link's token is not known at build time).
 */
export const ROUTE_PAGES = [{ route: '/agent-assessment/$token', prefix: '/agent-assessment/' }] as const;

/** The route in ROUTE_PAGES whose page serves `path` ('/agent-assessment/<anything>'), if any. */
export const routePageFor = (path: string) =>
  ROUTE_PAGES.find((r) => path.startsWith(r.prefix) && path.length > r.prefix.length);

/**
 * The file a page's HTML is written to: '/' is index.html, '/demo/x' demo/x.html, and every
 * address of a route in ROUTE_PAGES the route's one file, named after the route
 * ('/agent-assessment/…' agent-assessment/$token.html, which no other address maps to).
 */
export function pageFile(path: string) {
  const route = routePageFor(path);
  if (route) return `${route.route.slice(1)}.html`;
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}
