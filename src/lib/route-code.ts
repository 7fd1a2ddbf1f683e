// Which files hold each route's code, written into the empty shell (app.html) at build time
// (scripts/first-chunk-plugin.ts) and read by the page's first script (src/boot.ts): a signed-in
// page's own code is then fetched beside main instead of once main has arrived and run, about
// 150 ms later on a browser that has not cached the app (ADR 038).

/** The meta element of the shell that lists them. */
export const ROUTE_CODE_META = 'chloe-route-code';

/** A route's address pattern ('/demo/$slug') and the files of its code. */
export type RouteCode = { path: string; files: string[] };

/**
 * A route file's address, by TanStack Router's file naming ('_authenticated/saved-properties' is
 * '/saved-properties', 'auth_.reset' '/auth/reset', 'demo/$slug' '/demo/$slug'); null for a layout
 * or the root, which have no address of their own.
 */
export function routeFilePath(file: string): string | null {
  const name = file.split('/').at(-1) ?? '';
  if (name.startsWith('_') || name.startsWith('-')) return null;
  const segments = file
    .split(/[/.]/)
    .filter((s) => s !== '' && s !== 'index' && !s.startsWith('_'))
    .map((s) => s.replace(/_$/, ''));
  return `/${segments.join('/')}`;
}

/** Whether `pathname` is an address of the route `path` (a `$param` is any one segment). */
export function matchesRoute(path: string, pathname: string): boolean {
  const want = path.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  return want.length === have.length && want.every((s, i) => s.startsWith('$') || s === have[i]);
}

/** Preloads the code of the route at `pathname`, as the shell lists it; nothing elsewhere. */
export function preloadRouteCode(pathname: string, doc: Document = document) {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${ROUTE_CODE_META}"]`)?.content;
  if (!content) return;
  let routes: RouteCode[];
  try {
    routes = JSON.parse(content) as RouteCode[];
  } catch {
    return;
  }
  const route = routes.find((r) => matchesRoute(r.path, pathname));
  for (const href of route?.files ?? []) {
    // Vite's own preloading skips a file already linked, so nothing is fetched twice.
    if (doc.querySelector(`link[href="${href}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.appendChild(link);
  }
}
