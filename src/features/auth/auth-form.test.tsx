// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoute } from '@tanstack/react-router';
import { AuthRetryableFetchError } from '@supabase/supabase-js';
import { toaster } from '../../lib/toast';
import { fakeAuth, fakeSession, resetFakeAuth } from '../../testing/fake-auth';
import { renderRoutes } from '../../testing/render-routes';
import { AuthPage } from './auth-page';
import { authSearchSchema, leaveAuthWhenSignedIn } from './guards';

vi.mock('../../lib/supabase', async () => {
  const { fakeSupabaseModule } = await import('../../testing/fake-auth');
  return fakeSupabaseModule();
});

function renderAuthPage() {
  return renderRoutes(
    '/auth',
    (root) => [
      createRoute({ getParentRoute: () => root, path: '/', component: () => <p>Home</p> }),
      createRoute({
        getParentRoute: () => root,
        path: '/auth',
        validateSearch: authSearchSchema,
        beforeLoad: leaveAuthWhenSignedIn,
        component: AuthPage,
      }),
      createRoute({ getParentRoute: () => root, path: '/dashboard', component: () => <p>Dashboard</p> }),
    ],
    { session: true },
  );
}

async function fillAndSubmit(email: string, password: string, submit = 'Sign In') {
  const user = userEvent.setup();
  const button = await screen.findByRole('button', { name: submit });
  if (email) await user.type(screen.getByLabelText(/Email/), email);
  if (password) await user.type(screen.getByLabelText(/Password/), password);
  await user.click(button);
  return user;
}

beforeEach(() => resetFakeAuth());
afterEach(() => {
  toaster.remove();
  vi.restoreAllMocks();
});

