// The browser extension's own session (ADR 031, superseding ADR 011's way of making it): signed in
// with the user's password by /extension-auth, never minted from an access token. A stolen access
// token stays a one-hour token: it cannot become a session that sets a new password.
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, deleteUsers, newUser, serviceClient, stack } from '../fixtures';

const created: string[] = [];
afterAll(() => deleteUsers(created));

async function user() {
  const u = await newUser();
  created.push(u.user.id);
  return u;
}

/** POST extension-session, as an app build from before (or someone holding a stolen token) calls it. */
async function extensionSession(token: string) {
  const s = stack();
  const res = await fetch(`${s.apiUrl}/functions/v1/extension-session`, {
    method: 'POST',
    headers: { apikey: s.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const setPassword = (accessToken: string, body: Record<string, string>) =>
  fetch(`${stack().apiUrl}/auth/v1/user`, {
    method: 'PUT',
    headers: { apikey: stack().anonKey, authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the extension’s session', () => {
  it('a stolen access token gets no session of its own, and cannot set a new password', async () => {
    const u = await user();
    const reply = await extensionSession(u.session.access_token);
    expect(reply.status).toBe(410);
    expect(reply.body).toMatchObject({ code: 'extension_session_retired' });
    expect(reply.body['session']).toBeUndefined();
    // The token itself cannot change the password without the current one.
    const put = await setPassword(u.session.access_token, { password: 'attacker-pass-1' });
    expect(put.status).toBe(400);
    expect(((await put.json()) as { error_code?: string }).error_code).toBe('current_password_required');
    expect((await anonClient().auth.signInWithPassword({ email: u.email, password: u.password })).error).toBeNull();
  });

  it('the password session /extension-auth makes: the extension’s own, and it cannot set a new password without the current one', async () => {
    const u = await user();
    const extension = anonClient();
    const { data, error } = await extension.auth.signInWithPassword({ email: u.email, password: u.password });
    expect(error).toBeNull();
    const session = data.session!;
    expect(decodeJwt(session.access_token).amr).toEqual([expect.objectContaining({ method: 'password' })]);
    expect(decodeJwt(session.access_token).session_id).not.toBe(decodeJwt(u.session.access_token).session_id);
    expect((await setPassword(session.access_token, { password: 'attacker-pass-1' })).status).toBe(400);

    // The two refresh apart, and signing the extension out leaves the app signed in.
    expect((await extension.auth.refreshSession()).error).toBeNull();
    expect((await extension.auth.refreshSession()).error).toBeNull();
    expect((await u.client.auth.refreshSession()).error).toBeNull();
    expect((await extension.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await u.client.auth.getUser()).data.user?.id).toBe(u.user.id);
    expect((await u.client.auth.refreshSession()).error).toBeNull();
  });
});

describe('the admin API’s magic link (local auth, as GoTrue)', () => {
  it('service role only; magiclink only; for an existing user; its token signs in once', async () => {
    const u = await user();
    const refused = await anonClient().auth.admin.generateLink({ type: 'magiclink', email: u.email });
    expect(refused.error?.status).toBe(403);
    const admin = serviceClient().auth.admin;
    expect((await admin.generateLink({ type: 'magiclink', email: 'nobody-here@example.test' })).error?.status).toBe(
      404,
    );
    const signup = await admin.generateLink({ type: 'signup', email: u.email, password: 'x-password-1' });
    expect(signup.error?.status).toBe(400);

    const link = await admin.generateLink({ type: 'magiclink', email: u.email });
    expect(link.error).toBeNull();
    expect(link.data.user?.id).toBe(u.user.id);
    expect(link.data.properties).toMatchObject({ verification_type: 'magiclink' });
    expect(link.data.properties?.action_link).toContain('/auth/v1/verify?');
    const tokenHash = link.data.properties!.hashed_token;
    const first = await anonClient().auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
    expect(first.error).toBeNull();
    expect(first.data.session?.user.id).toBe(u.user.id);
    const again = await anonClient().auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
    expect(again.error?.code).toBe('otp_expired');
  });
});
