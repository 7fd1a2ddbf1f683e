// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoute } from '@tanstack/react-router';
import { toaster } from '../../lib/toast';
import { fakeAuth, fakeSession, resetFakeAuth } from '../../testing/fake-auth';
import { authRoutes } from '../../testing/auth-routes';
import { renderRoutes } from '../../testing/render-routes';
import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { dropSessionHere } from '../../lib/supabase';
import { finishPendingSignOuts, PENDING_SIGN_OUTS } from './api/sign-out';
import { SignedInHeader } from './signed-in-header';

vi.mock('../../lib/supabase', async () => {
  const { fakeAuth } = await import('../../testing/fake-auth');
  // Offline, the real one keeps the tokens for the server, drops the stored session and tells the
  // app at once, without the network.
  const { keepPendingSignOuts, pendingSignOuts } = await import('../../lib/pending-sign-outs');
  const dropSessionHere = vi.fn((tokens: { refresh_token: string; session_id: string | null } | null) => {
    if (tokens) keepPendingSignOuts([...pendingSignOuts(), tokens]);
    fakeAuth.emit('SIGNED_OUT', null);
  });
  return { supabase: { auth: fakeAuth }, onSignedOutHere: () => () => undefined, dropSessionHere };
});

// The data layer stubbed at its module boundary: how many changes wait, and the removal.
const data = vi.hoisted((): { userData: { userId: string } | null; pendingChanges: Mock; discardUserData: Mock } => ({
  userData: { userId: '00000000-0000-4000-8000-000000000001' },
  pendingChanges: vi.fn(),
  discardUserData: vi.fn(),
}));
vi.mock('../../data/user-data', () => ({ useUserData: () => data.userData }));
vi.mock('../../data/user-data-lifecycle', () => ({
  pendingChanges: data.pendingChanges,
  discardUserData: data.discardUserData,
}));

const USER_ID = '00000000-0000-4000-8000-000000000001';

function renderSignedIn() {
  resetFakeAuth(fakeSession());
  fakeAuth.signOut.mockImplementation(() => {
    fakeAuth.emit('SIGNED_OUT', null);
    return Promise.resolve({ error: null });
  });
  return renderRoutes(
    '/saved-properties',
    (root) =>
      authRoutes(root, {
        header: <SignedInHeader />,
        pages: (layout) => [
          createRoute({ getParentRoute: () => layout, path: '/saved-properties', component: () => <h1>Saved</h1> }),
        ],
      }),
    { session: true },
  );
}

const signOutButton = () => screen.findByRole('button', { name: 'Sign Out' });

