// The app's own auth client (src/lib/supabase) on a device whose clock is a day off, against the
// local auth service (which answers as GoTrue does: expires_at on the server's clock). Only this
// process's Date is moved; the stack keeps the true time.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { deleteUsers, newUser, stack } from '../fixtures';

const DAY = 86_400_000;
const created: string[] = [];
afterAll(() => deleteUsers(created));

let refreshes = 0;
beforeAll(() => {
  vi.stubEnv('VITE_SUPABASE_URL', stack().apiUrl);
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', stack().anonKey);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A user, and the app's client on a device `skew` ms off, signed in as them. */
async function signedInOffBy(skew: number) {
  const { user, email, password } = await newUser();
  created.push(user.id);
  const realFetch = globalThis.fetch;
  refreshes = 0;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input instanceof Request ? input.url : input).includes('grant_type=refresh_token')) refreshes++;
    return realFetch(input, init);
  });
  // Node 20 has no WebSocket; supabase-js wants one for Realtime even when unused.
  vi.stubGlobal('WebSocket', WebSocket);
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + skew });
  vi.resetModules();
  const { supabase } = await import('../../../src/lib/supabase');
  const clock = await import('../../../src/lib/server-clock');
  await supabase.auth.initialize();
  // Outside a browser its ticker would run on the real timers: the test calls getSession instead.
  await supabase.auth.stopAutoRefresh();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { supabase, clock, session: data.session! };
}

const iatOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number }).iat;

describe('the app’s auth client with a skewed device clock', () => {
  it('a day ahead: the new session is not taken for expired, and the server clock is learned', async () => {
    const { supabase, clock, session } = await signedInOffBy(DAY);
    expect(Math.abs(session.expires_at! - (Date.now() / 1000 + 3600))).toBeLessThan(5);
    expect(Math.abs(clock.serverNow().getTime() - iatOf(session.access_token) * 1000)).toBeLessThan(5000);

    const { data } = await supabase.auth.getSession();
    expect(data.session?.access_token).toBe(session.access_token);
    expect(refreshes).toBe(0);
    const { error } = await supabase.from('share_subscriptions').select('id');
    expect(error).toBeNull();
  });

  it('a day behind: the session is refreshed before its hour ends on the server', async () => {
    const { supabase, session } = await signedInOffBy(-DAY);
    vi.setSystemTime(Date.now() + 59 * 60_000);
    const { data } = await supabase.auth.getSession();
    expect(refreshes).toBe(1);
    // Rotated (the access token may be the same bytes: the server's clock has hardly moved).
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(Math.abs(data.session!.expires_at! - (Date.now() / 1000 + 3600))).toBeLessThan(5);
  });
});
