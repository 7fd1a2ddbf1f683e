import { createStore, useStore } from './store';

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

const access = createStore<NormanAccess>({ pass: null, lockedBecause: null });

/** The pass, while the server still accepts it. */
export function normanPass(now = Date.now()): NormanPass | null {
  const { pass } = access.get();
  return pass && pass.expiresAt > now ? pass : null;
}

export function setNormanPass(pass: NormanPass) {
  access.set({ pass, lockedBecause: null });
}

/** Locks Norman again, saying why. */
export function clearNormanPass(because: string | null = null) {
  const { pass, lockedBecause } = access.get();
  if (!pass && lockedBecause === because) return;
  access.set({ pass: null, lockedBecause: because });
}

/** Norman's access in this page session, as React state. */
export const useNormanAccess = (): NormanAccess => useStore(access);
