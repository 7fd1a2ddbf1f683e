// The norman-access edge function under real Deno, through the gateway as the app calls it: the
// Norman page's password is checked on the server (ADR 009) and answered with a signed pass.
import { beforeEach, describe, expect, it } from 'vitest';
import { attempt, attemptsOf, incorrect } from './norman-access-client';
import { anonClient, resetNormanAttempts, signNormanPass, stack, testAddress } from '../fixtures';

beforeEach(resetNormanAttempts);

describe('norman-access: the password', () => {
  it('the right password, through supabase-js as the app sends it, is answered with a pass for 60 minutes', async () => {
    const s = stack();
    const before = Date.now();
    // supabase-js types a failure's error as `any`: typed at the boundary.
    const { data, error } = (await anonClient().functions.invoke<{ pass: string; expiresAt: string }>('norman-access', {
      body: { password: s.normanPassword },
    })) as { data: { pass: string; expiresAt: string } | null; error: unknown };
    expect(error).toBeNull();
    const { pass, expiresAt } = data!;
    expect(expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const expiry = Date.parse(expiresAt);
    expect(expiry).toBeGreaterThanOrEqual(before + 60 * 60_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    // `<expiry ms>.<signature>`, signed with the derivation voice-conversation checks.
    expect(pass).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(pass).toBe(signNormanPass(expiry));
    expect(JSON.stringify(data)).not.toContain(s.normanPassword);
  });

  it('a wrong password is refused with 401 incorrect_password; so is the right one with a difference', async () => {
    const s = stack();
    const from = testAddress();
    for (const wrong of ['not-the-password', `${s.normanPassword} `, s.normanPassword.toUpperCase()]) {
      const reply = await attempt({ password: wrong }, { from });
      expect(reply).toMatchObject({ status: 401, body: incorrect });
    }
    // 200 characters is not too long, only wrong.
    expect(await attempt({ password: 'x'.repeat(200) }, { from: testAddress() })).toMatchObject({
      status: 401,
      body: incorrect,
    });
  });

  it.each([
    ['no password', 'password_required', 'Please enter the password', {}],
    ['a password that is not text', 'password_required', 'Please enter the password', { password: 12345 }],
    ['a null password', 'password_required', 'Please enter the password', { password: null }],
    ['a blank password', 'password_required', 'Please enter the password', { password: '   ' }],
    ['a password over 200 characters', 'password_too_long', 'The password is too long', { password: 'x'.repeat(201) }],
    ['a body that is not JSON', 'bad_json', 'The request body is not valid JSON', '{"password":'],
    ['a body that is not an object', 'bad_json', 'The request body must be a JSON object', '["password"]'],
  ])('%s → 400 %s, and is not counted as an attempt', async (_, code, error, body) => {
    const from = testAddress();
    expect(await attempt(body, { from })).toMatchObject({ status: 400, body: { code, error } });
    expect(await attemptsOf(from)).toBe(0);
  });

  it('a body over 4 KiB → 413; only POST is answered', async () => {
    const big = await attempt({ password: 'x', padding: 'y'.repeat(4096) });
    expect(big).toMatchObject({ status: 413, body: { code: 'body_too_large' } });
    const get = await attempt(null, { method: 'GET' });
    expect(get).toMatchObject({ status: 405, body: { code: 'method_not_allowed' } });
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
  });
});
