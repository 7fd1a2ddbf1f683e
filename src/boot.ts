// The stylesheet is the page's (in its HTML), the code comes after the first paint.
import './index.css';
import { startEarlyRead } from './features/properties/api/early-read';

// The page's first script: the app's code is fetched once the HTML is on screen. A public page's
// HTML paints from the document alone (ADR 012); a phone on a slow line should not download
// 140 KiB of JavaScript alongside it before that first paint. After the next frame (when the page
// has painted), or half a second in a tab the browser does not paint (one opened in the background).
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./main');
};

if (document.getElementById('root')?.dataset['prerendered'] === undefined) {
  // An empty shell (a signed-in page) has nothing to paint before the app: the page's data, the
  // app's code (app.html preloads it) and the auth client's are asked for now. Number formatting loads its locale data on
  // first use, tens of ms on a slow phone: now, while the code downloads, not in the first render.
  startEarlyRead(window.location.pathname);
  start();
  void import('./features/auth/api/watch-session');
  new Intl.NumberFormat('en-GB').format(1);
} else {
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 500);
}
