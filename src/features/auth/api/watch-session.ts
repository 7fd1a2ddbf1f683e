import type { Session } from '@supabase/supabase-js';
import { onSignedOutHere, supabase } from '../../../lib/supabase';

interface SessionWatcher {
  /** An auth event: sign-in, sign-out, token refresh, user update. */
  onChange: (session: Session | null) => void;
  /** The stored session, read once at the start (null when it cannot be read). */
  onInitial: (session: Session | null) => void;
}

/** The stored session as auth-js reads it (after it has started: a link's session, a refresh). */
const readSession = () => supabase.auth.getSession().then(({ data: { session } }) => session);

/**
 * The stored session as auth-js reads it, if it can say within `waitMs`; undefined if not (it may
 * be refreshing an expired token over a slow line, offline for up to 30 s).
 */
export function storedSession(waitMs: number): Promise<Session | null | undefined> {
  const read = readSession().catch(() => undefined);
  return Promise.race([read, new Promise<undefined>((resolve) => setTimeout(resolve, waitMs))]);
}

/** Follows the auth client's session; returns the function that stops following it. */
export function watchSession({ onChange, onInitial }: SessionWatcher): () => void {
  let active = true;
  const { data } = supabase.auth.onAuthStateChange((_event, session) => {
    if (active) onChange(session);
  });
  // A sign-out made offline is known at once, before auth-js (which may be busy retrying) says so.
  const stopHere = onSignedOutHere(() => {
    if (active) onChange(null);
  });
  void readSession()
    .catch(() => null)
    .then((session) => {
      if (active) onInitial(session);
    });
  return () => {
    active = false;
    stopHere();
    data.subscription.unsubscribe();
  };
}
