// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthApiError, AuthRetryableFetchError, type User } from '@supabase/supabase-js';
import { EMAIL_MESSAGE } from '../../lib/limits';
import { toaster } from '../../lib/toast';
import { toastTexts } from '../../testing/toasts';
import { AccountPage } from './account-page';
import { PASSWORDS_DIFFER, SAME_EMAIL } from './account-schema';
import { CURRENT_PASSWORD_WRONG } from './api/change-password';
import { LINK_INVALID, ONE_OF_TWO } from './api/email-change-link';

const auth = vi.hoisted(() => ({ updateUser: vi.fn(), initialize: vi.fn() }));
vi.mock('../../lib/supabase', () => ({ supabase: { auth } }));

const OFFLINE_EMAIL = 'Changing your email address needs an internet connection. Connect and try again.';
const OFFLINE_PASSWORD = 'Changing your password needs an internet connection. Connect and try again.';

function user(fields: Partial<User> = {}): User {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'ada@example.com',
    aud: 'authenticated',
    app_metadata: {},
    user_metadata: {},
    created_at: new Date(0).toISOString(),
    ...fields,
  };
}

const updated = (fields: Partial<User> = {}) => ({ data: { user: user(fields) }, error: null });
const refused = (message: string, status: number, code: string) => ({
  data: { user: null },
  error: new AuthApiError(message, status, code),
});

async function changeEmail(address: string) {
  const u = userEvent.setup();
  await u.type(screen.getByLabelText(/New email address/), address);
  await u.click(screen.getByRole('button', { name: 'Change email' }));
}

async function changePassword(password: string, confirm = password, current = 'the-current-password') {
  const u = userEvent.setup();
  await u.type(screen.getByLabelText(/^Current password/), current);
  await u.type(screen.getByLabelText(/^New password/), password);
  await u.type(screen.getByLabelText(/Confirm new password/), confirm);
  await u.click(screen.getByRole('button', { name: 'Change password' }));
}

beforeEach(() => {
  auth.updateUser.mockReset();
  auth.initialize.mockReset().mockResolvedValue({ error: null });
});
afterEach(() => {
  toaster.remove();
  vi.restoreAllMocks();
});

describe('AccountPage: email', () => {
  it('shows the signed-in address and, while a change waits, the address waiting for confirmation', () => {
    const { rerender } = render(<AccountPage user={user()} />);
    expect(screen.getByTestId('account-email').textContent).toBe('ada@example.com');
    expect(screen.queryByText(/Waiting for confirmation/)).toBeNull();
    rerender(<AccountPage user={user({ new_email: 'lovelace@example.com' })} />);
    expect(screen.getByText('Waiting for confirmation of lovelace@example.com')).toBeTruthy();
  });

  it('labels its fields and bounds them', () => {
    render(<AccountPage user={user()} />);
    // The auth service's bound on an address (GoTrue: 'An email address is too long' above 255).
    expect(screen.getByLabelText(/New email address/).getAttribute('maxlength')).toBe('255');
    expect(screen.getByLabelText(/^New password/).getAttribute('maxlength')).toBe('72');
    expect(screen.getByLabelText(/Confirm new password/).getAttribute('maxlength')).toBe('72');
  });

  it('asks the auth service to mail the new address a link back to /account, and says where to look', async () => {
    auth.updateUser.mockResolvedValue(updated({ new_email: 'lovelace@example.com' }));
    render(<AccountPage user={user()} />);
    await changeEmail(' lovelace@example.com ');

    expect(
      await screen.findByText(
        'Check lovelace@example.com and ada@example.com to confirm the change: each gets a link, and the change needs both',
      ),
    ).toBeTruthy();
    expect(auth.updateUser).toHaveBeenCalledWith(
      { email: 'lovelace@example.com' },
      { emailRedirectTo: `${window.location.origin}/account` },
    );
    expect(screen.getByLabelText<HTMLInputElement>(/New email address/).value).toBe('');
  });

  it('refuses an address of the wrong shape, or the current one, without asking the server', async () => {
    render(<AccountPage user={user()} />);
    await changeEmail('ada@example');
    expect(await screen.findByText(EMAIL_MESSAGE)).toBeTruthy();
    const u = userEvent.setup();
    await u.clear(screen.getByLabelText(/New email address/));
    await u.type(screen.getByLabelText(/New email address/), 'ADA@example.com');
    expect(await screen.findByText(SAME_EMAIL)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Change email' }));
    expect(auth.updateUser).not.toHaveBeenCalled();
  });

  it("shows the server's refusal in words, next to the form and in a toast", async () => {
    auth.updateUser.mockResolvedValue(
      refused('A user with this email address has already been registered', 422, 'email_exists'),
    );
    render(<AccountPage user={user()} />);
    await changeEmail('taken@example.com');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'A user with this email address has already been registered',
    );
    expect(toastTexts()).toEqual([
      'Could not change the email address / A user with this email address has already been registered',
    ]);
    expect(screen.queryByText(/Check taken@example.com/)).toBeNull();
  });

  it('keeps the wait of a mail sent too soon, and says plainly when there were too many requests', async () => {
    auth.updateUser.mockResolvedValueOnce(
      refused('For security purposes, you can only request this after 42 seconds.', 429, 'over_email_send_rate_limit'),
    );
    render(<AccountPage user={user()} />);
    await changeEmail('lovelace@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'For security purposes, you can only request this after 42 seconds.',
    );

    auth.updateUser.mockResolvedValueOnce(refused('Request rate limit reached', 429, 'over_request_rate_limit'));
    // The address stays in the field after a refusal: Change email again.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Change email' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many requests: try again in a few minutes'),
    );
  });

  it('says that it needs a connection when offline, without asking the server', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<AccountPage user={user()} />);
    await changeEmail('lovelace@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe(OFFLINE_EMAIL);
    expect(auth.updateUser).not.toHaveBeenCalled();
  });

  it('says the same when the auth service cannot be reached, instead of "Failed to fetch"', async () => {
    auth.updateUser.mockResolvedValue({
      data: { user: null },
      error: new AuthRetryableFetchError('Failed to fetch', 0),
    });
    render(<AccountPage user={user()} />);
    await changeEmail('lovelace@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe(OFFLINE_EMAIL);
  });

  it('says the address changed when the page was opened by the confirmation link', async () => {
    render(<AccountPage user={user({ email: 'lovelace@example.com' })} link="changed" />);
    expect(screen.getByTestId('account-email').textContent).toBe('lovelace@example.com');
    await waitFor(() => expect(toastTexts()).toEqual(['Email address changed / lovelace@example.com']));
  });

  it('says the first of the two links was accepted and the other is still needed', () => {
    render(<AccountPage user={user({ new_email: 'lovelace@example.com' })} link="one-of-two" />);
    expect(screen.getByText(ONE_OF_TWO)).toBeTruthy();
    expect(screen.getByTestId('account-email').textContent).toBe('ada@example.com');
    expect(toastTexts()).toEqual([]);
  });

  it('says why when the link was used or has expired', () => {
    render(<AccountPage user={user()} link="link-invalid" />);
    expect(screen.getByRole('alert').textContent).toBe(LINK_INVALID);
    expect(toastTexts()).toEqual([]);
  });
});

