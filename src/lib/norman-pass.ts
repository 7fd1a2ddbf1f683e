import { useSyncExternalStore } from 'react';

// The pass the norman-access function signs after the right password (Norman is unlocked for the
// page session only: docs/product/screens.md#norman). Held in memory only — never stored — so a
// reload locks the page again; the voice session sends it to reach Norman's private agent.

export interface NormanPass {
  pass: string;
  /** When the server stops accepting it (ms since the epoch). */
  expiresAt: number;
}

interface NormanAccess {
  pass: NormanPass | null;
  /** Why Norman locked again after being unlocked (the pass ran out, the server refused it). */
  lockedBecause: string | null;
}

let state: NormanAccess = { pass: null, lockedBecause: null };
const listeners = new Set<() => void>();

const update = (next: NormanAccess) => {
  state = next;
  for (const listener of listeners) listener();
};

/** The pass, while the server still accepts it. */
export function normanPass(now = Date.now()): NormanPass | null {
  return state.pass && state.pass.expiresAt > now ? state.pass : null;
}

export function setNormanPass(pass: NormanPass) {
  update({ pass, lockedBecause: null });
}

/** Locks Norman again, saying why. */
export function clearNormanPass(because: string | null = null) {
  if (!state.pass && state.lockedBecause === because) return;
  update({ pass: null, lockedBecause: because });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Norman's access in this page session, as React state. */
export function useNormanAccess(): NormanAccess {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
