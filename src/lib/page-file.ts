// A page's address and the HTML file the build writes for it (scripts/prerender-plugin.ts), as the
// build, the preview server, the service worker and main.tsx all name them (ADR 012).

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

/** The file a page's HTML is written to: '/' is index.html, '/demo/x' demo/x.html. */
export const pageFile = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);
