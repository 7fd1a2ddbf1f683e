// The local auth service's sessions, driven through the real @supabase/supabase-js client: refresh
// with rotation and its reuse interval, signing out by scope, a new password ending other sessions.
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { anonClient, newUser, sql, stack } from '../../../../tests/integration/fixtures';

/** The refresh token was rotated away longer ago than the reuse interval (10 s) allows. */
const pastReuseInterval = (token: string) =>
  sql(`update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1`, [token]);

describe('auth service', () => {
  it('refreshes with rotation: the new token works; the used one, sent after the reuse interval, is refused', async () => {
    const { client, session } = await newUser();
    const used = session.refresh_token;
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.refresh_token).not.toBe(used);
    // A token for the same session, which still says how it was signed in (Supabase Auth keeps the
    // AMR claims of a session through its refreshes: a reset link's session stays a reset's).
    const claims = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
        session_id: string;
        amr: { method: string }[];
        exp: number;
      };
    const before = claims(session.access_token);
    const after = claims(data.session!.access_token);
    expect(after.session_id).toBe(before.session_id);
    expect(after.amr.map((a) => a.method)).toEqual(['password']);
    expect(after.exp).toBeGreaterThanOrEqual(before.exp);

    await pastReuseInterval(used);
    const replay = await anonClient().auth.refreshSession({ refresh_token: used });
    expect(replay.error?.message).toBe('Invalid Refresh Token: Already Used');
    expect(replay.error?.code).toBe('refresh_token_already_used');
    expect(replay.data.session).toBeNull();
  });

  it('a replayed refresh token (after the reuse interval) ends that session', async () => {
    const { client, session } = await newUser();
    const { data } = await client.auth.refreshSession();
    await pastReuseInterval(session.refresh_token);
    await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    const next = await anonClient().auth.refreshSession({ refresh_token: data.session?.refresh_token ?? '' });
    expect(next.error?.message).toMatch(/Invalid Refresh Token/);
  });

  it('a refresh whose answer was lost: the client sends the same token again and keeps its session (reuse interval)', async () => {
    const { session } = await newUser();
    let dropped = 0;
    // A tablet on patchy data: the server rotates, the answer never arrives.
    const lossy = createClient(stack().apiUrl, stack().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      global: {
        fetch: async (input, init) => {
          const res = await fetch(input, init);
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          if (url.includes('grant_type=refresh_token') && dropped === 0) {
            dropped += 1;
            throw new TypeError('fetch failed'); // the answer is lost after the server acted
          }
          return res;
        },
      },
    });
    const first = await lossy.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(dropped).toBe(1);
    // auth-js retried with the same token: the server answered with the session's current token.
    expect(first.error).toBeNull();
    const current = first.data.session!;
    expect(current.refresh_token).not.toBe(session.refresh_token);
    const [rows] = await sql<{ tokens: string[] }>(
      `select array_agg(token order by id) as tokens from auth.refresh_tokens
        where user_id = (select id::text from auth.users where email = $1)`, // text, as in Supabase Auth
      [session.user.email],
    );
    expect(rows!.tokens).toEqual([session.refresh_token, current.refresh_token]); // one rotation, not two

    // The session lives on: the token works, and so does the next refresh.
    const me = await fetch(`${stack().apiUrl}/auth/v1/user`, {
      headers: { apikey: stack().anonKey, authorization: `Bearer ${current.access_token}` },
    });
    expect(me.status).toBe(200);
    const next = await anonClient().auth.refreshSession({ refresh_token: current.refresh_token });
    expect(next.error).toBeNull();

    // An older token (two rotations back) is not a lost answer, even inside the interval: the
    // session ends, as Supabase Auth ends it.
    const stale = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(stale.error?.code).toBe('refresh_token_already_used');
    const after = await anonClient().auth.refreshSession({ refresh_token: next.data.session!.refresh_token });
    expect(after.error).not.toBeNull();
  });

  it('refuses an unknown refresh token', async () => {
    const { error } = await anonClient().auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });

  it('signs out: the session ends and its refresh token is dead', async () => {
    const { client, session } = await newUser();
    const token = session.access_token;
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();
    // The old access token no longer names a live session.
    const res = await fetch(`${stack().apiUrl}/auth/v1/user`, {
      headers: { apikey: stack().anonKey, authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error_code?: string }).error_code).toBe('session_not_found');
    const refresh = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).not.toBeNull();
  });

  it('a new password must differ from the old one, and it ends the user’s other sessions', async () => {
    const { client, email, password } = await newUser();
    const same = await client.auth.updateUser({ password, current_password: password });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe('same_password');
    expect(same.error?.message).toBe('New password should be different from the old password.');

    const other = anonClient();
    const signedIn = await other.auth.signInWithPassword({ email, password });
    expect(signedIn.error).toBeNull();
    const changed = await client.auth.updateUser({ password: `${password}-new`, current_password: password });
    expect(changed.error).toBeNull();
    // This session goes on; the other one (say, a lost phone) is over, its refresh token too.
    expect((await client.auth.getUser()).error).toBeNull();
    const elsewhere = await fetch(`${stack().apiUrl}/auth/v1/user`, {
      headers: { apikey: stack().anonKey, authorization: `Bearer ${signedIn.data.session!.access_token}` },
    });
    expect(elsewhere.status).toBe(403);
    const refresh = await anonClient().auth.refreshSession({ refresh_token: signedIn.data.session!.refresh_token });
    expect(refresh.error).not.toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: `${password}-new` })).error).toBeNull();
  });

  it('logout takes only global, local or others as its scope', async () => {
    const { session } = await newUser();
    const res = await fetch(`${stack().apiUrl}/auth/v1/logout?scope=everything`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, authorization: `Bearer ${session.access_token}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error_code: 'validation_failed',
      msg: 'Unsupported logout scope "everything"',
    });
    const me = await fetch(`${stack().apiUrl}/auth/v1/user`, {
      headers: { apikey: stack().anonKey, authorization: `Bearer ${session.access_token}` },
    });
    expect(me.status).toBe(200); // nothing was signed out
  });
});
