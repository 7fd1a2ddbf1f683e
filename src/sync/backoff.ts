/**
 * Exponential backoff shared by every request of one engine: a failure starts a wait (doubling
 * from `base` to `max`; failures of requests that were already under way do not double it again),
 * a success ends it, and `wake()` cuts the current wait short.
 */
export function createBackoff(base: number, max: number) {
  let delay = 0;
  let until = 0;
  const waiters = new Set<() => void>();
  return {
    fail: () => {
      if (Date.now() < until) return;
      delay = Math.min(Math.max(delay * 2, base), max);
      until = Date.now() + delay;
    },
    succeed: () => {
      delay = 0;
      until = 0;
    },
    wake: () => {
      until = 0;
      for (const w of [...waiters]) w();
    },
    ready: (): Promise<void> => {
      const wait = until - Date.now();
      if (wait <= 0) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, wait);
        waiters.add(done);
      });
    },
  };
}
