// Supabase Auth's per-IP rate limits, on a stack of its own with low limits (the shared test
// stack runs without them: the suites sign up hundreds of users from one address).
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ownStack } from '../../../../tests/stack-fixture';

const own = ownStack(
  { rateLimits: { sign_in_sign_ups: 3, token_refresh: 2, token_verifications: 3 } },
  { beforeAll, afterAll },
);

const client = () =>
  createClient(own.stack!.info.apiUrl, own.stack!.info.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });

describe('rate limits (sign-ins and sign-ups, refreshes)', () => {
  it('answers 429 over_request_rate_limit once an address passes the limit, as Supabase Auth does', async () => {
    const email = `limit-${randomUUID().slice(0, 8)}@example.test`;
    const password = 'limit-password';
    const signUp = await client().auth.signUp({ email, password });
    expect(signUp.error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'wrong' })).error?.status).toBe(400);
    // The fourth sign-in or sign-up from this address in five minutes.
    const over = await client().auth.signInWithPassword({ email, password });
    expect(over.error?.status).toBe(429);
    expect(over.error?.code).toBe('over_request_rate_limit');
    expect(over.error?.message).toBe('Request rate limit reached');

    // Refreshes count on their own.
    const session = signUp.data.session!;
    const first = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(first.error).toBeNull();
    const second = await client().auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
    expect(second.error).toBeNull();
    const third = await client().auth.refreshSession({ refresh_token: second.data.session!.refresh_token });
    expect(third.error?.code).toBe('over_request_rate_limit');
  });
});
