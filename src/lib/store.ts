// The page's module-level state in one shape: a value, who listens to it, and React's view of it.
// A module that keeps state for the whole page (Norman's pass, the install prompt, what waits on
// this device) holds a store rather than its own variable and set of listeners, so each is read,
// changed and heard the same way, and a test can start from a known value.
import { useSyncExternalStore } from 'react';

// Functions, not methods: each is handed on alone (`useSyncExternalStore(store.subscribe, …)`).
export interface Store<T> {
  get: () => T;
  set: (next: T) => void;
  /** Calls `listener` after each change; returns its removal. */
  subscribe: (listener: () => void) => () => void;
}

/** Listeners called in turn: what a store tells, and a module's own events (a sign-out here). */
export function createSignal() {
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify: (): void => {
      for (const listener of [...listeners]) listener();
    },
  };
}

/** A value held in memory for the page's life. */
export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const signal = createSignal();
  return {
    get: () => value,
    set: (next) => {
      if (Object.is(next, value)) return;
      value = next;
      signal.notify();
    },
    subscribe: signal.subscribe,
  };
}

/**
 * A JSON value kept in localStorage under `key`, shared by every tab of this origin: read from
 * storage each time (another tab may have changed it; heard through its `storage` event), and
 * removed when `isEmpty`. Storage that throws (blocked, full) reads as `parse(undefined)` and
 * keeps nothing: the page then only says less.
 */
export function localStore<T>(
  key: string,
  { parse, isEmpty }: { parse: (raw: unknown) => T; isEmpty: (value: T) => boolean },
): Store<T> {
  const signal = createSignal();
  const raw = () => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  // The same text reads as the same value: React compares what it reads by identity.
  let last: { text: string | null; value: T } | null = null;
  const get = () => {
    const text = raw();
    if (last?.text !== text) last = { text, value: parseText(text) };
    return last.value;
  };
  const parseText = (text: string | null) => {
    try {
      return parse(text === null ? undefined : JSON.parse(text));
    } catch {
      return parse(undefined);
    }
  };
  return {
    get,
    set: (next) => {
      try {
        if (isEmpty(next)) localStorage.removeItem(key);
        else localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full or refused: what it said before stands.
      }
      signal.notify();
    },
    subscribe: (listener) => {
      const stop = signal.subscribe(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        stop();
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}

/** `store`'s value as React state; `inHtml` is what a page's prerendered HTML shows. */
export function useStore<T>(store: Pick<Store<T>, 'get' | 'subscribe'>, inHtml: T = store.get()): T {
  return useSyncExternalStore(store.subscribe, store.get, () => inHtml);
}

/**
 * Members that come and go (a form holding unsaved input, a wait under way): each `add` returns
 * its removal, which says whether the member was still there.
 */
export function createRegistry<T>() {
  const members = new Set<T>();
  return {
    add: (member: T): (() => boolean) => {
      members.add(member);
      return () => members.delete(member);
    },
    delete: (member: T): boolean => members.delete(member),
    values: (): T[] => [...members],
    size: () => members.size,
    clear: () => members.clear(),
  };
}
