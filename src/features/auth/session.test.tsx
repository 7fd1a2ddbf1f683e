// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { Session } from '@supabase/supabase-js';
import { fakeAuth, fakeSession, resetFakeAuth } from '../../testing/fake-auth';
import { fromSession, SessionProvider, useSession, useSessionKnown } from './session';

vi.mock('../../lib/supabase', async () => {
  const { fakeSupabaseModule } = await import('../../testing/fake-auth');
  return fakeSupabaseModule();
});

function Probe() {
  const { status, user, session } = useSession();
  return (
    <p data-testid="probe">
      {status} {user?.email ?? '-'} {session?.access_token ?? '-'}
    </p>
  );
}

const probe = () => screen.getByTestId('probe').textContent;

/** The provider, once it follows the auth client (which it loads after the first render). */
async function renderProvider() {
  const view = render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );
  await vi.waitFor(() => expect(fakeAuth.onAuthStateChange).toHaveBeenCalled());
  return view;
}

beforeEach(() => resetFakeAuth());

describe('SessionProvider', () => {
  it('starts loading and settles from getSession', async () => {
    let settle!: (value: { data: { session: Session | null }; error: null }) => void;
    fakeAuth.getSession.mockReturnValue(new Promise((resolve) => (settle = resolve)));
    await renderProvider();
    expect(probe()).toBe('loading - -');
    await act(async () => settle({ data: { session: fakeSession('ada@example.com') }, error: null }));
    expect(probe()).toBe('signed-in ada@example.com access-token');
  });

  it('is signed out when reading the stored session fails', async () => {
    fakeAuth.getSession.mockRejectedValue(new Error('storage unavailable'));
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await vi.waitFor(() => expect(probe()).toBe('signed-out - -'));
  });

  it('follows every auth event, including token refreshes', async () => {
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await vi.waitFor(() => expect(probe()).toBe('signed-out - -'));

    act(() => fakeAuth.emit('SIGNED_IN', fakeSession('ada@example.com')));
    expect(probe()).toBe('signed-in ada@example.com access-token');

    act(() => fakeAuth.emit('TOKEN_REFRESHED', { ...fakeSession('ada@example.com'), access_token: 'fresh-token' }));
    expect(probe()).toBe('signed-in ada@example.com fresh-token');

    act(() => fakeAuth.emit('SIGNED_OUT', null));
    expect(probe()).toBe('signed-out - -');
  });

  it('keeps an event that arrives before getSession settles', async () => {
    let settle!: (value: { data: { session: Session | null }; error: null }) => void;
    fakeAuth.getSession.mockReturnValue(new Promise((resolve) => (settle = resolve)));
    await renderProvider();
    act(() => fakeAuth.emit('SIGNED_IN', fakeSession('ada@example.com')));
    await act(async () => settle({ data: { session: null }, error: null }));
    expect(probe()).toBe('signed-in ada@example.com access-token');
  });

  it('starts from a session read before the first render: known at once, no loading', async () => {
    const known: Promise<unknown>[] = [];
    const renders: string[] = [];
    function Recorder() {
      known.push(useSessionKnown());
      const { status } = useSession();
      renders.push(status);
      return null;
    }
    render(
      <SessionProvider initial={fromSession(fakeSession('ada@example.com'))}>
        <Recorder />
        <Probe />
      </SessionProvider>,
    );
    expect(renders[0]).toBe('signed-in');
    expect(probe()).toBe('signed-in ada@example.com access-token');
    await expect(known[0]).resolves.toMatchObject({ status: 'signed-in' });
    // The auth client is followed from there on.
    await vi.waitFor(() => expect(fakeAuth.onAuthStateChange).toHaveBeenCalled());
    act(() => fakeAuth.emit('SIGNED_OUT', null));
    expect(probe()).toBe('signed-out - -');
    expect(renders).not.toContain('loading');
  });

  it('unsubscribes when unmounted', async () => {
    const { unmount } = await renderProvider();
    const subscription = fakeAuth.onAuthStateChange.mock.results[0]?.value as {
      data: { subscription: { unsubscribe: () => void } };
    };
    const unsubscribe = vi.spyOn(subscription.data.subscription, 'unsubscribe');
    unmount();
    expect(unsubscribe).toHaveBeenCalledOnce();
  });
});
