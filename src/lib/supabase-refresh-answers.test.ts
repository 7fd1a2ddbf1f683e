// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { done, smallDatabase } from './small-database';
import { ANSWERS_DATABASE } from './refresh-once';
import { AUTH_STORAGE_KEY } from './stored-session';
import { fifoLocks } from '../testing/fifo-locks';

// The app's client, in a browser with navigator.locks and IndexedDB, against a stand-in answering
// as GoTrue does: the refresh answer kept for the other tabs goes with every sign-out.
const USER = { id: '00000000-0000-4000-8000-000000000001', email: 'ada@example.com', aud: 'authenticated' };
const b64url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: object) => `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify(claims))}.sig`;
const hourFromNow = () => Math.floor(Date.now() / 1000) + 3600;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let refreshes = 0;
function api(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.pathname === '/auth/v1/token') {
    refreshes += 1;
    const token = jwt({ sub: USER.id, role: 'authenticated', exp: hourFromNow(), n: refreshes });
    return Promise.resolve(
      json({
        access_token: token,
        token_type: 'bearer',
        expires_in: 3600,
        refresh_token: `r${refreshes + 1}`,
        user: USER,
      }),
    );
  }
  if (url.pathname === '/auth/v1/logout') return Promise.resolve(new Response(null, { status: 204 }));
  return Promise.resolve(json([]));
}

const answers = smallDatabase(ANSWERS_DATABASE, 'answers', 'sent');
const keptAnswers = () => answers.run('readonly', (store) => done(store.count()));

async function refreshedClient() {
  vi.resetModules();
  const lib = await import('./supabase');
  const { error } = await lib.supabase.auth.refreshSession();
  expect(error).toBeNull();
  expect(await keptAnswers()).toBe(1);
  return lib;
}

beforeEach(() => {
  localStorage.clear();
  refreshes = 0;
  vi.stubGlobal('navigator', { ...navigator, locks: fifoLocks() });
  vi.stubGlobal('fetch', vi.fn(api));
  const token = jwt({ sub: USER.id, role: 'authenticated', exp: hourFromNow(), n: 0 });
  const session = { access_token: token, token_type: 'bearer', expires_in: 3600, expires_at: hourFromNow() };
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ ...session, refresh_token: 'r1', user: USER }));
});
afterEach(async () => {
  await answers.run('readwrite', (store) => done(store.clear()));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the refresh answer kept on the device', () => {
  it('is given to a tab that sends the old refresh token again, without the network', async () => {
    const { supabase } = await refreshedClient();
    const { data } = await supabase.auth.refreshSession({ refresh_token: 'r1' });
    expect(data.session?.refresh_token).toBe('r2');
    expect(refreshes).toBe(1);
  });

  it('goes when the user signs out', async () => {
    const { supabase } = await refreshedClient();
    await supabase.auth.signOut();
    expect(await keptAnswers()).toBe(0);
  });

  it('goes when the session is dropped here (a sign-out made offline), and is not given for it', async () => {
    const { supabase, dropSessionHere } = await refreshedClient();
    dropSessionHere({ refresh_token: 'r2', session_id: null });
    await vi.waitFor(async () => expect(await keptAnswers()).toBe(0));
    const { data } = await supabase.auth.refreshSession({ refresh_token: 'r2' });
    expect(data.session).toBeNull();
    expect(refreshes).toBe(1);
  });
});
