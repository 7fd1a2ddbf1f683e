// auth-js's lock across tabs (navigator.locks), held until this tab's refresh is answered. auth-js
// runs a call made in the last moment of its lock's turn (its queue drained, the turn not yet over)
// after letting the lock go: that call may find the token expired and refresh it while another tab,
// holding the lock by then, reads the same session and refreshes the same token too. So the lock is
// let go only once no refresh of this tab is under way (held 3 s at most: a refresh slower than that
// goes on outside it). A tab that still reads the old session after that is answered on the device
// (lib/refresh-once.ts).
import { navigatorLock } from '@supabase/supabase-js';
import { createRegistry } from './store';

/** The longest the lock waits for one refresh (auth-js takes it from a holder after 5 s). */
const HOLD_MS = 3000;

const refreshing = createRegistry<Promise<void>>();

/** A refresh request this tab sends (lib/supabase.ts), noted as it is sent: the lock waits for its answer. */
export function noteRefresh(answer: Promise<Response>): void {
  // Waited for HOLD_MS at most: a refresh slower than that goes on outside the lock.
  const waited = Promise.race([answer.then(nothing, nothing), pause(HOLD_MS)]);
  const release = refreshing.add(waited);
  void waited.then(release);
}

/** auth-js's lock (`navigatorLock`), let go once this tab has no refresh under way. */
export function authLock<R>(name: string, acquireTimeout: number, fn: () => Promise<R>): Promise<R> {
  return navigatorLock(name, acquireTimeout, async () => {
    try {
      return await fn();
    } finally {
      await refreshesDone();
    }
  });
}

async function refreshesDone() {
  // A call auth-js let out of the lock sends its refresh within the microtasks of this task.
  await nextTask();
  while (refreshing.size() > 0) await Promise.all(refreshing.values());
}

const nothing = () => undefined;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The next task of the event loop (every microtask queued before it has run), on no clock. */
function nextTask() {
  return new Promise<void>((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