beforeEach(() => {
  data.userData = { userId: USER_ID };
  data.pendingChanges.mockReset().mockResolvedValue(0);
  data.discardUserData.mockReset().mockResolvedValue(undefined);
});
afterEach(() => {
  toaster.remove();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('signing out with the local data', () => {
  it('signs out without asking when everything has synced, then removes the local data', async () => {
    const { router } = renderSignedIn();
    await userEvent.setup().click(await signOutButton());

    expect(await screen.findByText('Signed out successfully')).toBeTruthy();
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(data.pendingChanges).toHaveBeenCalledWith(data.userData);
    expect(fakeAuth.signOut).toHaveBeenCalledOnce();
    expect(data.discardUserData).toHaveBeenCalledWith(data.userData, USER_ID);
    // The session ends first: a failed sign-out must never have removed anything.
    expect(fakeAuth.signOut.mock.invocationCallOrder[0]!).toBeLessThan(
      data.discardUserData.mock.invocationCallOrder[0]!,
    );
  });

  it('says how many changes have not synced and asks before discarding them', async () => {
    data.pendingChanges.mockResolvedValue(3);
    renderSignedIn();
    await userEvent.setup().click(await signOutButton());

    const dialog = await screen.findByRole('alertdialog', { name: 'Unsynced changes' });
    expect(
      within(dialog).getByText('3 changes on this device have not synced yet. If you sign out now they will be lost.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Keep working' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Sign out and discard' })).toBeTruthy();
    // Nothing has happened yet. (Initial focus on 'Keep working' is checked in Chromium, by the e2e:
    // jsdom has no layout, so the focus trap finds nothing tabbable.)
    expect(fakeAuth.signOut).not.toHaveBeenCalled();
    expect(data.discardUserData).not.toHaveBeenCalled();
  });

  it('uses the singular for one change', async () => {
    data.pendingChanges.mockResolvedValue(1);
    renderSignedIn();
    await userEvent.setup().click(await signOutButton());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      '1 change on this device has not synced yet. If you sign out now it will be lost.',
    );
  });

  it("'Keep working' closes the question and keeps the user signed in with their data", async () => {
    data.pendingChanges.mockResolvedValue(2);
    const { router } = renderSignedIn();
    const user = userEvent.setup();
    await user.click(await signOutButton());
    await user.click(await screen.findByRole('button', { name: 'Keep working' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fakeAuth.signOut).not.toHaveBeenCalled();
    expect(data.discardUserData).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/saved-properties');
    expect(screen.getByRole('button', { name: 'Sign Out' }).hasAttribute('disabled')).toBe(false);
  });

  it("'Sign out and discard' signs out, removes that user's local data and goes home", async () => {
    data.pendingChanges.mockResolvedValue(2);
    const { router } = renderSignedIn();
    const user = userEvent.setup();
    await user.click(await signOutButton());
    await user.click(await screen.findByRole('button', { name: 'Sign out and discard' }));

    expect(await screen.findByText('Signed out successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fakeAuth.signOut).toHaveBeenCalledOnce();
    expect(data.discardUserData).toHaveBeenCalledWith(data.userData, USER_ID);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps the data and the question when the auth service refuses the sign-out', async () => {
    data.pendingChanges.mockResolvedValue(2);
    const { router } = renderSignedIn();
    fakeAuth.signOut.mockResolvedValue({ error: new AuthApiError('Something went wrong', 500, 'unexpected_failure') });
    const user = userEvent.setup();
    await user.click(await signOutButton());
    await user.click(await screen.findByRole('button', { name: 'Sign out and discard' }));

    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(data.discardUserData).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/saved-properties');
    const dialog = screen.getByRole('alertdialog');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Sign out and discard' }).hasAttribute('disabled')).toBe(false),
    );
  });

  it('signs out even before the local database has opened, removing it by user id', async () => {
    data.userData = null;
    renderSignedIn();
    await userEvent.setup().click(await signOutButton());
    expect(await screen.findByText('Signed out successfully')).toBeTruthy();
    expect(data.pendingChanges).toHaveBeenCalledWith(null);
    expect(data.discardUserData).toHaveBeenCalledWith(null, USER_ID);
  });

  it("says so when this device's copy could not be removed", async () => {
    data.discardUserData.mockRejectedValue(new Error('The database is in use'));
    renderSignedIn();
    await userEvent.setup().click(await signOutButton());
    expect(await screen.findByText('This device still holds your saved data: The database is in use')).toBeTruthy();
  });
});

describe('signing out offline (a shared tablet)', () => {
  // The session as auth-js stores it: read from storage, since auth-js itself may be busy offline.
  const b64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const ACCESS = `${b64url('{"alg":"HS256"}')}.${b64url('{"email":"ada@example.com","session_id":"session-1"}')}.sig`;
  const storeSession = () =>
    localStorage.setItem(
      'sb-localhost-auth-token',
      JSON.stringify({ access_token: ACCESS, refresh_token: 'refresh-token', expires_at: 1 }),
    );

  it('signs out at once: the session and the data leave, and the server side waits for the connection', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    storeSession();
    const { router } = renderSignedIn();
    await userEvent.setup().click(await signOutButton());

    expect(await screen.findByText('Signed out on this device')).toBeTruthy();
    expect(screen.getByText(/ended on the server too when this device next connects/)).toBeTruthy();
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(fakeAuth.signOut).not.toHaveBeenCalled();
    expect(dropSessionHere).toHaveBeenCalledWith({ refresh_token: 'refresh-token', session_id: 'session-1' });
    expect(data.discardUserData).toHaveBeenCalledWith(data.userData, USER_ID);
    // Only what ending the session needs: no access token (a bearer, with the email in it).
    expect(JSON.parse(localStorage.getItem(PENDING_SIGN_OUTS)!)).toEqual([
      { refresh_token: 'refresh-token', session_id: 'session-1' },
    ]);
    expect(localStorage.getItem(PENDING_SIGN_OUTS)).not.toContain(ACCESS);
    expect(localStorage.getItem(PENDING_SIGN_OUTS)).not.toContain('ada@example.com');
  });

  it('does the same when the device thinks it is online but the request cannot get through', async () => {
    storeSession();
    renderSignedIn();
    fakeAuth.signOut.mockResolvedValue({ error: new AuthRetryableFetchError('Failed to fetch', 0) });
    await userEvent.setup().click(await signOutButton());
    expect(await screen.findByText('Signed out on this device')).toBeTruthy();
    expect(data.discardUserData).toHaveBeenCalledOnce();
    expect(localStorage.getItem(PENDING_SIGN_OUTS)).toContain('refresh-token');
  });
});

describe('finishPendingSignOuts', () => {
  const keep = (tokens: { refresh_token: string; session_id: string | null }[]) =>
    localStorage.setItem(PENDING_SIGN_OUTS, JSON.stringify(tokens));

  it('ends each session with the auth service, trading its refresh token first, and forgets it', async () => {
    keep([
      { refresh_token: 'r1', session_id: 's1' },
      { refresh_token: 'r2', session_id: 's2' },
    ]);
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        const auth = (init.headers as Record<string, string>)['authorization'] ?? '';
        calls.push(`${new URL(url).pathname}${new URL(url).search} ${auth}`.trim());
        if (url.includes('/token')) {
          const { refresh_token } = JSON.parse(init.body as string) as { refresh_token: string };
          return Promise.resolve(
            new Response(JSON.stringify({ access_token: `for-${refresh_token}` }), { status: 200 }),
          );
        }
        return Promise.resolve(new Response(null, { status: 204 }));
      }),
    );
    await finishPendingSignOuts();
    expect(calls).toEqual([
      '/auth/v1/token?grant_type=refresh_token',
      '/auth/v1/logout?scope=global Bearer for-r1',
      '/auth/v1/token?grant_type=refresh_token',
      '/auth/v1/logout?scope=global Bearer for-r2',
    ]);
    expect(localStorage.getItem(PENDING_SIGN_OUTS)).toBeNull();
  });

  it('keeps what it could not send for the next try, and forgets a session the service no longer knows', async () => {
    keep([
      { refresh_token: 'unreachable', session_id: 's1' },
      { refresh_token: 'gone', session_id: 's2' },
    ]);
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        const { refresh_token } = JSON.parse(init.body as string) as { refresh_token: string };
        if (refresh_token === 'unreachable') return Promise.reject(new TypeError('Failed to fetch'));
        return Promise.resolve(new Response('{}', { status: 400 }));
      }),
    );
    await finishPendingSignOuts();
    expect(JSON.parse(localStorage.getItem(PENDING_SIGN_OUTS)!)).toEqual([
      { refresh_token: 'unreachable', session_id: 's1' },
    ]);
  });
});
