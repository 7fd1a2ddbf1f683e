// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoute, useRouteContext } from '@tanstack/react-router';
import type { Session } from '@supabase/supabase-js';
import { toaster } from '../../lib/toast';
import { authRoutes } from '../../testing/auth-routes';
import { fakeAuth, fakeSession, resetFakeAuth } from '../../testing/fake-auth';
import { renderRoutes } from '../../testing/render-routes';
import { SignOutButton } from './sign-out-button';

vi.mock('../../lib/supabase', async () => {
  const { fakeSupabaseModule } = await import('../../testing/fake-auth');
  return fakeSupabaseModule();
});

// No local data and nothing waiting to sync: the data layer's part of sign-out is in sign-out.test.tsx.
vi.mock('../../data/user-data', () => ({ useUserData: () => null }));
vi.mock('../../data/user-data-lifecycle', () => ({
  pendingChanges: vi.fn(() => Promise.resolve(0)),
  discardUserData: vi.fn(() => Promise.resolve()),
}));

function Dashboard() {
  // The guard put the user in the route context.
  const context: { user?: { email?: string } } = useRouteContext({ strict: false });
  return (
    <div>
      <h1>Dashboard of {context.user?.email}</h1>
      <SignOutButton />
    </div>
  );
}

function renderGuarded(path = '/dashboard', homeDelayMs = 0) {
  return renderRoutes(
    path,
    (root) =>
      authRoutes(root, {
        homeDelayMs,
        pages: (layout) => [
          createRoute({ getParentRoute: () => layout, path: '/dashboard', component: Dashboard }),
          createRoute({ getParentRoute: () => layout, path: '/saved-properties', component: () => <h1>Saved</h1> }),
        ],
      }),
    { session: true },
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const pathAndSearch = (router: { state: { location: { href: string } } }) => router.state.location.href;

beforeEach(() => resetFakeAuth());
afterEach(() => toaster.remove());

describe('the authenticated layout', () => {
  it("shows 'Loading...' until the session is known, then replaces the history entry with /auth", async () => {
    const pending = deferred<{ data: { session: Session | null }; error: null }>();
    fakeAuth.getSession.mockReturnValue(pending.promise);
    const { router, history } = renderGuarded();

    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
    expect(router.state.location.pathname).toBe('/dashboard');

    await act(async () => pending.resolve({ data: { session: null }, error: null }));
    expect(await screen.findByText('Auth page')).toBeTruthy();
    // Where the visitor was going travels with them.
    expect(pathAndSearch(router)).toBe('/auth?redirect=%2Fdashboard');
    // Replaced, not pushed: Back must not return to the protected page.
    expect(history.length).toBe(1);
    expect(history.canGoBack()).toBe(false);
  });

  it('renders the protected route for a signed-in user, with the user in its context', async () => {
    resetFakeAuth(fakeSession('ada@example.com'));
    const { router } = renderGuarded();
    expect(await screen.findByRole('heading', { name: 'Dashboard of ada@example.com' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('follows every auth event: a sign-out elsewhere sends the user to /auth', async () => {
    resetFakeAuth(fakeSession());
    const { router } = renderGuarded();
    await screen.findByRole('heading', { name: /Dashboard of/ });

    act(() => fakeAuth.emit('SIGNED_OUT', null));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('brings the user back where they were going once they sign in', async () => {
    const { router } = renderGuarded('/saved-properties');
    await waitFor(() => expect(pathAndSearch(router)).toBe('/auth?redirect=%2Fsaved-properties'));

    act(() => fakeAuth.emit('SIGNED_IN', fakeSession()));
    expect(await screen.findByRole('heading', { name: 'Saved' })).toBeTruthy();
    expect(pathAndSearch(router)).toBe('/saved-properties');
  });
});

describe('/auth', () => {
  it('sends a visitor who is already signed in to the dashboard', async () => {
    resetFakeAuth(fakeSession('ada@example.com'));
    const { router } = renderGuarded('/auth');
    expect(await screen.findByRole('heading', { name: 'Dashboard of ada@example.com' })).toBeTruthy();
    expect(pathAndSearch(router)).toBe('/dashboard');
  });

  it('follows a redirect only to a path of this app', async () => {
    resetFakeAuth(fakeSession('ada@example.com'));
    for (const away of [
      '//evil.example/phish',
      '/\\evil.example/phish',
      'https://evil.example/',
      'javascript:alert(1)',
    ]) {
      const { router, unmount } = renderGuarded(`/auth?redirect=${encodeURIComponent(away)}`);
      await waitFor(() => expect(pathAndSearch(router)).toBe('/dashboard'));
      unmount();
    }
  });
});

describe('signing out', () => {
  it("says 'Signed out successfully' and lands on / even when / loads slowly", async () => {
    resetFakeAuth(fakeSession());
    // supabase-js emits SIGNED_OUT before signOut() resolves, but React renders with the new state
    // later, when the navigation to / may already be under way: emit late to get that order.
    fakeAuth.signOut.mockImplementation(() => {
      setTimeout(() => fakeAuth.emit('SIGNED_OUT', null), 10);
      return Promise.resolve({ error: null });
    });
    const { router } = renderGuarded('/dashboard', 50);
    const user = userEvent.setup();
    const signOut = await screen.findByRole('button', { name: 'Sign Out' });
    // The signed-out session runs the guards again (useRevalidateOn): a late redirect would come from there.
    const revalidated = vi.spyOn(router, 'invalidate');
    await user.click(signOut);

    expect(await screen.findByText('Signed out successfully')).toBeTruthy();
    expect(await screen.findByText('Home page')).toBeTruthy();
    // That load settles once the router has settled, any redirect it made followed: it must have made none.
    await waitFor(() => expect(revalidated).toHaveBeenCalled());
    await Promise.all(revalidated.mock.results.map((r) => r.value as Promise<void>));
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows an 'Error' toast with the message and stays signed in when sign-out fails", async () => {
    resetFakeAuth(fakeSession());
    fakeAuth.signOut.mockResolvedValue({ error: { name: 'AuthApiError', message: 'Network unreachable' } });
    const { router } = renderGuarded();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('Network unreachable')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByRole('button', { name: 'Sign Out' }).hasAttribute('disabled')).toBe(false);
  });
});
