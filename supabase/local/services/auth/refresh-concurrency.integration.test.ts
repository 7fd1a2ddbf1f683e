// Parallel refreshes, on a stack of its own: before the fix, five parallel grants of one refresh
// token held every connection of the auth service's pool, each waiting for another, and every
// later auth request waited with them (that stack could not even be stopped).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownStack } from '../../../../tests/stack-fixture';

const own = ownStack({}, { beforeAll, afterAll });

const auth = (path: string, init: { method?: string; body?: unknown; bearer?: string } = {}) => {
  const { apiUrl, anonKey } = own.stack!.info;
  return fetch(`${apiUrl}/auth/v1/${path}`, {
    method: init.method ?? 'POST',
    headers: {
      apikey: anonKey,
      'content-type': 'application/json',
      ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    // A wedged service never answers: fail the test instead of waiting with it.
    signal: AbortSignal.timeout(15_000),
  });
};

interface Session {
  access_token: string;
  refresh_token: string;
}

async function signUp(): Promise<{ email: string; password: string; session: Session }> {
  const email = `refresh-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'refresh-password';
  const reply = await auth('signup', { body: { email, password } });
  expect(reply.status).toBe(200);
  return { email, password, session: (await reply.json()) as Session };
}

const refresh = (token: string) => auth('token?grant_type=refresh_token', { body: { refresh_token: token } });

describe('parallel refreshes', () => {
  it('ten parallel refreshes of one token all answer with the same new token, and auth still answers', async () => {
    const { email, password, session } = await signUp();
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(session.refresh_token)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as Session[];
    // One rotation; the others are answered by the reuse interval, as Supabase Auth does.
    const tokens = new Set(bodies.map((b) => b.refresh_token));
    expect(tokens.size).toBe(1);
    expect(tokens.has(session.refresh_token)).toBe(false);

    const me = await auth('user', { method: 'GET', bearer: bodies[0]!.access_token });
    expect(me.status).toBe(200);
    const signIn = await auth('token?grant_type=password', { body: { email, password } });
    expect(signIn.status).toBe(200);
  });

  it('more parallel refreshes of different sessions than the pool has connections all answer', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => signUp()));
    const answers = await Promise.all(users.map((u) => refresh(u.session.refresh_token)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const me = await auth('user', { method: 'GET', bearer: users[0]!.session.access_token });
    expect(me.status).toBe(200);
  });
});
