// One refresh per browser: auth-js's lock across tabs (navigator.locks), held until this tab's
// refresh is stored. auth-js runs a call made in the last moment of its lock's turn (its queue
// drained, the turn not yet over) after letting the lock go: that call may find the token expired
// and refresh it while another tab, holding the lock by then, reads the same session and refreshes
// the same token too (one-refresh.spec.ts: 5 runs in 30 on this machine). So the lock is let go
// only once no refresh of this tab is under way: answered, and its new session stored (held 3 s at
// most: a refresh slower than that goes on outside it, as before).
import { navigatorLock } from '@supabase/supabase-js';
import { createRegistry } from './store';
import { storedRecord } from './stored-session';

/** How long a refresh answered with a session is waited for to be stored (auth-js stores it at once). */
const STORE_WAIT_MS = 2000;
/** The longest the lock waits for one refresh (auth-js takes it from a holder after 5 s). */
const HOLD_MS = 3000;

const refreshing = createRegistry<Promise<void>>();

/**
 * A refresh request this tab sends with `token` (lib/supabase.ts), noted as it is sent: the lock
 * waits until it is answered and, answered with a session, until a new one is stored.
 */
export function noteRefresh(token: Promise<string | null>, answer: Promise<Response>): void {
  const done = (async () => {
    const sent = await token;
    if ((await answer).ok) await storedOtherThan(sent);
  })().catch(() => undefined);
  // Waited for HOLD_MS at most: a refresh slower than that goes on outside the lock.
  const waited = Promise.race([done, pause(HOLD_MS)]);
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

/** Until the stored session's refresh token is no longer `sent` (or STORE_WAIT_MS have passed). */
async function storedOtherThan(sent: string | null) {
  const deadline = Date.now() + STORE_WAIT_MS;
  await nextTask();
  while (storedRefreshToken() === sent && Date.now() < deadline) await pause(10);
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function storedRefreshToken(): string | null {
  const token = storedRecord()?.['refresh_token'];
  return typeof token === 'string' ? token : null;
}

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
