import { createClient, isAuthRetryableFetchError } from '@supabase/supabase-js';
import { authLock, noteRefresh } from './auth-lock';
import { forgetRefreshAnswers, refreshOnce } from './refresh-once';
import { keepingPushes } from './keep-pushes';
import { notStored } from './no-store';
import { renewingRefusedTokens, type Renewal } from './renew-refused-token';
import { noteSessionRefused } from './session-refused';
import type { Database } from '../generated/database.types';
import { supabaseAnonKey, supabaseUrl } from './env';
import { isSignedOutHere, keepPendingSignOuts, pendingSignOuts, type PendingSignOut } from './pending-sign-outs';
import { deviceExpiresAt, noteTokenIssued, serverClockKnown } from './server-clock';
import { createSignal } from './store';
import { AUTH_STORAGE_KEY } from './stored-session';

const AUTH_PATH = '/auth/v1/';
const LOGOUT_PATH = '/auth/v1/logout';
const TOKEN_PATH = '/auth/v1/token';

const refusal = (status: number, code: string, msg: string) =>
  Promise.resolve(new Response(JSON.stringify({ code: status, error_code: code, msg }), { status }));

/** The refresh token a /token request sends, if it is one. */
async function refreshTokenOf(input: RequestInfo | URL, init?: RequestInit): Promise<string | null> {
  try {
    const body =
      typeof init?.body === 'string' ? init.body : input instanceof Request ? await input.clone().text() : '';
    return (JSON.parse(body) as { refresh_token?: unknown }).refresh_token?.toString() ?? null;
  } catch {
    return null;
  }
}

// The auth client's requests for a session signed out here are answered on the device, as the
// auth service answers a token it no longer knows: a refresh (auth-js may be retrying one from
// before, offline) then ends that session in auth-js instead of storing it again, and a sign-out
// (its POST /logout) completes without the network. A refresh token this browser has just had
// answered is answered again on the device (lib/refresh-once.ts). Everything else goes to the
// network. A refresh is noted as it is sent: auth-js's lock waits for it (lib/auth-lock.ts).
const appFetch: typeof fetch = (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const send = () => fromNetwork(url, input, init);
  if (url.pathname.endsWith(LOGOUT_PATH)) return loggedOut(init, send);
  if (!isRefresh(url)) return send();
  const answer = refreshed(refreshTokenOf(input, init), send);
  noteRefresh(answer);
  return answer;
};

const isRefresh = (url: URL) =>
  url.pathname.endsWith(TOKEN_PATH) && url.searchParams.get('grant_type') === 'refresh_token';

