// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { keepPendingSignOuts, PENDING_SIGN_OUTS, pendingSignOuts } from './pending-sign-outs';
import { AUTH_STORAGE_KEY, storedAccess, storedSessionNow, sessionToStart } from './stored-session';

const NOW = Date.UTC(2026, 10, 27, 12);
const b64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** An access token of session `session-1`, as auth-js stores it (its signature is not read here). */
const ACCESS = `${b64url('{"alg":"HS256"}')}.${b64url('{"sub":"user-1","session_id":"session-1"}')}.sig`;
const store = (session: unknown) => localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session));
const session = (expiresInS: number) => ({
  access_token: ACCESS,
  refresh_token: 'refresh-1',
  expires_at: NOW / 1000 + expiresInS,
  user: { id: 'user-1' },
});

afterEach(() => localStorage.clear());

describe('storedAccess', () => {
  it("is auth-js's key for the local API (supabase-js's default)", () => {
    expect(AUTH_STORAGE_KEY).toBe('sb-localhost-auth-token');
  });

  it('gives the stored access token and its user while the token is valid', () => {
    store(session(3600));
    expect(storedAccess(NOW)).toEqual({ token: ACCESS, userId: 'user-1' });
  });

  it('leaves a token about to end, or ended, to auth-js', () => {
    store(session(20));
    expect(storedAccess(NOW)).toBeNull();
    store(session(-60));
    expect(storedAccess(NOW)).toBeNull();
  });

  it('gives nothing for a session signed out on this device (waiting to end on the server)', () => {
    store(session(3600));
    keepPendingSignOuts([{ refresh_token: 'refresh-1', session_id: 'session-1' }]);
    expect(storedAccess(NOW)).toBeNull();
    keepPendingSignOuts([]);
  });

  it('gives nothing when nothing, or something else, is stored', () => {
    expect(storedAccess(NOW)).toBeNull();
    localStorage.setItem(AUTH_STORAGE_KEY, '{not json');
    expect(storedAccess(NOW)).toBeNull();
    store({ access_token: 'access-1', expires_at: NOW / 1000 + 3600 });
    expect(storedAccess(NOW)).toBeNull();
    store('a string');
    expect(storedAccess(NOW)).toBeNull();
  });
});

describe('storedSessionNow', () => {
  it("is auth-js's whole record while the token is valid", () => {
    store(session(3600));
    expect(storedSessionNow(NOW)).toEqual(session(3600));
  });

  it('is null when the token is about to end, has ended or was signed out here', () => {
    store(session(20));
    expect(storedSessionNow(NOW)).toBeNull();
    store(session(3600));
    keepPendingSignOuts([{ refresh_token: 'refresh-1', session_id: 'session-1' }]);
    expect(storedSessionNow(NOW)).toBeNull();
    keepPendingSignOuts([]);
  });
});

describe('sessionToStart', () => {
  it('is the stored session when the address carries no auth link', () => {
    store(session(3600));
    expect(sessionToStart({ hash: '', search: '?redirect=%2Fdashboard' }, NOW)).toEqual(session(3600));
  });

  it('is signed out (null) when nothing is stored: auth-js would start so too', () => {
    expect(sessionToStart({ hash: '', search: '?redirect=%2Fdashboard' }, NOW)).toBeNull();
  });

  it("leaves an auth link's tokens or code to auth-js", () => {
    store(session(3600));
    expect(sessionToStart({ hash: '#access_token=other&type=recovery', search: '' }, NOW)).toBeUndefined();
    expect(sessionToStart({ hash: '', search: '?code=abc' }, NOW)).toBeUndefined();
    localStorage.clear();
    expect(sessionToStart({ hash: '#access_token=other&type=recovery', search: '' }, NOW)).toBeUndefined();
    expect(sessionToStart({ hash: '', search: '?code=abc' }, NOW)).toBeUndefined();
  });

  it('leaves a session that has ended, or was signed out here, to auth-js (it refreshes or ends it)', () => {
    store(session(10));
    expect(sessionToStart({ hash: '', search: '' }, NOW)).toBeUndefined();
    store(session(3600));
    keepPendingSignOuts([{ refresh_token: 'refresh-1', session_id: 'session-1' }]);
    expect(sessionToStart({ hash: '', search: '' }, NOW)).toBeUndefined();
    keepPendingSignOuts([]);
  });

  it('leaves anything unreadable stored under the key to auth-js', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{not json');
    expect(sessionToStart({ hash: '', search: '' }, NOW)).toBeUndefined();
  });
});

describe('pending sign-outs', () => {
  it('keep no access token: one an earlier version kept is rewritten to its session id', () => {
    localStorage.setItem(PENDING_SIGN_OUTS, JSON.stringify([{ access_token: ACCESS, refresh_token: 'refresh-1' }]));
    expect(pendingSignOuts()).toEqual([{ refresh_token: 'refresh-1', session_id: 'session-1' }]);
    expect(localStorage.getItem(PENDING_SIGN_OUTS)).not.toContain(ACCESS);
    store(session(3600));
    expect(storedSessionNow(NOW)).toBeNull();
  });
});

describe('auth-js itself (the contract this module reads)', () => {
  it('stores a signed-in session under supabase-js’s default key, in the shape read here', async () => {
    const { createClient } = await import('@supabase/supabase-js');
    const { supabaseAnonKey, supabaseUrl } = await import('./env');
    const nowS = Math.floor(Date.now() / 1000);
    const answer = {
      access_token: ACCESS,
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: nowS + 3600,
      refresh_token: 'refresh-1',
      user: { id: 'user-1', aud: 'authenticated', role: 'authenticated', email: 'a@example.test' },
    };
    const fetch = (input: RequestInfo | URL) =>
      Promise.resolve(
        (input instanceof Request ? input.url : input.toString()).includes('/auth/v1/token?grant_type=password')
          ? new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } })
          : new Response('{}', { status: 404 }),
      );
    // No storageKey given: the key is auth-js's own default for this API's address.
    const client = createClient(supabaseUrl, supabaseAnonKey, {
      auth: { persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch },
    });
    const { error } = await client.auth.signInWithPassword({ email: 'a@example.test', password: 'secret-1' });
    expect(error).toBeNull();
    expect(Object.keys(localStorage)).toContain(AUTH_STORAGE_KEY);
    expect(storedAccess()).toEqual({ token: ACCESS, userId: 'user-1' });
    expect(storedSessionNow()?.refresh_token).toBe('refresh-1');
  });
});
