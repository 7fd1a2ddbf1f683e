// Sign-up confirmation ([auth.email] enable_confirmations = true), on a stack of its own: no
// session until the link mailed to the local inbox is followed, as in Supabase Auth.
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ownStack } from '../../../../tests/stack-fixture';

const own = ownStack({ confirmSignups: true }, { beforeAll, afterAll });

const client = () =>
  createClient(own.stack!.info.apiUrl, own.stack!.info.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });

describe('sign-up with confirmation', () => {
  it('mails a confirmation link; no session and no sign-in until it is followed', async () => {
    const email = `confirm-${randomUUID().slice(0, 8)}@example.test`;
    const password = 'confirm-password';
    const signUp = await client().auth.signUp({
      email,
      password,
      options: { emailRedirectTo: 'http://localhost:4173/dashboard' },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email).toBe(email);
    expect((await client().auth.signInWithPassword({ email, password })).error?.code).toBe('email_not_confirmed');

    const mails = (await (await fetch(`${own.stack!.info.mailUrl}/api/messages?to=${email}`)).json()) as {
      subject: string;
      text: string;
    }[];
    expect(mails.map((m) => m.subject)).toEqual(['Confirm your signup']);
    const link = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mails[0]!.text)![1]!;
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:4173/dashboard');
    const hash = new URLSearchParams(location.hash.slice(1));
    expect(hash.get('type')).toBe('signup');
    expect(hash.get('access_token')).toBeTruthy();
    expect((await client().auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  it('a sign-up for an address with an account answers as one without: no error, no mail, nothing changed', async () => {
    const email = `confirm-${randomUUID().slice(0, 8)}@example.test`;
    const password = 'confirm-password';
    const first = await client().auth.signUp({ email, password });
    const mailsTo = async () =>
      ((await (await fetch(`${own.stack!.info.mailUrl}/api/messages?to=${email}`)).json()) as { text: string }[])
        .length;
    const mails = (await (await fetch(`${own.stack!.info.mailUrl}/api/messages?to=${email}`)).json()) as {
      text: string;
    }[];
    await fetch(/(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mails[0]!.text)![1]!, { redirect: 'manual' });

    const again = await client().auth.signUp({ email, password: 'another-password' });
    const fresh = await client().auth.signUp({ email: `confirm-${randomUUID().slice(0, 8)}@example.test`, password });
    // The same shape as a new address gets: a user, no session, no error.
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(Object.keys(again.data.user!).sort()).toEqual(Object.keys(fresh.data.user!).sort());
    expect(again.data.user?.id).not.toBe(first.data.user?.id);
    expect(again.data.user?.identities).toEqual([]);
    // The owner's account is as it was: their password, and one mail only.
    expect(await mailsTo()).toBe(1);
    expect((await client().auth.signInWithPassword({ email, password })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'another-password' })).error?.code).toBe(
      'invalid_credentials',
    );
  });

  it('a sign-up again before the link was followed mails the link again (once a minute)', async () => {
    const email = `confirm-${randomUUID().slice(0, 8)}@example.test`;
    await client().auth.signUp({ email, password: 'confirm-password' });
    const soon = await client().auth.signUp({ email, password: 'confirm-password' });
    expect(soon.error?.code).toBe('over_email_send_rate_limit');
  });

  it('resend (supabase-js auth.resend) mails a new link to an unconfirmed address, once a minute, and tells nothing', async () => {
    const email = `confirm-${randomUUID().slice(0, 8)}@example.test`;
    const password = 'confirm-password';
    await client().auth.signUp({ email, password });
    const mails = async () =>
      (await (await fetch(`${own.stack!.info.mailUrl}/api/messages?to=${email}`)).json()) as { text: string }[];
    const linkIn = (mail: { text: string }) => /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.text)![1]!;

    const first = linkIn((await mails())[0]!);
    // Within the minute after the first mail: the 429 GoTrue gives.
    expect((await client().auth.resend({ type: 'signup', email })).error?.code).toBe('over_email_send_rate_limit');
    const db = new pg.Client({ connectionString: own.stack!.info.dbUrl });
    await db.connect();
    try {
      await db.query(`update auth.users set confirmation_sent_at = now() - interval '61 seconds' where email = $1`, [
        email,
      ]);
    } finally {
      await db.end();
    }
    const again = await client().auth.resend({ type: 'signup', email });
    expect(again.error).toBeNull();
    const sent = (await mails()).map(linkIn);
    expect(sent).toHaveLength(2);
    const second = sent.find((link) => link !== first)!;
    // The new link confirms; the first no longer does.
    expect((await fetch(first, { redirect: 'manual' })).headers.get('location')).toMatch(/error_code=otp_expired/);
    expect((await fetch(second, { redirect: 'manual' })).headers.get('location')).toMatch(/access_token=/);
    expect((await client().auth.signInWithPassword({ email, password })).error).toBeNull();

    // A confirmed address and one with no account answer alike, and nothing is mailed.
    for (const address of [email, `nobody-${randomUUID().slice(0, 8)}@example.test`]) {
      expect((await client().auth.resend({ type: 'signup', email: address })).error).toBeNull();
    }
    expect(await mails()).toHaveLength(2);
    expect((await client().auth.resend({ type: 'sms', phone: '+447700900123' })).error?.code).toBe(
      'phone_provider_disabled',
    );
  });
});
