// The browser extension's own session (ADR 011): the extension-session function under real Deno,
// and the admin API's magic link it is made with (the local auth service answers as GoTrue does).
// The point: the extension never holds the app's session, so the two refresh apart and signing one
// out leaves the other signed in.
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

/** POST extension-session as /extension-auth calls it. */
async function extensionSession(token: string | null) {
  const s = stack();
  const res = await fetch(`${s.apiUrl}/functions/v1/extension-session`, {
    method: 'POST',
    headers: { apikey: s.anonKey, authorization: `Bearer ${token ?? s.anonKey}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

type Session = { access_token: string; refresh_token: string; expires_at: number; user: { id: string; email: string } };

describe('extension-session', () => {
  it('gives the signed-in user a session of its own: its tokens, not the app’s', async () => {
    const u = await user();
    const reply = await extensionSession(u.session.access_token);
    expect(reply.status).toBe(200);
    const session = reply.body.session as Session;
    expect(session.user).toMatchObject({ id: u.user.id, email: u.email });
    expect(session.refresh_token).not.toBe(u.session.refresh_token);
    expect(decodeJwt(session.access_token).sub).toBe(u.user.id);
    expect(decodeJwt(session.access_token).session_id).not.toBe(decodeJwt(u.session.access_token).session_id);
    expect(session.expires_at * 1000).toBeGreaterThan(Date.now());
  });

  it('the two refresh apart, and signing the extension out leaves the app signed in', async () => {
    const u = await user();
    const session = (await extensionSession(u.session.access_token)).body.session as Session;
    const extension = anonClient();
    await extension.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    // The extension refreshes (twice) …
    expect((await extension.auth.refreshSession()).error).toBeNull();
    expect((await extension.auth.refreshSession()).error).toBeNull();
    // … and the app's own refresh token is still good.
    const app = await u.client.auth.refreshSession();
    expect(app.error).toBeNull();
    // The extension signs out of its own session only.
    expect((await extension.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await u.client.auth.getUser()).data.user?.id).toBe(u.user.id);
    expect((await u.client.auth.refreshSession()).error).toBeNull();
  });

  it('needs a signed-in user', async () => {
    expect((await extensionSession(null)).status).toBe(401);
    expect((await extensionSession(stack().serviceRoleKey)).status).toBe(401);
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
