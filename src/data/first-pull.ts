import type { UserData } from './user-data';

// Offline, or a server that does not answer: the device's own data is what there is.
const FIRST_PULL_WAIT_MS = 5000;

/**
 * Resolves once the first pull is in, at once offline, and after FIRST_PULL_WAIT_MS at the latest:
 * before it, an empty local table may only mean a new device still pulling.
 */
export function firstPull(data: UserData): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    data.engine.awaitInitialSync(),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_PULL_WAIT_MS))),
  ]).finally(() => clearTimeout(timer));
}
