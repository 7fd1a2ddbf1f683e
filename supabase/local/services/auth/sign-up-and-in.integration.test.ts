// The local auth service, driven through the real @supabase/supabase-js client: signing up and in,
// what a password and an address must be, the user and its tokens, health and settings.
import { describe, expect, it } from 'vitest';
import {
  anonClient,
  deleteUsers,
  newUser,
  serviceClient,
  sql,
  stack,
  uniqueEmail,
} from '../../../../tests/integration/fixtures';

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
