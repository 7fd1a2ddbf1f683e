import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import type { Session, User } from '@supabase/supabase-js';
import { supabase } from '../../lib/supabase';

export type SessionState =
  | { status: 'loading'; session: null; user: null }
  | { status: 'signed-out'; session: null; user: null }
  | { status: 'signed-in'; session: Session; user: User };

export const LOADING_SESSION: SessionState = { status: 'loading', session: null, user: null };
const SIGNED_OUT: SessionState = { status: 'signed-out', session: null, user: null };

function fromSession(session: Session | null): SessionState {
  return session ? { status: 'signed-in', session, user: session.user } : SIGNED_OUT;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(LOADING_SESSION);

  useEffect(() => {
    let active = true;
    // Every auth event (initial session, sign-in, sign-out, token refresh, user update) replaces the state.
    const { data } = supabase.auth.onAuthStateChange((_event, session) => {
      if (active) setState(fromSession(session));
    });
    // getSession only settles the first state: an event that arrived meanwhile is newer.
    supabase.auth
      .getSession()
      .then(({ data: { session } }) => session)
      .catch(() => null)
      .then((session) => {
        if (active) setState((prev) => (prev.status === 'loading' ? fromSession(session) : prev));
      });
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, []);

  return <SessionContext value={state}>{children}</SessionContext>;
}

export function useSession(): SessionState {
  const state = use(SessionContext);
  if (!state) throw new Error('useSession must be used inside <SessionProvider>');
  return state;
}

/** The signed-in user, for components rendered under <AuthGuard> only. */
export function useSignedInUser(): User {
  const state = useSession();
  if (state.status !== 'signed-in') throw new Error('useSignedInUser must be used under <AuthGuard>');
  return state.user;
}
