// The stylesheet is the page's (in its HTML), the code comes after the first paint.
import './index.css';

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
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 500);
