// Password recovery as Supabase Auth does it, through supabase-js: resetPasswordForEmail mails a
// one-use link (to the local inbox, services/mail), the link signs the user in with type=recovery, and
// updateUser sets the new password.
import { createClient, type Session } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { anonClient, newUser, sql, stack, uniqueEmail } from '../../../../tests/integration/fixtures';

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const APP = 'http://localhost:4173/auth/reset';

async function inbox(address: string): Promise<Mail[]> {
  return (await (await fetch(`${stack().mailUrl}/api/messages?to=${encodeURIComponent(address)}`)).json()) as Mail[];
}

/** The reset link of the newest mail to `address`. */
async function resetLink(address: string) {
  const [mail] = await inbox(address);
  expect(mail?.subject).toBe('Reset your password');
  const link = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail!.text)?.[1];
  expect(link).toBeTruthy();
  return link!;
}

/** Opens a link as a browser would (no API key), and reads where it sends the browser. */
async function follow(link: string) {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location')!);
  return { location, hash: new URLSearchParams(location.hash.slice(1)) };
}

describe('password recovery', () => {
  it('mails a link that signs the user in for recovery, once; the new password then works and the old one not', async () => {
    const { email, password } = await newUser();
    const { error } = await anonClient().auth.resetPasswordForEmail(email, { redirectTo: APP });
    expect(error).toBeNull();
    const link = await resetLink(email);

    const { location, hash } = await follow(link);
    expect(`${location.origin}${location.pathname}`).toBe(APP);
    expect(hash.get('type')).toBe('recovery');
    expect(hash.get('token_type')).toBe('bearer');
    const session = {
      access_token: hash.get('access_token')!,
      refresh_token: hash.get('refresh_token')!,
    } as Session;

    // The app's client with that session sets the new password.
    const app = createClient(stack().apiUrl, stack().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    expect((await app.auth.setSession(session)).error).toBeNull();
    expect((await app.auth.updateUser({ password: 'a-brand-new-password' })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: 'a-brand-new-password' })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password })).error?.code).toBe('invalid_credentials');

    // The same link again: the app is told it is used up, in GoTrue's words.
    const again = await follow(link);
    expect(again.hash.get('error')).toBe('access_denied');
    expect(again.hash.get('error_code')).toBe('otp_expired');
    expect(again.hash.get('error_description')).toBe('Email link is invalid or has expired');
    expect(again.hash.get('access_token')).toBeNull();
  });

  it('a link older than an hour is refused; verifyOtp with the token takes the same rules', async () => {
    const { email } = await newUser();
    await anonClient().auth.resetPasswordForEmail(email, { redirectTo: APP });
    const link = await resetLink(email);
    await sql(`update auth.users set recovery_sent_at = now() - interval '61 minutes' where email = $1`, [email]);
    expect((await follow(link)).hash.get('error_code')).toBe('otp_expired');

    await sql(`update auth.users set recovery_sent_at = null where email = $1`, [email]);
    await anonClient().auth.resetPasswordForEmail(email, { redirectTo: APP });
    const token = new URL(await resetLink(email)).searchParams.get('token')!;
    const otp = await anonClient().auth.verifyOtp({ type: 'recovery', token_hash: token });
    expect(otp.error).toBeNull();
    expect(otp.data.session?.access_token).toBeTruthy();
    const reused = await anonClient().auth.verifyOtp({ type: 'recovery', token_hash: token });
    expect(reused.error?.code).toBe('otp_expired');
  });

  it('answers an unknown address as a known one and sends nothing; a second request within a minute waits', async () => {
    const nobody = uniqueEmail('nobody');
    expect((await anonClient().auth.resetPasswordForEmail(nobody, { redirectTo: APP })).error).toBeNull();
    expect(await inbox(nobody)).toEqual([]);

    const { email } = await newUser();
    expect((await anonClient().auth.resetPasswordForEmail(email, { redirectTo: APP })).error).toBeNull();
    const soon = await anonClient().auth.resetPasswordForEmail(email, { redirectTo: APP });
    expect(soon.error?.status).toBe(429);
    expect(soon.error?.code).toBe('over_email_send_rate_limit');
    expect(await inbox(email)).toHaveLength(1);
  });

  it('an address longer than 255 characters is refused in GoTrue’s words, on recovery, sign-up and change', async () => {
    const long = `${'x'.repeat(250)}@example.test`;
    const recover = await anonClient().auth.resetPasswordForEmail(long, { redirectTo: APP });
    expect(recover.error?.status).toBe(400);
    expect(recover.error?.message).toBe('An email address is too long');
    const signUp = await anonClient().auth.signUp({ email: long, password: 'long-address-1' });
    expect(signUp.error?.message).toBe('An email address is too long');
    const { client } = await newUser();
    expect((await client.auth.updateUser({ email: long })).error?.code).toBe('validation_failed');
  });

  it('a link never sends the browser to a site that is not ours: it falls back to the site URL', async () => {
    const { email } = await newUser();
    await anonClient().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
    const { location } = await follow(await resetLink(email));
    expect(location.origin).toBe('http://localhost:4173');
  });

  it('the inbox page lists the mail', async () => {
    const { email } = await newUser();
    await anonClient().auth.resetPasswordForEmail(email, { redirectTo: APP });
    const page = await (await fetch(`${stack().mailUrl}/?to=${encodeURIComponent(email)}`)).text();
    expect(page).toContain('Reset your password');
    expect(page).toContain(email);
  });
});

