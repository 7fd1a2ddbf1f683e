// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The app's auth client on a device whose clock is a day off, against a stand-in answering as
// GoTrue does: tokens stamped with the server's time, expires_at on the server's clock.
const DAY = 86_400_000;
const HOUR_S = 3600;
const TRUE_NOW = Date.UTC(2026, 10, 23, 9, 0, 0);
const USER = { id: '00000000-0000-4000-8000-000000000001', email: 'ada@example.com', aud: 'authenticated' };

const b64url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: object) => `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify(claims))}.sig`;

let skew = 0; // device clock minus the server's
const serverMs = () => Date.now() - skew;

/** Each refresh, with the server's time then and when the token it replaced expired there (s). */
let refreshes: { at: number; oldExp: number }[] = [];
let currentExp = 0;

function sessionJson() {
  const iat = Math.floor(serverMs() / 1000);
  currentExp = iat + HOUR_S;
  return {
    access_token: jwt({ sub: USER.id, role: 'authenticated', iat, exp: currentExp }),
    token_type: 'bearer',
    expires_in: HOUR_S,
    expires_at: currentExp,
    refresh_token: crypto.randomUUID(),
    user: USER,
  };
}

async function goTrue(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), {
      headers: { 'content-type': 'application/json', date: new Date(serverMs()).toUTCString() },
    });
  if (url.pathname === '/auth/v1/token') {
    if (url.searchParams.get('grant_type') === 'refresh_token') {
      refreshes.push({ at: serverMs() / 1000, oldExp: currentExp });
    }
    return json(sessionJson());
  }
  if (url.pathname === '/auth/v1/user') return json(USER);
  return new Response('{}', { status: 404 });
}

async function appClient() {
  vi.resetModules();
  const { supabase } = await import('./supabase');
  const clock = await import('./server-clock');
  await supabase.auth.initialize();
  clients.push(supabase);
  return { supabase, clock };
}
const clients: { auth: { stopAutoRefresh: () => Promise<void> } }[] = [];
let warnings: string[] = [];

beforeEach(() => {
  localStorage.clear();
  refreshes = [];
  warnings = [];
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(String(args[0])));
  vi.stubGlobal('fetch', vi.fn(goTrue));
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.auth.stopAutoRefresh();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
  // auth-js warns of a link's session issued in the future or long ago (a skewed clock); each
  // test's new client on the same storage key is the one warning expected.
  expect(warnings.filter((w) => !w.includes('Multiple GoTrueClient instances'))).toEqual([]);
});

describe.each([
  ['ahead', DAY],
  ['behind', -DAY],
])('the auth client with the device clock a day %s', (_, deviceSkew) => {
  beforeEach(() => {
    skew = deviceSkew;
    vi.useFakeTimers({ now: TRUE_NOW + skew });
  });

  it('refreshes once an hour, before the token expires on the server', async () => {
    const { supabase, clock } = await appClient();
    const { error } = await supabase.auth.signInWithPassword({ email: USER.email, password: 'pw' });
    expect(error).toBeNull();
    expect(clock.serverNow().getTime()).toBeCloseTo(TRUE_NOW, -4);
    await supabase.auth.startAutoRefresh();

    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(refreshes).toEqual([]);
    await vi.advanceTimersByTimeAsync(50 * 60_000);
    expect(refreshes).toHaveLength(1);
    // Within the last few ticks of the token's hour on the server's clock, not after it.
    const [{ at, oldExp }] = refreshes as [{ at: number; oldExp: number }];
    expect(oldExp - at).toBeGreaterThan(0);
    expect(oldExp - at).toBeLessThanOrEqual(120);
  });

  it('keeps a session from an auth link on the device clock too', async () => {
    const iat = Math.floor(serverMs() / 1000);
    const hash = new URLSearchParams({
      access_token: jwt({ sub: USER.id, iat, exp: iat + HOUR_S }),
      expires_at: String(iat + HOUR_S),
      expires_in: String(HOUR_S),
      refresh_token: 'r',
      token_type: 'bearer',
      type: 'recovery',
    });
    currentExp = iat + HOUR_S;
    window.history.replaceState(null, '', `/auth/reset#${hash.toString()}`);
    const { supabase } = await appClient();
    const { data } = await supabase.auth.getSession();
    expect(data.session?.expires_at).toBe(Math.round(Date.now() / 1000) + HOUR_S);
    await supabase.auth.startAutoRefresh();

    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(refreshes).toEqual([]);
    await vi.advanceTimersByTimeAsync(50 * 60_000);
    expect(refreshes).toHaveLength(1);
  });
});
