// Before anything: the address as opened. The auth client, asked for below alongside the app's
// code, takes an auth link's tokens from it and clears them, sometimes before the app's code runs.
import './lib/opened-with';
// The stylesheet is the page's (in its HTML), the code comes after the first paint.
import './index.css';
import { startEarlyRead } from './features/properties/api/early-read';
import { afterPaint } from './lib/after-paint';
import { preloadRouteCode } from './lib/route-code';
import { sessionToStart } from './lib/stored-session';

// The page's first script: the app's code is fetched once the HTML is on screen. A public page's
// HTML paints from the document alone (ADR 012); a phone on a slow line should not download
// 140 KiB of JavaScript alongside it before that first paint. After the next frame (when the page
// has painted), or half a second in a tab the browser does not paint (one opened in the background).
const start = () => void import('./main');

if (document.getElementById('root')?.dataset['prerendered'] === undefined) {
  // An empty shell (a signed-in page) has nothing to paint before the app: the page's data and the
  // app's code (app.html preloads it) are asked for now.
  startEarlyRead(window.location.pathname);
  // Before main's import: Vite's preloading then sees these links and adds none of its own.
  preloadRouteCode(window.location.pathname);
  start();
  // The auth client is asked for now only when main's first render must wait for it (an auth link,
  // a session to refresh); with a valid stored session, or none, it starts after that render, off
  // the first page's way.
  if (sessionToStart(window.location) === undefined) void import('./features/auth/api/watch-session');
} else {
  afterPaint(start, 500);
}
