// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthImplicitGrantRedirectError } from '@supabase/supabase-js';
import { openedWith, openEmailChangeLink } from './email-change-link';

const auth = vi.hoisted(() => ({ initialize: vi.fn() }));
vi.mock('../../../lib/supabase', () => ({ supabase: { auth } }));

beforeEach(() => {
  auth.initialize.mockReset().mockResolvedValue({ error: null });
  openedWith('/account', '');
});

describe('openEmailChangeLink', () => {
  it('says nothing for a page opened without a link', async () => {
    expect(await openEmailChangeLink()).toBeNull();
  });

  it('says the address changed once the client has taken in the link, and only once', async () => {
    openedWith('/account', '#access_token=a&refresh_token=r&expires_in=3600&token_type=bearer&type=email_change');
    expect(await openEmailChangeLink()).toBe('changed');
    expect(auth.initialize).toHaveBeenCalled();
    expect(await openEmailChangeLink()).toBeNull();
  });

  it('says the link is invalid for an expired or used one, and takes the error out of the address', async () => {
    window.history.replaceState(null, '', '/account#error=access_denied&error_code=otp_expired');
    openedWith('/account', window.location.hash);
    auth.initialize.mockResolvedValue({
      error: new AuthImplicitGrantRedirectError('Email link is invalid or has expired', {
        error: 'access_denied',
        code: 'otp_expired',
      }),
    });
    expect(await openEmailChangeLink()).toBe('link-invalid');
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/account');
  });

  it('says the link is invalid when the server refused its tokens', async () => {
    openedWith('/account', '#access_token=a&refresh_token=r&expires_in=3600&token_type=bearer&type=email_change');
    auth.initialize.mockResolvedValue({ error: new AuthImplicitGrantRedirectError('No session defined in URL') });
    expect(await openEmailChangeLink()).toBe('link-invalid');
  });

  it('says the first of the two links was accepted, and takes its message out of the address', async () => {
    const hash = `#${new URLSearchParams({ message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email', sb: '' }).toString()}`;
    window.history.replaceState(null, '', `/account${hash}`);
    openedWith('/account', hash);
    expect(await openEmailChangeLink()).toBe('one-of-two');
    expect(window.location.hash).toBe('');
    expect(await openEmailChangeLink()).toBeNull();
  });

  it("leaves another page's link alone (a reset link's error at /auth/reset)", async () => {
    openedWith('/auth/reset', '#error=access_denied&error_code=otp_expired');
    expect(await openEmailChangeLink()).toBeNull();
    expect(auth.initialize).not.toHaveBeenCalled();
  });

  it('leaves other links to their own pages', async () => {
    openedWith('/account', '#access_token=a&refresh_token=r&expires_in=3600&token_type=bearer&type=recovery');
    expect(await openEmailChangeLink()).toBeNull();
  });
});
