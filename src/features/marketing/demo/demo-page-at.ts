import { DEMO_PAGES, type DemoPageData, type DemoPath } from './demo-pages';

const isDemoPath = (path: string): path is DemoPath => Object.hasOwn(DEMO_PAGES, path);

/**
 * The demo page at a path as the browser or the router gives it: percent-encoded or not
 * ('/demo/haus%26haus' is '/demo/haus&haus'), any case, a trailing slash, as personaForPath reads
 * it, so the page and its persona never disagree. Undefined for any other path (the 404 page).
 */
export function demoPageAt(pathname: string): DemoPageData | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape is an unknown path.
    return undefined;
  }
  if (path.length > 1) path = path.replace(/\/+$/, '');
  path = path.toLowerCase();
  return isDemoPath(path) ? DEMO_PAGES[path] : undefined;
}
