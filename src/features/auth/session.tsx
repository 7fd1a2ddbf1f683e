import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import type { Session, User } from '@supabase/supabase-js';
import { hasPendingSignOuts } from '../../lib/pending-sign-outs';

export type SessionState =
  | { status: 'loading'; session: null; user: null }
  | { status: 'signed-out'; session: null; user: null }
  | { status: 'signed-in'; session: Session; user: User };

/** A session whose state is known: signed in or out. */
export type KnownSession = Exclude<SessionState, { status: 'loading' }>;

export const LOADING: SessionState = { status: 'loading', session: null, user: null };
const SIGNED_OUT: KnownSession = { status: 'signed-out', session: null, user: null };

export function fromSession(session: Session | null): KnownSession {
  return session ? { status: 'signed-in', session, user: session.user } : SIGNED_OUT;
}

/** The session as React state, and a promise of the first known state (for the router's guards). */
interface SessionValue {
  state: SessionState;
  known: Promise<KnownSession>;
}

const SessionContext = createContext<SessionValue | null>(null);

/** `initial`: the session already read, for a first render that waits for nothing (main.tsx). */
export function SessionProvider({ children, initial }: { children: ReactNode; initial?: KnownSession }) {
  const [state, setState] = useState<SessionState>(initial ?? LOADING);
  const [first] = useState(() => {
    let resolve!: (state: KnownSession) => void;
    const known = initial ? Promise.resolve(initial) : new Promise<KnownSession>((r) => (resolve = r));
    return { known, resolve: initial ? () => undefined : resolve };
  });

  useEffect(() => {
    let active = true;
    let stop: (() => void) | null = null;
    // The auth client (supabase-js) is loaded after the first paint: a public page needs none of it to show.
    void import('./api/watch-session').then(({ watchSession }) => {
      if (!active) return;
      stop = watchSession({
        // Every auth event (initial session, sign-in, sign-out, token refresh, user update) replaces the state.
        onChange: (session) => setState(fromSession(session)),
        // The stored session settles only the first state: an event that arrived meanwhile is newer.
        onInitial: (session) => setState((prev) => (prev.status === 'loading' ? fromSession(session) : prev)),
      });
    });
    return () => {
      active = false;
      stop?.();
    };
  }, []);

  // A sign-out made offline is finished with the auth service once it can be reached.
  useEffect(() => {
    const finish = () => {
      if (!hasPendingSignOuts()) return;
      void import('./api/sign-out').then(({ finishPendingSignOuts }) => finishPendingSignOuts());
    };
    finish();
    window.addEventListener('online', finish);
    return () => window.removeEventListener('online', finish);
  }, []);

  useEffect(() => {
    if (state.status !== 'loading') first.resolve(state);
  }, [state, first]);

  return <SessionContext value={{ state, known: first.known }}>{children}</SessionContext>;
}

function useSessionValue(): SessionValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

export const useSession = (): SessionState => useSessionValue().state;

/** Resolves with the first known session; the router's guards wait on it while the session loads. */
export const useSessionKnown = (): Promise<KnownSession> => useSessionValue().known;