describe('AccountPage: password', () => {
  it('sets the new password and says the other devices are signed out', async () => {
    auth.updateUser.mockResolvedValue(updated());
    render(<AccountPage user={user()} />);
    await changePassword('a-new-password');

    await waitFor(() => expect(toastTexts()).toEqual(['Password updated / Signed out on your other devices']));
    expect(auth.updateUser).toHaveBeenCalledWith({
      password: 'a-new-password',
      current_password: 'the-current-password',
    });
    expect(screen.getByLabelText<HTMLInputElement>(/^New password/).value).toBe('');
  });

  it('refuses a short password, one over 72 bytes, or two that differ, without asking the server', async () => {
    render(<AccountPage user={user()} />);
    await changePassword('short');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();

    const u = userEvent.setup();
    const password = screen.getByLabelText(/^New password/);
    await u.clear(password);
    // 36 characters, 72 bytes, and one more accented letter: 74 bytes.
    await u.type(password, 'é'.repeat(37));
    expect(await screen.findByText(/Password is too long: at most 72 bytes/)).toBeTruthy();

    await u.clear(password);
    await u.type(password, 'a-new-password');
    await u.clear(screen.getByLabelText(/Confirm new password/));
    await u.type(screen.getByLabelText(/Confirm new password/), 'another-password');
    expect(await screen.findByText(PASSWORDS_DIFFER)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(auth.updateUser).not.toHaveBeenCalled();
  });

  it("shows the server's refusal in words (the same password)", async () => {
    auth.updateUser.mockResolvedValue(
      refused('New password should be different from the old password.', 422, 'same_password'),
    );
    render(<AccountPage user={user()} />);
    await changePassword('the-old-password');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'New password should be different from the old password.',
    );
    expect(toastTexts()).toEqual([
      'Could not change the password / New password should be different from the old password.',
    ]);
  });

  it('asks for the current password, and says so when the server finds it wrong', async () => {
    render(<AccountPage user={user()} />);
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/^New password/), 'a-new-password');
    await u.type(screen.getByLabelText(/Confirm new password/), 'a-new-password');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Enter your current password')).toBeTruthy();
    expect(auth.updateUser).not.toHaveBeenCalled();

    auth.updateUser.mockResolvedValue(
      refused('Current password required when setting new password.', 400, 'current_password_mismatch'),
    );
    await u.type(screen.getByLabelText(/^Current password/), 'a-wrong-guess');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CURRENT_PASSWORD_WRONG);
  });

  it('says that it needs a connection when offline, without asking the server', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<AccountPage user={user()} />);
    await changePassword('a-new-password');
    expect((await screen.findByRole('alert')).textContent).toBe(OFFLINE_PASSWORD);
    expect(auth.updateUser).not.toHaveBeenCalled();
  });
});
