// What a stolen session or a crafted link must not do, against the
// local auth as the stack runs it: a reset link never hands the session to another site; an email
// change needs both addresses; a new password needs the current one (or, with
// secure_password_change, a reauthentication code on an old session).
import { createClient, type Session } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { anonClient, newUser, sql, stack, uniqueEmail } from '../../../../tests/integration/fixtures';
import { createAuthService } from './index.mjs';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

const SITE = 'http://localhost:4173';

async function inbox(address: string): Promise<Mail[]> {
  return (await (await fetch(`${stack().mailUrl}/api/messages?to=${encodeURIComponent(address)}`)).json()) as Mail[];
}

const linkIn = (mail: Mail | undefined) => /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail?.text ?? '')?.[1] ?? '';

async function follow(link: string) {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location')!);
  return { location, hash: new URLSearchParams(location.hash.slice(1)) };
}

const appClient = (session: Session) => {
  const app = createClient(stack().apiUrl, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  return { app, ready: app.auth.setSession(session) };
};

describe('reset and confirmation links', () => {
  it('the takeover request: a redirect_to that starts with the site origin but names another host', async () => {
    const { email } = await newUser();
    const evil = 'http://localhost:4173@evil.example/steal';
    const res = await fetch(`${stack().apiUrl}/auth/v1/recover?redirect_to=${encodeURIComponent(evil)}`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(200);
    const link = linkIn((await inbox(email))[0]);
    expect(new URL(link).searchParams.get('redirect_to')).toBe(SITE);
    const { location, hash } = await follow(link);
    expect(location.host).toBe('localhost:4173');
    expect(location.username).toBe('');
    expect(hash.get('access_token')).toBeTruthy(); // the session goes to our site only

    // The link edited to point elsewhere: /verify checks again.
    const edited = new URL(link);
    edited.searchParams.set('redirect_to', evil);
    const again = await follow(edited.href);
    expect(again.location.host).toBe('localhost:4173');
  });

  it('a bad token is not an open redirect, and other hosts and lookalikes fall back to the site', async () => {
    for (const target of [
      'https://evil.example/steal',
      'http://localhost:4173@evil.example/',
      'http://localhost.evil.example:4173/',
      'http://2130706433:4173/',
    ]) {
      const url = `${stack().apiUrl}/auth/v1/verify?token=nope&type=recovery&redirect_to=${encodeURIComponent(target)}`;
      const { location, hash } = await follow(url);
      expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/`);
      expect(hash.get('error_code')).toBe('otp_expired');
    }
  });

  it('a sign-up confirmation and an email change keep to the same rule', async () => {
    const { client } = await newUser();
    const next = uniqueEmail('moved');
    await client.auth.updateUser({ email: next }, { emailRedirectTo: 'http://localhost:4173@evil.example/' });
    expect(new URL(linkIn((await inbox(next))[0])).searchParams.get('redirect_to')).toBe(SITE);
  });
});

describe('a secure email change (double_confirm_changes)', () => {
  it('mails both addresses; one link is not enough; the second applies it', async () => {
    const { client, email, password } = await newUser();
    const next = uniqueEmail('moved');
    expect((await client.auth.updateUser({ email: next }, { emailRedirectTo: `${SITE}/account` })).error).toBeNull();
    const toNew = (await inbox(next))[0];
    const toOld = (await inbox(email))[0];
    expect(toNew?.subject).toBe('Confirm your new email address');
    expect(toOld?.subject).toBe('Confirm your email address change');
    expect(toOld?.text).toContain(next);

    // A stolen session follows the new address's link: the account does not move.
    const first = await follow(linkIn(toNew));
    expect(first.hash.get('message')).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    );
    expect(first.hash.get('access_token')).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password })).error).toBeNull();
    expect((await follow(linkIn(toNew))).hash.get('error_code')).toBe('otp_expired'); // used once

    // The owner agrees from the old address: now it moves.
    const second = await follow(linkIn(toOld));
    expect(second.hash.get('type')).toBe('email_change');
    expect(second.hash.get('access_token')).toBeTruthy();
    expect((await anonClient().auth.signInWithPassword({ email: next, password })).error).toBeNull();
  });

  it('verifyOtp with the tokens answers the first with the message, the second with a session', async () => {
    const { client, email } = await newUser();
    const next = uniqueEmail('moved');
    await client.auth.updateUser({ email: next });
    const tokenOf = (mail: Mail | undefined) => new URL(linkIn(mail)).searchParams.get('token')!;
    const first = await fetch(`${stack().apiUrl}/auth/v1/verify`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'email_change', token_hash: tokenOf((await inbox(email))[0]) }),
    });
    expect(await first.json()).toEqual({
      msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      code: '200',
    });
    const second = await anonClient().auth.verifyOtp({
      type: 'email_change',
      token_hash: tokenOf((await inbox(next))[0]),
    });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(next);
  });
});

describe('a new password', () => {
  it('needs the current password on a signed-in session, checked by the server', async () => {
    const { client, email, password } = await newUser();
    const none = await client.auth.updateUser({ password: 'taken-over-1' });
    expect(none.error?.code).toBe('current_password_required');
    const wrong = await client.auth.updateUser({ password: 'taken-over-1', current_password: 'a-guess' });
    expect(wrong.error?.code).toBe('current_password_mismatch');
    expect((await anonClient().auth.signInWithPassword({ email, password: 'taken-over-1' })).error).not.toBeNull();
    const right = await client.auth.updateUser({ password: 'changed-by-owner-1', current_password: password });
    expect(right.error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: 'changed-by-owner-1' })).error).toBeNull();
  });

  it('a reset link’s session sets one without the current password, through a refresh too', async () => {
    const { email } = await newUser();
    await anonClient().auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/auth/reset` });
    const { hash } = await follow(linkIn((await inbox(email))[0]));
    const { app, ready } = appClient({
      access_token: hash.get('access_token')!,
      refresh_token: hash.get('refresh_token')!,
    } as Session);
    expect((await ready).error).toBeNull();
    expect((await app.auth.refreshSession()).error).toBeNull();
    expect((await app.auth.updateUser({ password: 'reset-by-link-1' })).error).toBeNull();
  });
});

describe('reauthentication (secure_password_change)', () => {
  const pool = new pg.Pool({ connectionString: stack().dbUrl, max: 2 });
  afterAll(() => pool.end());
  const mails: { to: string; text: string }[] = [];
  const auth = createAuthService({
    pool,
    jwtSecret: stack().jwtSecret,
    issuer: `${stack().apiUrl}/auth/v1`,
    securePasswordChange: true,
    mailbox: { send: (mail) => mails.push(mail) },
  });
  const put = (token: string, body: object) =>
    auth.handle({
      method: 'PUT',
      path: '/user',
      search: new URLSearchParams(),
      headers: { authorization: `Bearer ${token}` },
      body,
    });

  it('a session older than a day needs the mailed code; a wrong or used code is refused', async () => {
    const { client, email, password } = await newUser();
    const token = (await client.auth.getSession()).data.session!.access_token;
    // A fresh session changes it without a code.
    expect((await put(token, { password: 'fresh-session-1', current_password: password })).status).toBe(200);
    await sql(
      `update auth.sessions set created_at = now() - interval '25 hours' where user_id = (select id from auth.users where email = $1)`,
      [email],
    );

    const needed = await put(token, { password: 'old-session-2', current_password: 'fresh-session-1' });
    expect(needed).toMatchObject({ status: 400, body: { error_code: 'reauthentication_needed' } });
    const asked = await auth.handle({
      method: 'GET',
      path: '/reauthenticate',
      search: new URLSearchParams(),
      headers: { authorization: `Bearer ${token}` },
      body: null,
    });
    expect(asked.status).toBe(200);
    const code = /(\d{6})/.exec(mails.findLast((m) => m.to === email)?.text ?? '')?.[1];
    expect(code).toBeTruthy();
    const bad = await put(token, {
      password: 'old-session-2',
      current_password: 'fresh-session-1',
      nonce: '000000' === code ? '111111' : '000000',
    });
    expect(bad).toMatchObject({ status: 422, body: { error_code: 'reauthentication_not_valid' } });
    const ok = await put(token, { password: 'old-session-2', current_password: 'fresh-session-1', nonce: code });
    expect(ok.status).toBe(200);
    const reused = await put(token, { password: 'old-session-3', current_password: 'old-session-2', nonce: code });
    expect(reused).toMatchObject({ status: 422, body: { error_code: 'reauthentication_not_valid' } });
  });
});
