import { useEffect, useRef } from 'react';
import type { AnyRouter } from '@tanstack/react-router';

/**
 * Runs the router's guards and loaders again when `key` changes (not on the first render): what
 * they read in the router context (who is signed in, their local data) has changed.
 */
export function useRevalidateOn(router: AnyRouter, key: string) {
  const last = useRef(key);
  useEffect(() => {
    if (last.current === key) return;
    last.current = key;
    void router.invalidate();
  }, [router, key]);
}
