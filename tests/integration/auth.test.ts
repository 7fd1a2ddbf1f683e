import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { authConfig } from '../../supabase/local/index.mjs';
import { anonClient, deleteUsers, newUser, serviceClient, sql, stack, uniqueEmail } from './fixtures';

/** The refresh token was rotated away longer ago than the reuse interval (10 s) allows. */
const pastReuseInterval = (token: string) =>
  sql(`update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1`, [token]);

// The local auth service, driven through the real @supabase/supabase-js client.
describe('auth service', () => {
  it('signs up with a session, hashes the password with bcrypt and stores the user', async () => {
    const email = uniqueEmail('signup');
    const { data, error } = await anonClient().auth.signUp({ email, password: 'correct horse' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.session?.access_token).toMatch(/^ey/);
    expect(data.session?.refresh_token).toBeTruthy();
    const [row] = await sql<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where email = $1',
      [email],
    );
    expect(row?.encrypted_password).toMatch(/^\$2[aby]\$10\$/);
    expect(row?.encrypted_password).not.toContain('correct horse');
  });

  it('refuses a second sign-up for the same address with the provider message', async () => {
    const { email } = await newUser();
    const { error } = await anonClient().auth.signUp({ email, password: 'another-password' });
    expect(error?.message).toBe('User already registered');
    expect(error?.status).toBe(422);
  });

  it('refuses a short password and an invalid address', async () => {
    const short = await anonClient().auth.signUp({ email: uniqueEmail(), password: '123' });
    expect(short.error?.message).toBe('Password should be at least 6 characters.');
    const bad = await anonClient().auth.signUp({ email: 'not-an-email', password: 'long-enough' });
    expect(bad.error?.message).toBe('Unable to validate email address: invalid format');
  });

  it('signs in with the password grant', async () => {
    const { email, password, user } = await newUser();
    const c = anonClient();
    const { data, error } = await c.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.session?.user.email).toBe(email);
  });

  it('gives the provider message for a wrong password and an unknown address', async () => {
    const { email } = await newUser();
    const wrong = await anonClient().auth.signInWithPassword({ email, password: 'wrong-password' });
    expect(wrong.error?.message).toBe('Invalid login credentials');
    expect(wrong.error?.status).toBe(400);
    expect(wrong.data.session).toBeNull();
    const unknown = await anonClient().auth.signInWithPassword({ email: uniqueEmail('nobody'), password: 'whatever1' });
    expect(unknown.error?.message).toBe('Invalid login credentials');
  });

  it('access tokens carry the claims PostgREST and RLS read', async () => {
    const { session, user } = await newUser();
    const [, payload] = session.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: user.id, role: 'authenticated', aud: 'authenticated', email: user.email });
    expect(typeof claims.session_id).toBe('string');
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('gets the user for a valid token', async () => {
    const { client, user } = await newUser();
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.user?.email).toBe(user.email);
  });

  it('refreshes with rotation: the new token works; the used one, sent after the reuse interval, is refused', async () => {
    const { client, session } = await newUser();
    const used = session.refresh_token;
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.refresh_token).not.toBe(used);
    expect(data.session?.access_token).not.toBe(session.access_token);

    await pastReuseInterval(used);
    const replay = await anonClient().auth.refreshSession({ refresh_token: used });
    expect(replay.error?.message).toBe('Invalid Refresh Token: Already Used');
    expect(replay.error?.code).toBe('refresh_token_already_used');
    expect(replay.data.session).toBeNull();
  });

  it('a replayed refresh token (after the reuse interval) ends that session', async () => {
    const { client, session } = await newUser();
    const { data } = await client.auth.refreshSession();
    await pastReuseInterval(session.refresh_token);
    await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    const next = await anonClient().auth.refreshSession({ refresh_token: data.session?.refresh_token ?? '' });
    expect(next.error?.message).toMatch(/Invalid Refresh Token/);
  });

  it('a refresh whose answer was lost: the client sends the same token again and keeps its session (reuse interval)', async () => {
    const { session } = await newUser();
    let dropped = 0;
    // A tablet on patchy data: the server rotates, the answer never arrives.
    const lossy = createClient(stack().apiUrl, stack().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      global: {
        fetch: async (input, init) => {
          const res = await fetch(input, init);
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          if (url.includes('grant_type=refresh_token') && dropped === 0) {
            dropped += 1;
            throw new TypeError('fetch failed'); // the answer is lost after the server acted
          }
          return res;
        },
      },
    });
    const first = await lossy.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(dropped).toBe(1);
    // auth-js retried with the same token: the server answered with the session's current token.
    expect(first.error).toBeNull();
    const current = first.data.session!;
    expect(current.refresh_token).not.toBe(session.refresh_token);
    const [rows] = await sql<{ tokens: string[] }>(
      `select array_agg(token order by id) as tokens from auth.refresh_tokens
        where user_id = (select id from auth.users where email = $1)`,
      [session.user.email],
    );
    expect(rows!.tokens).toEqual([session.refresh_token, current.refresh_token]); // one rotation, not two

    // The session lives on: the token works, and so does the next refresh.
    const me = await fetch(`${stack().apiUrl}/auth/v1/user`, {
      headers: { apikey: stack().anonKey, authorization: `Bearer ${current.access_token}` },
    });
    expect(me.status).toBe(200);
    const next = await anonClient().auth.refreshSession({ refresh_token: current.refresh_token });
    expect(next.error).toBeNull();

    // An older token (two rotations back) is not a lost answer, even inside the interval: the
    // session ends, as Supabase Auth ends it.
    const stale = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(stale.error?.code).toBe('refresh_token_already_used');
    const after = await anonClient().auth.refreshSession({ refresh_token: next.data.session!.refresh_token });
    expect(after.error).not.toBeNull();
  });

  it('the reuse interval, rate limits and redirect URLs come from supabase/config.toml', () => {
    expect(authConfig(path.resolve(import.meta.dirname, '../../supabase/config.toml'))).toEqual({
      siteUrl: 'http://localhost:4173',
      redirectUrls: ['http://localhost:5173'],
      refreshTokenReuseInterval: 10, // hosted Supabase's default
      rateLimits: { token_refresh: 150, sign_in_sign_ups: 30, token_verifications: 30 },
      confirmSignups: false,
    });
  });

  it('refuses an unknown refresh token', async () => {
    const { error } = await anonClient().auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });

  it('signs out: the session ends and its refresh token is dead', async () => {
    const { client, session } = await newUser();
    const token = session.access_token;
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();
    // The old access token no longer names a live session.
    const res = await fetch(`${stack().apiUrl}/auth/v1/user`, {
      headers: { apikey: stack().anonKey, authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error_code?: string }).error_code).toBe('session_not_found');
    const refresh = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).not.toBeNull();
  });

  it('refuses passwords over 72 bytes (bcrypt would ignore the rest), on sign-up and on change', async () => {
    const long = `${'p'.repeat(72)}-first`;
    const signup = await anonClient().auth.signUp({ email: uniqueEmail(), password: long });
    expect(signup.error?.status).toBe(400);
    expect(signup.error?.code).toBe('validation_failed');
    expect(signup.error?.message).toBe('Password cannot be longer than 72 characters');
    // 72 bytes of multi-byte characters are fewer characters: bytes count, as in GoTrue.
    const pounds = await anonClient().auth.signUp({ email: uniqueEmail(), password: '£'.repeat(37) });
    expect(pounds.error?.code).toBe('validation_failed');
    const { client } = await newUser();
    const change = await client.auth.updateUser({ password: long });
    expect(change.error?.code).toBe('validation_failed');
    expect((await anonClient().auth.signUp({ email: uniqueEmail(), password: 'p'.repeat(72) })).error).toBeNull();
  });

  it('a new password must differ from the old one, and it ends the user’s other sessions', async () => {
    const { client, email, password } = await newUser();
    const same = await client.auth.updateUser({ password });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe('same_password');
    expect(same.error?.message).toBe('New password should be different from the old password.');

    const other = anonClient();
    const signedIn = await other.auth.signInWithPassword({ email, password });
    expect(signedIn.error).toBeNull();
    const changed = await client.auth.updateUser({ password: `${password}-new` });
    expect(changed.error).toBeNull();
    // This session goes on; the other one (say, a lost phone) is over, its refresh token too.
    expect((await client.auth.getUser()).error).toBeNull();
    const elsewhere = await fetch(`${stack().apiUrl}/auth/v1/user`, {
      headers: { apikey: stack().anonKey, authorization: `Bearer ${signedIn.data.session!.access_token}` },
    });
    expect(elsewhere.status).toBe(403);
    const refresh = await anonClient().auth.refreshSession({ refresh_token: signedIn.data.session!.refresh_token });
    expect(refresh.error).not.toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: `${password}-new` })).error).toBeNull();
  });

  it('an address not confirmed yet (a user staff made without email_confirm) cannot sign in', async () => {
    const email = uniqueEmail('unconfirmed');
    const made = await serviceClient().auth.admin.createUser({ email, password: 'unconfirmed-password' });
    expect(made.error).toBeNull();
    const signIn = await anonClient().auth.signInWithPassword({ email, password: 'unconfirmed-password' });
    expect(signIn.error?.code).toBe('email_not_confirmed');
    expect(signIn.error?.message).toBe('Email not confirmed');
    await deleteUsers([made.data.user!.id]);
  });

  it('a password sent as a number is refused, not read as its digits', async () => {
    const email = uniqueEmail('typed');
    const res = await fetch(`${stack().apiUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 12345678 }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error_code?: string }).error_code).toBe('bad_json');
    expect(await sql('select 1 from auth.users where email = $1', [email])).toEqual([]);
  });

  it('logout takes only global, local or others as its scope', async () => {
    const { session } = await newUser();
    const res = await fetch(`${stack().apiUrl}/auth/v1/logout?scope=everything`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, authorization: `Bearer ${session.access_token}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error_code: 'validation_failed',
      msg: 'Unsupported logout scope "everything"',
    });
    const me = await fetch(`${stack().apiUrl}/auth/v1/user`, {
      headers: { apikey: stack().anonKey, authorization: `Bearer ${session.access_token}` },
    });
    expect(me.status).toBe(200); // nothing was signed out
  });

  it('an email account has its email identity; anonymous sign-in is off with Supabase’s error', async () => {
    const { client, user } = await newUser();
    const { data } = await client.auth.getUser();
    expect(data.user?.identities).toEqual([
      expect.objectContaining({ provider: 'email', user_id: user.id, email: user.email }),
    ]);
    const anonymous = await anonClient().auth.signInAnonymously();
    expect(anonymous.error?.status).toBe(422);
    expect(anonymous.error?.code).toBe('anonymous_provider_disabled');
  });

  it('answers health and settings', async () => {
    const headers = { apikey: stack().anonKey };
    const health = await fetch(`${stack().apiUrl}/auth/v1/health`, { headers });
    expect(health.status).toBe(200);
    const settings = (await (await fetch(`${stack().apiUrl}/auth/v1/settings`, { headers })).json()) as {
      external: Record<string, boolean>;
      mailer_autoconfirm: boolean;
    };
    expect(settings.external.email).toBe(true);
    expect(settings.mailer_autoconfirm).toBe(true);
  });
});

describe('gateway', () => {
  it('refuses requests without a valid API key, like hosted Supabase', async () => {
    const none = await fetch(`${stack().apiUrl}/rest/v1/`, {});
    expect(none.status).toBe(401);
    const bad = await fetch(`${stack().apiUrl}/rest/v1/`, { headers: { apikey: 'nope' } });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { message?: string }).message).toBe('Invalid API key');
  });

  it('answers a browser preflight from another origin', async () => {
    const res = await fetch(`${stack().apiUrl}/rest/v1/saved_properties`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, apikey, content-type, x-assessment-token',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('x-assessment-token');
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('exposes Content-Range to browsers for counted selects', async () => {
    const res = await fetch(`${stack().apiUrl}/auth/v1/health`, { headers: { apikey: stack().anonKey } });
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });
});