async function fromNetwork(url: URL, input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> {
  const response = await fetch(input, init);
  return url.pathname.includes(AUTH_PATH) ? onDeviceClock(response, Date.now()) : response;
}

/** A sign-out: the refresh answers kept on the device go first (they hold the session). */
async function loggedOut(init: RequestInit | undefined, send: () => Promise<Response>): Promise<Response> {
  await forgetRefreshAnswers();
  const token = new Headers(init?.headers).get('authorization')?.replace(/^Bearer\s+/i, '');
  if (isSignedOutHere(token)) return refusal(401, 'no_authorization', 'Signed out on this device');
  return send();
}

/** A refresh sending `refreshToken`: refused on the device once its session was signed out here. */
async function refreshed(refreshToken: Promise<string | null>, send: () => Promise<Response>): Promise<Response> {
  const token = await refreshToken;
  const endedHere = (refresh: string) => pendingSignOuts().some((s) => s.refresh_token === refresh);
  // Asked when its turn comes: a sign-out made while it waited counts.
  const sendUnlessEnded = () =>
    token !== null && endedHere(token)
      ? refusal(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
      : send();
  return refreshOnce(token, sendUnlessEnded, endedHere);
}

type SessionAnswer = { access_token: string; expires_in: number };
const isSessionAnswer = (body: unknown): body is SessionAnswer =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as SessionAnswer).access_token === 'string' &&
  typeof (body as SessionAnswer).expires_in === 'number';

// GoTrue's expires_at is on the server's clock and auth-js counts it on the device's: a clock a day
// ahead refreshes on every tick (30 s), one a day behind keeps an expired token for a day. So a
// session's expiry is restated on the device's clock (answered now, valid for expires_in, as
// auth-js counts when there is no expires_at), and its token teaches lib/server-clock the offset.
async function onDeviceClock(response: Response, receivedAt: number): Promise<Response> {
  if (!response.ok) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (!isSessionAnswer(body)) return response;
  noteTokenIssued(body.access_token, receivedAt);
  const headers = new Headers(response.headers);
  // The body is rewritten, and already decoded.
  headers.delete('content-length');
  headers.delete('content-encoding');
  const restated = { ...body, expires_at: Math.round(receivedAt / 1000) + body.expires_in };
  return new Response(JSON.stringify(restated), { status: response.status, statusText: response.statusText, headers });
}

// An auth link's session (the address's fragment) carries expires_at on the server's clock too.
// auth-js makes the session of the very `params` it hands this check, so it is restated here.
function sessionInUrl(_url: URL, params: Record<string, string>): boolean {
  const token = params.access_token;
  if (token && params.expires_in) {
    // Opened straight from the auth service's redirect: a fair reading when nothing better is known.
    if (!serverClockKnown()) noteTokenIssued(token);
    const expiresAt = deviceExpiresAt(token);
    if (expiresAt !== null) params.expires_at = String(expiresAt);
    else delete params.expires_at; // auth-js then counts now + expires_in
  }
  // auth-js's own test for an implicit-grant callback.
  return Boolean(params.access_token || params.error || params.error_description || params.error_code);
}

// A token refused before its time is renewed once; a session that cannot be renewed ends here.
const refusedHere = () => {
  noteSessionRefused();
  dropSessionHere(null);
};
const renewingFetch = renewingRefusedTokens(
  appFetch,
  {
    current: async () => (await supabase.auth.getSession()).data.session?.access_token ?? null,
    refresh: async (): Promise<Renewal> => {
      const { data, error } = await supabase.auth.refreshSession();
      if (data.session) return { token: data.session.access_token };
      if (isAuthRetryableFetchError(error)) return 'offline';
      refusedHere();
      return 'ended';
    },
  },
  supabaseAnonKey,
);

// The one Supabase client of the app: every feature reaches auth, PostgREST and functions through it.
export const supabase = createClient<Database>(supabaseUrl, supabaseAnonKey, {
  // The storage key is supabase-js's default, named so that lib/stored-session reads the same one.
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: sessionInUrl,
    storageKey: AUTH_STORAGE_KEY,
    // One refresh per browser: auth-js's lock across tabs (navigator.locks). Without it each tab
    // refreshes on its own, and tabs whose token expires together send the same refresh token at
    // once; with it the first refreshes (held until answered: lib/auth-lock.ts) and the others,
    // waiting, read the session it stored, or are given its answer if their copy of localStorage
    // is still the old one (lib/refresh-once.ts). (None without navigator.locks: the prerender, jsdom.)
    lock: globalThis.navigator?.locks ? authLock : undefined,
  },
  global: { fetch: notStored(keepingPushes(() => renewingFetch)) },
});

const signedOutHere = createSignal();

/** Called when this device signs out without the auth service (the session state follows at once). */
export const onSignedOutHere = signedOutHere.subscribe;

/**
 * Drops this device's session without the auth service, at once: its refresh token and id join the pending
 * sign-outs (so no refresh can store them again), auth-js's stored copy goes, and the app hears
 * of it now. auth-js is then asked to sign out too, which it does when its lock is free (offline
 * it may be retrying a refresh for up to 30 s): nothing waits for that.
 */
export function dropSessionHere(tokens: PendingSignOut | null): void {
  if (tokens) {
    keepPendingSignOuts([...pendingSignOuts().filter((p) => p.refresh_token !== tokens.refresh_token), tokens]);
  }
  for (const key of Object.keys(localStorage)) {
    if (/^sb-.+-auth-token(-code-verifier|-user)?$/.test(key)) localStorage.removeItem(key);
  }
  signedOutHere.notify();
  void forgetRefreshAnswers();
  void supabase.auth.signOut({ scope: 'local' }).catch(() => undefined);
}
