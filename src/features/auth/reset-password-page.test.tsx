// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoute } from '@tanstack/react-router';
import { AuthApiError, AuthImplicitGrantRedirectError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { toaster } from '../../lib/toast';
import { fakeAuth, fakeSession, resetFakeAuth } from '../../testing/fake-auth';
import { renderRoutes } from '../../testing/render-routes';
import { toastTexts } from '../../testing/toasts';
import { LoadingStatus } from '../../ui/loading-status';
import { loadRecoveryView, openedWithHash } from './api/recovery-link';
import { authSearchSchema } from './guards';
import { LINK_INVALID, ResetPasswordPage } from './reset-password-page';

vi.mock('../../lib/supabase', async () => {
  const { fakeSupabaseModule } = await import('../../testing/fake-auth');
  return fakeSupabaseModule();
});

const RECOVERY_HASH =
  '#access_token=a&expires_at=9999999999&expires_in=3600&refresh_token=r&token_type=bearer&type=recovery';
const EXPIRED_HASH =
  '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';

/** /auth/reset as src/routes/auth_.reset.tsx makes it, with /auth and /dashboard to go to. */
function renderResetPage() {
  return renderRoutes(
    '/auth/reset',
    (root) => {
      const reset = createRoute({
        getParentRoute: () => root,
        path: '/auth/reset',
        loader: loadRecoveryView,
        pendingComponent: LoadingStatus,
        pendingMs: 0,
        pendingMinMs: 0,
        component: () => <ResetPasswordPage view={reset.useLoaderData()} />,
      });
      return [
        reset,
        createRoute({
          getParentRoute: () => root,
          path: '/auth',
          validateSearch: authSearchSchema,
          component: () => <p>Auth page</p>,
        }),
        createRoute({ getParentRoute: () => root, path: '/dashboard', component: () => <p>Dashboard</p> }),
      ];
    },
    { session: true },
  );
}

/** As when the emailed link signs the user in: the client took the tokens and has a session. */
function openedRecoveryLink() {
  openedWithHash(RECOVERY_HASH);
  resetFakeAuth(fakeSession('ada@example.com'));
}

async function fillPasswords(password: string, confirm: string) {
  const user = userEvent.setup();
  const field = await screen.findByLabelText('New password');
  if (password) await user.type(field, password);
  if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Update password' }));
  return user;
}

beforeEach(() => {
  resetFakeAuth();
  openedWithHash('');
  sessionStorage.clear();
});
afterEach(() => {
  toaster.remove();
  vi.restoreAllMocks();
});

describe('/auth/reset', () => {
  it("says 'Loading...' while the auth client takes in the link", async () => {
    openedRecoveryLink();
    let finish!: (value: { error: null }) => void;
    fakeAuth.initialize.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderResetPage();
    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
    finish({ error: null });
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeTruthy();
  });

  it('with a recovery session: sets the new password, says so and goes to the dashboard signed in', async () => {
    openedRecoveryLink();
    fakeAuth.updateUser.mockResolvedValue({ data: { user: fakeSession().user }, error: null });
    const { router } = renderResetPage();
    expect(await screen.findByText(/For ada@example.com/)).toBeTruthy();
    await fillPasswords('a-new-password', 'a-new-password');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(fakeAuth.updateUser).toHaveBeenCalledWith({ password: 'a-new-password' });
    expect(toastTexts()).toContain('Password updated / undefined');
    expect(screen.getByText('Dashboard')).toBeTruthy();
  });

  it('checks the new password: at least 6 characters, at most 72 bytes, typed the same twice', async () => {
    openedRecoveryLink();
    renderResetPage();
    const user = await fillPasswords('', '');
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Please confirm the new password')).toBeTruthy();

    await user.type(screen.getByLabelText('New password'), 'short');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();

    await user.clear(screen.getByLabelText('New password'));
    // 36 two-byte letters: 36 characters, 72 bytes, accepted; one more is 74 bytes.
    await user.type(screen.getByLabelText('New password'), 'é'.repeat(37));
    expect(await screen.findByText(/Password is too long: at most 72 bytes/)).toBeTruthy();
    await user.type(screen.getByLabelText('New password'), '{Backspace}');
    await waitFor(() => expect(screen.queryByText(/Password is too long/)).toBeNull());

    await user.type(screen.getByLabelText('Confirm new password'), 'something-else');
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(fakeAuth.updateUser).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'é'.repeat(36));
    await waitFor(() => expect(screen.queryByText('Passwords do not match')).toBeNull());
  });

  it('an error goes as soon as the input is right, not only when the field is left (Submit is not moved under the pointer)', async () => {
    openedRecoveryLink();
    renderResetPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-passwordx');
    await user.tab();
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    await user.type(screen.getByLabelText('Confirm new password'), '{Backspace}');
    expect(document.activeElement).toBe(screen.getByLabelText('Confirm new password'));
    await waitFor(() => expect(screen.queryByText('Passwords do not match')).toBeNull());
  });

  it('submits once a mismatch is put right', async () => {
    openedRecoveryLink();
    fakeAuth.updateUser.mockResolvedValue({ data: { user: fakeSession().user }, error: null });
    const { router } = renderResetPage();
    const user = await fillPasswords('a-new-password', 'a-new-passwordx');
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    await user.type(screen.getByLabelText('Confirm new password'), '{Backspace}');
    await waitFor(() => expect(screen.queryByText('Passwords do not match')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(fakeAuth.updateUser).toHaveBeenCalledTimes(1);
  });

  it("shows the auth service's refusal (the same password again) inline and as a toast, and stays", async () => {
    openedRecoveryLink();
    fakeAuth.updateUser.mockResolvedValue({
      data: { user: null },
      error: new AuthApiError('New password should be different from the old password.', 422, 'same_password'),
    });
    const { router } = renderResetPage();
    await fillPasswords('the-old-password', 'the-old-password');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'New password should be different from the old password.',
    );
    expect(toastTexts()).toContain(
      'Could not set the new password / New password should be different from the old password.',
    );
    expect(router.state.location.pathname).toBe('/auth/reset');
  });

  it('says setting a password needs a connection when offline', async () => {
    openedRecoveryLink();
    renderResetPage();
    await screen.findByLabelText('New password');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await fillPasswords('a-new-password', 'a-new-password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Setting a new password needs an internet connection. Connect and try again.',
    );
    expect(fakeAuth.updateUser).not.toHaveBeenCalled();
  });

  it('keeps the form after a reload of the page (same tab), until the new password is set', async () => {
    openedRecoveryLink();
    fakeAuth.updateUser.mockResolvedValue({ data: { user: fakeSession().user }, error: null });
    const first = renderResetPage();
    await screen.findByRole('heading', { name: 'Set a new password' });
    first.unmount();

    // Reloaded: the address no longer has the tokens; the session is the stored one.
    openedWithHash('');
    const second = renderResetPage();
    await screen.findByRole('heading', { name: 'Set a new password' });
    await fillPasswords('a-new-password', 'a-new-password');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/dashboard'));
    second.unmount();

    renderResetPage();
    expect(await screen.findByRole('heading', { name: 'No reset link opened' })).toBeTruthy();
  });

  it('an expired or used link says so and links to the recover form', async () => {
    openedWithHash(EXPIRED_HASH);
    fakeAuth.initialize.mockResolvedValue({
      error: new AuthImplicitGrantRedirectError('Email link is invalid or has expired', {
        error: 'access_denied',
        code: 'otp_expired',
      }),
    });
    renderResetPage();
    expect((await screen.findByRole('alert')).textContent).toBe(LINK_INVALID);
    expect(LINK_INVALID).toBe('This reset link is invalid or has expired — ask for a new one');
    const link = screen.getByRole('link', { name: 'Ask for a new link' });
    expect(link.getAttribute('href')).toBe('/auth?mode=recover');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('says the link is invalid even for someone already signed in on this device', async () => {
    openedWithHash(EXPIRED_HASH);
    resetFakeAuth(fakeSession());
    renderResetPage();
    expect((await screen.findByRole('alert')).textContent).toBe(LINK_INVALID);
  });

  it('a link opened with no connection says it needs one', async () => {
    openedWithHash(RECOVERY_HASH);
    fakeAuth.initialize.mockResolvedValue({ error: new AuthRetryableFetchError('Failed to fetch', 0) });
    renderResetPage();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Opening a reset link needs an internet connection. Connect and try again.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('opened with no link and nobody signed in: says so and links to /auth', async () => {
    const { router } = renderResetPage();
    expect(await screen.findByRole('heading', { name: 'No reset link opened' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Go to sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('a signed-in user who did not come from a reset link gets no form either', async () => {
    resetFakeAuth(fakeSession());
    renderResetPage();
    expect(await screen.findByRole('heading', { name: 'No reset link opened' })).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
