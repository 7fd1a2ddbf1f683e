// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoute } from '@tanstack/react-router';
import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { toaster } from '../../lib/toast';
import { fakeAuth, resetFakeAuth } from '../../testing/fake-auth';
import { renderRoutes } from '../../testing/render-routes';
import { toastTexts } from '../../testing/toasts';
import { AuthPage } from './auth-page';
import { authSearchSchema, leaveAuthWhenSignedIn } from './guards';

vi.mock('../../lib/supabase', async () => {
  const { fakeSupabaseModule } = await import('../../testing/fake-auth');
  return fakeSupabaseModule();
});

function renderAuthPage(path = '/auth') {
  return renderRoutes(
    path,
    (root) => {
      const auth = createRoute({
        getParentRoute: () => root,
        path: '/auth',
        validateSearch: authSearchSchema,
        beforeLoad: leaveAuthWhenSignedIn,
        component: () => <AuthPage initialView={auth.useSearch().mode} />,
      });
      return [auth];
    },
    { session: true },
  );
}

async function openRecoverForm(user = userEvent.setup()) {
  await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
  await screen.findByRole('heading', { name: 'Reset your password' });
  return user;
}

beforeEach(() => resetFakeAuth());
afterEach(() => {
  toaster.remove();
  vi.restoreAllMocks();
});

describe("'Forgot password?' on /auth", () => {
  it('is offered when signing in, not when signing up', async () => {
    renderAuthPage();
    expect(await screen.findByRole('button', { name: 'Forgot password?' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(screen.queryByRole('button', { name: 'Forgot password?' })).toBeNull();
  });

  it('opens the recover form with the email typed so far, and goes back to sign in', async () => {
    renderAuthPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), ' ada@example.com');
    await openRecoverForm(user);
    expect(screen.getByLabelText<HTMLInputElement>(/Email/).value).toBe('ada@example.com');
    expect(document.activeElement).toBe(screen.getByLabelText(/Email/));
    expect(screen.queryByLabelText(/Password/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sign in to Chloe' })).toBeTruthy();
  });

  it('opens on the recover form from /auth?mode=recover (where an expired link sends people)', async () => {
    renderAuthPage('/auth?mode=recover');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });

  it('checks the email as sign-in does and sends nothing until it is valid', async () => {
    renderAuthPage();
    const user = await openRecoverForm();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/Email/), 'ada@');
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(fakeAuth.resetPasswordForEmail).not.toHaveBeenCalled();
  });

  it('stops an address at the auth service’s 255 characters and says so, so a 10,000-character paste is never sent', async () => {
    renderAuthPage();
    const user = await openRecoverForm();
    const email = screen.getByLabelText(/Email/);
    await user.click(email);
    await user.paste(`${'x'.repeat(10_000)}@example.test`);
    expect((email as HTMLInputElement).value).toHaveLength(255);
    expect(await screen.findByText('At most 255 characters')).toBeTruthy();
  });

  it('asks for a link to /auth/reset and says to check the email, on screen and as a toast', async () => {
    fakeAuth.resetPasswordForEmail.mockResolvedValue({ data: {}, error: null });
    renderAuthPage();
    const user = await openRecoverForm();
    await user.type(screen.getByLabelText(/Email/), ' ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    // On the card (a status region; the toast is another), and as a toast.
    const status = (await screen.findByText(/If ada@example.com has an account/)).closest('[role="status"]')!;
    expect(status.textContent).toContain('Check your email for a reset link');
    expect(status.textContent).toContain('If ada@example.com has an account');
    expect(fakeAuth.resetPasswordForEmail).toHaveBeenCalledWith('ada@example.com', {
      redirectTo: `${window.location.origin}/auth/reset`,
    });
    expect(toastTexts()).toContain('Check your email for a reset link / undefined');

    // Another link, or back to signing in.
    await user.click(screen.getByRole('button', { name: 'Send another link' }));
    expect(screen.getByLabelText<HTMLInputElement>(/Email/).value).toBe('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('says in words that there were too many requests (429 over_request_rate_limit)', async () => {
    fakeAuth.resetPasswordForEmail.mockResolvedValue({
      data: null,
      error: new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit'),
    });
    renderAuthPage();
    const user = await openRecoverForm();
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests: try again in a few minutes');
    await waitFor(() =>
      expect(toastTexts()).toContain('Could not send a reset link / Too many requests: try again in a few minutes'),
    );
    expect(screen.queryByText('Check your email for a reset link')).toBeNull();
  });

  it('one mail a minute per account: the wait the auth service names, not the general words', async () => {
    fakeAuth.resetPasswordForEmail.mockResolvedValue({
      data: null,
      error: new AuthApiError(
        'For security purposes, you can only request this after 42 seconds.',
        429,
        'over_email_send_rate_limit',
      ),
    });
    renderAuthPage();
    const user = await openRecoverForm();
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'For security purposes, you can only request this after 42 seconds.',
    );
  });

  it("shows the provider's message for other refusals", async () => {
    fakeAuth.resetPasswordForEmail.mockResolvedValue({
      data: null,
      error: new AuthApiError('Unable to validate email address: invalid format', 400, 'validation_failed'),
    });
    renderAuthPage();
    const user = await openRecoverForm();
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to validate email address: invalid format');
  });

  it('says it needs a connection when offline, without calling the auth service', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderAuthPage();
    const user = await openRecoverForm();
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sending a reset link needs an internet connection. Connect and try again.',
    );
    expect(fakeAuth.resetPasswordForEmail).not.toHaveBeenCalled();
  });

  it('says the same when the auth service cannot be reached at all', async () => {
    fakeAuth.resetPasswordForEmail.mockResolvedValue({
      data: null,
      error: new AuthRetryableFetchError('Failed to fetch', 0),
    });
    renderAuthPage();
    const user = await openRecoverForm();
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sending a reset link needs an internet connection. Connect and try again.',
    );
  });
});
