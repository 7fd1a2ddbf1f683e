import { afterPaint } from './after-paint';
import { createRegistry } from './store';

/**
 * The opened page's first content, and the work that waits until it is on screen (ADR 038). A page
 * whose content comes after its first render (the saved list's server read on a new browser)
 * holds it here. The service worker's install fetches the whole app: begun with the page, it took
 * the connections and the CPU the page's own code and data were waiting for.
 */
const held = createRegistry<Promise<void>>();

/** Where nothing the page holds arrives (a read that hangs), the work waits no longer than this. */
export const FIRST_CONTENT_CEILING_MS = 3000;

/** The page's first content arrives when `drawn` settles (either way: a failure is content too). */
export function holdFirstContent(drawn: Promise<unknown>): void {
  const hold = drawn.then(
    () => undefined,
    () => undefined,
  );
  const release = held.add(hold);
  void hold.then(release);
}

/**
 * Resolves once the page's first frame is painted, what it held by then has arrived, and the
 * frame after that is painted too; or `ceilingMs` after the first frame.
 */
export function afterFirstContent(ceilingMs = FIRST_CONTENT_CEILING_MS): Promise<void> {
  return new Promise((resolve) => {
    afterPaint(() => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const ceiling = new Promise<void>((done) => (timer = setTimeout(done, ceilingMs)));
      void Promise.race([Promise.all(held.values()), ceiling]).then(() => {
        clearTimeout(timer);
        afterPaint(resolve);
      });
    });
  });
}
