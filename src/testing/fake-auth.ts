import { vi } from 'vitest';
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';

// A stand-in for `supabase.auth`, for unit tests that vi.mock('…/lib/supabase') at the module
// boundary. Integration and e2e tests use the real client against the local stack instead.
type Listener = (event: AuthChangeEvent, session: Session | null) => void;

const listeners = new Set<Listener>();

export const fakeAuth = {
  getSession: vi.fn(),
  onAuthStateChange: vi.fn(),
  signInWithPassword: vi.fn(),
  signUp: vi.fn(),
  signOut: vi.fn(),
  /** Resolves when the client has read the stored session or the address's auth redirect. */
  initialize: vi.fn(),
  resetPasswordForEmail: vi.fn(),
  updateUser: vi.fn(),
  resend: vi.fn(),
  /** Delivers an auth event to every subscriber, as supabase-js does. */
  emit(event: AuthChangeEvent, session: Session | null) {
    for (const listener of listeners) listener(event, session);
  },
};

/** Back to a signed-out client with no pending calls; call in beforeEach. */
export function resetFakeAuth(session: Session | null = null) {
  listeners.clear();
  fakeAuth.getSession.mockReset().mockResolvedValue({ data: { session }, error: null });
  fakeAuth.onAuthStateChange.mockReset().mockImplementation((listener: Listener) => {
    listeners.add(listener);
    return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } };
  });
  fakeAuth.signInWithPassword.mockReset();
  fakeAuth.signUp.mockReset();
  fakeAuth.signOut.mockReset();
  fakeAuth.initialize.mockReset().mockResolvedValue({ error: null });
  fakeAuth.resetPasswordForEmail.mockReset();
  fakeAuth.updateUser.mockReset();
  fakeAuth.resend.mockReset();
}

export function fakeSession(email = 'ada@example.com'): Session {
  return {
    access_token: 'access-token',
    refresh_token: 'refresh-token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user: {
      id: '00000000-0000-4000-8000-000000000001',
      email,
      aud: 'authenticated',
      app_metadata: {},
      user_metadata: {},
      created_at: new Date(0).toISOString(),
    },
  };
}

/**
 * lib/supabase as a vi.mock factory returns it: the client with fakeAuth, and the offline sign-out's
 * hook (nothing signs out here unless a test calls dropSessionHere).
 */
export function fakeSupabaseModule() {
  return { supabase: { auth: fakeAuth }, onSignedOutHere: () => () => undefined };
}