describe('email change', () => {
  it('is applied only when both addresses confirm it; meanwhile the user shows new_email', async () => {
    const { client, email, password } = await newUser();
    const next = uniqueEmail('moved');
    const asked = await client.auth.updateUser({ email: next }, { emailRedirectTo: 'http://localhost:4173/account' });
    expect(asked.error).toBeNull();
    expect(asked.data.user?.email).toBe(email);
    expect(asked.data.user?.new_email).toBe(next);

    const [mail] = await inbox(next);
    expect(mail?.subject).toBe('Confirm your new email address');
    const link = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail!.text)![1]!;
    // double_confirm_changes (config.toml): the old address is told, and must agree.
    const [toOld] = await inbox(email);
    expect(toOld?.subject).toBe('Confirm your email address change');
    const oldLink = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(toOld!.text)![1]!;
    // Still the old address until then.
    expect((await anonClient().auth.signInWithPassword({ email, password })).error).toBeNull();

    const one = await follow(oldLink);
    expect(one.hash.get('access_token')).toBeNull();
    expect(one.hash.get('message')).toMatch(/^Confirmation link accepted/);
    const { location, hash } = await follow(link);
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:4173/account');
    expect(hash.get('type')).toBe('email_change');
    expect(hash.get('access_token')).toBeTruthy();
    const moved = await anonClient().auth.signInWithPassword({ email: next, password });
    expect(moved.error).toBeNull();
    expect(moved.data.user?.email).toBe(next);
    expect(moved.data.user?.new_email).toBeUndefined();
    expect((await anonClient().auth.signInWithPassword({ email, password })).error?.code).toBe('invalid_credentials');
    expect((await follow(link)).hash.get('error_code')).toBe('otp_expired');
  });

  it('refuses an address that is not one, or is taken, and changes nothing', async () => {
    const { client, email } = await newUser();
    const other = await newUser();
    const bad = await client.auth.updateUser({ email: 'not-an-address', password: 'never-applied-1' });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe('validation_failed');
    const taken = await client.auth.updateUser({ email: other.email });
    expect(taken.error?.status).toBe(422);
    expect(taken.error?.code).toBe('email_exists');
    const { data } = await client.auth.getUser();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBeUndefined();
    // The refused call's password was not applied either.
    expect((await anonClient().auth.signInWithPassword({ email, password: 'never-applied-1' })).error).not.toBeNull();
  });
});
