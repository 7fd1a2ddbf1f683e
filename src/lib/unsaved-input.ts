import { useEffect } from 'react';
import { createRegistry } from './store';

// Forms whose input is not saved yet (a wizard step being typed into, a write still under way).
// While any is registered, the app never reloads for an update, and leaving the page asks first.
const dirty = createRegistry<symbol>();
const checks = createRegistry<() => boolean>();

export function hasUnsavedInput(): boolean {
  return dirty.size() > 0 || checks.values().some((check) => check());
}

/** Registers this form as holding unsaved input while `isDirty` is true. */
export function useUnsavedInput(isDirty: boolean) {
  useEffect(() => {
    if (!isDirty) return;
    const remove = dirty.add(Symbol('unsaved-input'));
    return () => void remove();
  }, [isDirty]);
}

/**
 * Registers a check asked at the moment it matters (leaving, reloading): for input whose saving is
 * too quick to follow with renders (a form's write within a task). Returns the unregistration.
 */
export const registerUnsavedCheck = (check: () => boolean): (() => void) => checks.add(check);

if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', (event) => {
    if (hasUnsavedInput()) event.preventDefault();
  });
}