describe('AuthPage and AuthForm', () => {
  it('renders the sign-in form with a required email-type field and a password field', async () => {
    renderAuthPage();
    const email = await screen.findByLabelText(/Email/);
    const password = screen.getByLabelText(/Password/);
    expect(email.getAttribute('type')).toBe('email');
    expect(email.hasAttribute('required')).toBe(true);
    expect(password.getAttribute('type')).toBe('password');
    expect(password.hasAttribute('required')).toBe(true);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('button', { name: "Don't have an account? Sign up" })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Back/ })).toBeTruthy();
  });

  it('toggles between sign-in and sign-up', async () => {
    renderAuthPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Don't have an account? Sign up" }));
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('shows the validation messages and does not call the auth service for an empty form', async () => {
    renderAuthPage();
    await fillAndSubmit('', '');
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText(/Email/).getAttribute('aria-invalid')).toBe('true');
    expect(fakeAuth.signInWithPassword).not.toHaveBeenCalled();
  });

  it('checks a field when it is left, and only that field', async () => {
    renderAuthPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'ada@');
    expect(screen.queryByText('Please enter a valid email address.')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.queryByText('Password is required')).toBeNull();
  });

  it('rejects a malformed email', async () => {
    renderAuthPage();
    await fillAndSubmit('ada@', 'secret');
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(fakeAuth.signInWithPassword).not.toHaveBeenCalled();
  });

  it("shows the provider's message inline and as an error toast when sign-in fails", async () => {
    fakeAuth.signInWithPassword.mockResolvedValue({
      data: { user: null, session: null },
      error: { name: 'AuthApiError', message: 'Invalid login credentials', status: 400 },
    });
    const { router } = renderAuthPage();
    await fillAndSubmit(' ada@example.com ', 'wrong-password');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid login credentials');
    expect(fakeAuth.signInWithPassword).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'wrong-password' });
    // The same message in the toast, which says what failed.
    await waitFor(() => expect(screen.getAllByText('Invalid login credentials')).toHaveLength(2));
    expect(screen.getByText('Could not sign in')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('a sign-in refused as not confirmed offers the link again; sent, it says where; too soon, how long', async () => {
    fakeAuth.signInWithPassword.mockResolvedValue({
      data: { user: null, session: null },
      error: { name: 'AuthApiError', message: 'Email not confirmed', status: 400, code: 'email_not_confirmed' },
    });
    renderAuthPage();
    const user = await fillAndSubmit('new@example.com', 'a-long-password');
    const again = await screen.findByRole('button', { name: 'Send the link again' });

    fakeAuth.resend.mockResolvedValueOnce({ data: {}, error: null });
    await user.click(again);
    const sent = await screen.findByText(
      'A new confirmation link is on its way to new@example.com. Follow it, then sign in here.',
    );
    expect(sent.getAttribute('role')).toBe('status');
    expect(fakeAuth.resend).toHaveBeenCalledWith({ type: 'signup', email: 'new@example.com' });

    fakeAuth.resend.mockResolvedValueOnce({
      data: {},
      error: {
        name: 'AuthApiError',
        message: 'For security purposes, you can only request this after 52 seconds.',
        status: 429,
        code: 'over_email_send_rate_limit',
      },
    });
    await user.click(again);
    expect(await screen.findByText('For security purposes, you can only request this after 52 seconds.')).toBeTruthy();
  });

  it('offers no new link for any other refusal', async () => {
    fakeAuth.signInWithPassword.mockResolvedValue({
      data: { user: null, session: null },
      error: { name: 'AuthApiError', message: 'Invalid login credentials', status: 400, code: 'invalid_credentials' },
    });
    renderAuthPage();
    await fillAndSubmit('ada@example.com', 'wrong-password');
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
  });

  it('signs in, says so, and goes to the dashboard', async () => {
    const session = fakeSession();
    fakeAuth.signInWithPassword.mockImplementation(async () => {
      fakeAuth.emit('SIGNED_IN', session);
      return { data: { user: session.user, session }, error: null };
    });
    const { router } = renderAuthPage();
    await fillAndSubmit('ada@example.com', 'secret');

    expect(await screen.findByText('Signed in successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.getByText('Dashboard')).toBeTruthy();
  });

  it('signs up with the sign-up call and says the account was created', async () => {
    const session = fakeSession('new@example.com');
    fakeAuth.signUp.mockImplementation(async () => {
      fakeAuth.emit('SIGNED_IN', session);
      return { data: { user: session.user, session }, error: null };
    });
    const { router } = renderAuthPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Don't have an account? Sign up" }));
    await fillAndSubmit('new@example.com', 'a-long-password', 'Sign Up');

    expect(fakeAuth.signUp).toHaveBeenCalledWith({ email: 'new@example.com', password: 'a-long-password' });
    expect(fakeAuth.signInWithPassword).not.toHaveBeenCalled();
    expect(await screen.findByText('Account created successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('says plainly that signing in needs a connection when offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderAuthPage();
    await fillAndSubmit('ada@example.com', 'secret');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Signing in needs an internet connection. Connect and try again.');
    expect(fakeAuth.signInWithPassword).not.toHaveBeenCalled();
  });

  it('says the same when the auth service cannot be reached at all, instead of "Failed to fetch"', async () => {
    fakeAuth.signInWithPassword.mockResolvedValue({
      data: { user: null, session: null },
      error: new AuthRetryableFetchError('Failed to fetch', 0),
    });
    renderAuthPage();
    await fillAndSubmit('ada@example.com', 'secret');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Signing in needs an internet connection. Connect and try again.',
    );
    expect(screen.queryByText('Failed to fetch')).toBeNull();
  });

  it('sends a visitor who is already signed in to the dashboard', async () => {
    resetFakeAuth(fakeSession());
    const { router } = renderAuthPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('goes home from Back when there is no history', async () => {
    const { router } = renderAuthPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Back/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('goes back in history from Back when there is somewhere to go back to', async () => {
    const { router } = renderAuthPage();
    await router.navigate({ to: '/' });
    await router.navigate({ to: '/auth' });
    const user = userEvent.setup();
    const main = await screen.findByRole('main');
    await user.click(within(main).getByRole('button', { name: /Back/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.history.canGoBack()).toBe(true);
  });
});
