import { useEffect } from 'react';

// Forms whose input is not saved yet (a wizard step being typed into, a write still under way).
// While any is registered, the app never reloads for an update, and leaving the page asks first.
const dirty = new Set<symbol>();
const checks = new Set<() => boolean>();

export function hasUnsavedInput(): boolean {
  return dirty.size > 0 || [...checks].some((check) => check());
}

/** Registers this form as holding unsaved input while `isDirty` is true. */
export function useUnsavedInput(isDirty: boolean) {
  useEffect(() => {
    if (!isDirty) return;
    const key = Symbol('unsaved-input');
    dirty.add(key);
    return () => {
      dirty.delete(key);
    };
  }, [isDirty]);
}

/**
 * Registers a check asked at the moment it matters (leaving, reloading): for input whose saving is
 * too quick to follow with renders (a form's write within a task). Returns the unregistration.
 */
export function registerUnsavedCheck(check: () => boolean): () => void {
  checks.add(check);
  return () => {
    checks.delete(check);
  };
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', (event) => {
    if (hasUnsavedInput()) event.preventDefault();
  });
}
