import { useEffect } from 'react';

// Forms whose input is not saved yet (a wizard step being typed into). While any is registered,
// the app never reloads for an update, and leaving the page asks first.
const dirty = new Set<symbol>();

export function hasUnsavedInput(): boolean {
  return dirty.size > 0;
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

if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', (event) => {
    if (hasUnsavedInput()) event.preventDefault();
  });
}
