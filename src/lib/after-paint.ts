// No React here: the page's first script (boot.ts) uses it too.
/**
 * Runs `then` once the browser has painted what is on screen now: after the next frame, or after
 * `fallbackMs` where no frame comes (a tab opened in the background). Returns a cancel function.
 */
export function afterPaint(then: () => void, fallbackMs = 250): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    then();
  };
  const frame =
    typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => (timer = setTimeout(run, 0))) : null;
  const fallback = setTimeout(run, fallbackMs);
  return () => {
    done = true;
    if (frame !== null) cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
}
