// How the engine answers each request's outcome: failures back off (and a cheap probe asks the
// server every 2 s whether it is back), successes end the wait, and the last failure is what the
// status says — in words, and never one from before the device came back online, nor a network
// failure while the connection settles just after, nor one of a browser that says it is offline.
import { errorWords } from '../lib/refusal-words';
import { createBackoff } from './backoff';
import type { SyncError } from './server-call';

const BASE_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;
/** While the server cannot be reached: how often a cheap request asks whether it is back. */
export const PROBE_EVERY_MS = 2_000;
/** Just back online, the connection may not carry requests yet: a network failure then is not news. */
export const SETTLING_MS = 5_000;

export interface Attempts {
  /** Resolves when the next request may go. */
  ready: () => Promise<void>;
  /** A request that started at `startedAt` (ms) finished: `error` is null on success. */
  onAttempt: (error: SyncError | null, startedAt?: number) => void;
  /** Something changed (back online, the tab came back, the retry action): try now. */
  wake: () => void;
  /** The device is online again from now: failures of requests made before are not news. */
  cameOnline: () => void;
  stop: () => void;
}

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function attempts({
  probe,
  onBack,
  onError,
  offline = browserOffline,
}: {
  /** Resolves true when the server answers at all. */
  probe: () => Promise<boolean>;
  /** The probe found the server back. */
  onBack: () => void;
  /** The failure to show (null: none). */
  onError: (said: string | null) => void;
  /** The browser says it has no connection (the status says Offline, not a failure). */
  offline?: () => boolean;
}): Attempts {
  const backoff = createBackoff(BASE_RETRY_MS, MAX_RETRY_MS);
  let probeTimer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let failing = false;
  let onlineSince = 0;
  const stopProbing = () => {
    if (probeTimer) clearTimeout(probeTimer);
    probeTimer = null;
  };
  const scheduleProbe = () => {
    if (probeTimer || stopped) return;
    probeTimer = setTimeout(() => {
      void probe().then((back) => {
        probeTimer = null;
        if (stopped || !failing) return;
        if (back) onBack();
        else scheduleProbe();
      });
    }, PROBE_EVERY_MS);
  };
  const scheduleProbeAfterSettling = () => {
    failing = true;
    scheduleProbe();
  };
  return {
    ready: () => backoff.ready(),
    onAttempt: (error, startedAt = Date.now()) => {
      if (error && startedAt < onlineSince) return;
      // Cut off as the connection went (the offline event may come after): the status says Offline.
      if (error?.retryable && offline()) return void backoff.fail();
      if (error?.retryable && startedAt < onlineSince + SETTLING_MS) {
        // Tried again soon (the probe), and said only if it still fails after the connection settled.
        backoff.fail();
        scheduleProbeAfterSettling();
        return;
      }
      failing = error !== null;
      if (error) backoff.fail();
      else backoff.succeed();
      if (error?.retryable) scheduleProbe();
      else if (!error) stopProbing();
      onError(error ? errorWords(error.message) : null);
    },
    wake: () => backoff.wake(),
    cameOnline: () => {
      onlineSince = Date.now();
      failing = false;
      stopProbing();
      onError(null);
      backoff.succeed();
    },
    stop: () => {
      stopped = true;
      stopProbing();
      backoff.wake();
    },
  };
}
