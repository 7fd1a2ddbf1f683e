// One task at a time per name across the tabs of this browser (Web Locks). Where the browser has
// none (older Safari, jsdom), one chain per name in this page: that still orders the tasks of one
// page, and what spans tabs must then hold without it.
const localLocks = new Map<string, Promise<unknown>>();

export function withTabLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks?.request) return locks.request(name, fn);
  const run = (localLocks.get(name) ?? Promise.resolve()).then(fn, fn);
  const tail = run.catch(() => undefined);
  localLocks.set(name, tail);
  void tail.then(() => localLocks.get(name) === tail && localLocks.delete(name));
  return run;
}
