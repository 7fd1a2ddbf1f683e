// @vitest-environment node
// The password grant, without a database: an unknown address is answered after the same bcrypt
// comparison as a wrong password, so the time it takes does not tell which addresses exist.
import bcrypt from 'bcryptjs';
import type { Pool } from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthService } from './index.mjs';

const hash = bcrypt.hashSync('right-password', 4);
const user = { id: 'u1', email: 'known@example.test', encrypted_password: hash };

/** A pool whose users table holds `user` only. */
const pool = {
  query: (sql: string, params: unknown[] = []) =>
    Promise.resolve({ rows: /lower\(email\) = lower\(\$1\)/.test(sql) && params[0] === user.email ? [user] : [] }),
} as unknown as Pool;

afterEach(() => vi.restoreAllMocks());

describe('signing in with a password', () => {
  it('compares a password with bcrypt for an unknown address too, and answers both the same', async () => {
    const compare = vi.spyOn(bcrypt, 'compare');
    const auth = createAuthService({ pool, jwtSecret: 'x'.repeat(32), issuer: 'test' });
    const signIn = (email: string) =>
      auth.handle({
        method: 'POST',
        path: '/token',
        search: new URLSearchParams('grant_type=password'),
        headers: {},
        body: { email, password: 'wrong-password' },
      });
    const wrong = await signIn(user.email);
    const unknown = await signIn('nobody@example.test');
    expect(compare).toHaveBeenCalledTimes(2);
    expect(compare.mock.calls[1]![1]).toMatch(/^\$2[aby]\$10\$/); // a real cost-10 hash, not ''
    expect(unknown).toEqual(wrong);
    expect(wrong).toMatchObject({ status: 400, body: { error_code: 'invalid_credentials' } });
  });
});
