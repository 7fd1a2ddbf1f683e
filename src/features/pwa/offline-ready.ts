import { useSyncExternalStore } from 'react';

// Whether the app works offline on this device yet. On the very first visit the service worker
// still has to install (precache the whole build) and activate: until then a reload or a new page
// without a connection fails. The first visit says 'Ready to work offline' once it does; the
// offline banner warns while it does not. In dev (no worker) and where service workers are not
// supported it stays 'unsupported' and nothing is said.

export type OfflineReadiness = 'unsupported' | 'preparing' | 'ready';

export const OFFLINE_READY_TITLE = 'Ready to work offline';
export const OFFLINE_READY_DESCRIPTION = 'This app now works without a connection on this device.';
export const OFFLINE_NOT_READY_TEXT =
  'You are offline, and this app has not finished preparing for offline use: reloading or opening pages will not work until you reconnect.';

/** A value the page reads and is told of when it changes (useSyncExternalStore's store). */
export interface Store<T> {
  get: () => T;
  set: (next: T) => void;
  subscribe: (listener: () => void) => () => void;
}

function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (next) => {
      if (next === state) return;
      state = next;
      listeners.forEach((l) => l());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ReadinessStore = Store<OfflineReadiness>;

export const createReadinessStore = (initial: OfflineReadiness = 'unsupported'): ReadinessStore => createStore(initial);

/** The app's one readiness store; startServiceWorker (register.ts) keeps it current. */
export const offlineReadiness = createReadinessStore();

export function useOfflineReady(store: ReadinessStore = offlineReadiness): OfflineReadiness {
  return useSyncExternalStore(store.subscribe, store.get, () => 'unsupported');
}

/** What the watcher reads from the browser (register.ts gives the real one; tests a stand-in). */
export interface ReadinessSource {
  /** A worker already controls this page: it was installed on an earlier visit. */
  controlled: boolean;
  /** Whether a worker was already active when the page loaded (say, a reload that bypassed it). */
  wasActive(): Promise<boolean>;
  /** Resolves once a worker is active: installed, so precaching is done, and activated. */
  activated(): Promise<void>;
}

/**
 * Keeps `store` current from `source`; calls `announce` once if the app became ready during this
 * visit (the first one), never when a worker was already there.
 */
export async function watchOfflineReadiness(source: ReadinessSource, store: ReadinessStore, announce: () => void) {
  if (source.controlled) {
    store.set('ready');
    return;
  }
  store.set('preparing');
  if (await source.wasActive().catch(() => false)) {
    store.set('ready');
    return;
  }
  await source.activated();
  if (store.get() === 'ready') return;
  store.set('ready');
  announce();
}

/**
 * Whether this visit made the app ready offline (the first one): the note at the page's end says so
 * then. Not a toast: one that appears on its own, seconds after the page, landed over the wizards'
 * Next at tablet width; at the end of the page it hides no control.
 */
export const offlineReadyThisVisit = createStore(false);

export const useOfflineReadyThisVisit = () =>
  useSyncExternalStore(offlineReadyThisVisit.subscribe, offlineReadyThisVisit.get, () => false);
