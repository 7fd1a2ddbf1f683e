// When a table is pulled again without the live channel's word: after a run of pushes, and while
// the server holds rows back.

/** Rows the server's horizon held back are asked for again after this, doubling up to the max. */
export const HELD_FIRST_MS = 50;
export const HELD_MAX_MS = 2_000;

/** `fn` once, `ms` after the last of a run of calls. */
export function debounced(fn: () => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    run: () => {
      clearTimeout(timer);
      timer = setTimeout(fn, ms);
    },
    cancel: () => clearTimeout(timer),
  };
}

/**
 * The server held rows back (sync_pull's horizon: another transaction is still open). The live
 * channel's "pull" for them may already be spent, so the table is pulled again: soon, then less
 * often while they stay held; a pull that finds nothing held ends it.
 */
export function heldRows(pullAgain: () => void) {
  let delay = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    note: (held: boolean) => {
      if (!held) {
        delay = 0;
        return cancel();
      }
      if (timer !== undefined) return;
      delay = Math.min(Math.max(delay * 2, HELD_FIRST_MS), HELD_MAX_MS);
      timer = setTimeout(() => {
        timer = undefined;
        pullAgain();
      }, delay);
    },
    cancel,
  };
}
