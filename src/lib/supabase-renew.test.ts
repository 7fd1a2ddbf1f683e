// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY } from './stored-session';

// The app's client with a stored access token that no longer verifies (a rotated signing key, a
// corrupted copy) beside its refresh token, against a stand-in answering as PostgREST and GoTrue do.
const USER = { id: '00000000-0000-4000-8000-000000000001', email: 'ada@example.com', aud: 'authenticated' };
const b64url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: object) => `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify(claims))}.sig`;
const hourFromNow = () => Math.floor(Date.now() / 1000) + 3600;
// Made once: a token made again a second later would carry another exp, and not match.
const FORGED = jwt({ sub: USER.id, role: 'authenticated', exp: hourFromNow(), name: 'forged' });
const RENEWED = jwt({ sub: USER.id, role: 'authenticated', exp: hourFromNow(), name: 'renewed' });

let refreshAccepted = true;
let refreshes = 0;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function api(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.pathname === '/auth/v1/token') {
    refreshes += 1;
    if (!refreshAccepted)
      return Promise.resolve(
        json({ code: 400, error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token' }, 400),
      );
    const exp = hourFromNow();
    return Promise.resolve(
      json({
        access_token: RENEWED,
        token_type: 'bearer',
        expires_in: 3600,
        expires_at: exp,
        refresh_token: 'r2',
        user: USER,
      }),
    );
  }
  if (url.pathname === '/auth/v1/logout') return Promise.resolve(new Response(null, { status: 204 }));
  const bearer = new Headers(init?.headers).get('authorization')?.replace('Bearer ', '');
  if (bearer === RENEWED) return Promise.resolve(json([{ id: 'e1' }]));
  return Promise.resolve(json({ code: 'PGRST301', message: 'JWSError JWSInvalidSignature' }, 401));
}

async function appClient() {
  vi.resetModules();
  const { supabase } = await import('./supabase');
  const refused = await import('./session-refused');
  return { supabase, refused };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  refreshAccepted = true;
  refreshes = 0;
  vi.stubGlobal('fetch', vi.fn(api));
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({
      access_token: FORGED,
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: hourFromNow(),
      refresh_token: 'r1',
      user: USER,
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a stored access token the API refuses before its time', () => {
  it('is renewed once, and the request answered', async () => {
    const { supabase } = await appClient();
    const { data, error } = await supabase.from('email_logs').select('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 'e1' }]);
    expect(refreshes).toBe(1);
    expect((await supabase.auth.getSession()).data.session?.access_token).toBe(RENEWED);
  });

  it('whose refresh is refused too: the session ends here, and /auth will say why', async () => {
    refreshAccepted = false;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { supabase, refused } = await appClient();
    const { error } = await supabase.from('email_logs').select('id');
    expect(error?.code).toBe('PGRST301');
    expect((await supabase.auth.getSession()).data.session).toBeNull();
    expect(refused.sessionRefused()).toBe(true);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });
});
