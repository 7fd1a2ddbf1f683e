import { useCallback } from 'react';
import { firstPull } from '../../data/first-pull';
import { useWhenOpen, type UserData } from '../../data/user-data';
import type { VoiceContext } from './voice-context';

/** How long a call started as the page opens waits for the device's database (it opens in ~1 s). */
export const CONTEXT_WAIT_MS = 5_000;

/**
 * What a signed-in call is told of the user (saved properties, recent mail), read from the device
 * when the call starts. A call started as the page opens, before the user's database has, waits
 * for it and for its first pull (bounded waits: a database that cannot open leaves the context
 * empty, and offline the device's copy is read) rather than greeting the user as if they had
 * saved nothing.
 */
export function useVoiceContextLoader(
  data: UserData | null,
  signedIn: boolean,
  userName: string | null,
): () => Promise<VoiceContext> {
  const whenOpen = useWhenOpen(data);
  return useCallback(async () => {
    const { readVoiceContext } = await import('./read-context');
    const open = data ?? (signedIn ? await within(whenOpen(), CONTEXT_WAIT_MS) : null);
    // The page's first pull brings what came since the device last synced (the mail Chloe names).
    if (open) await firstPull(open);
    return readVoiceContext(open, userName);
  }, [data, signedIn, userName, whenOpen]);
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    void promise.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}
