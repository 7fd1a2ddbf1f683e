// @vitest-environment jsdom
// The extension's session when its hour has run out: offline it is kept (saves wait for the
// connection), refused by the auth service it is gone (the popup asks to connect again).
import { describe, expect, it, vi } from 'vitest';
import { currentUser, readyToSend, SESSION_KEY, sessionClient, signOutHere } from './session';
import { memoryStorage } from './storage';

const user = { id: '5b0b4a4e-2a7c-4a57-9a3e-8f0c6f1e2d3c', email: 'mover@example.test', aud: 'authenticated' };

function stored(expiresInSeconds: number) {
  const storage = memoryStorage();
  const expiresAt = Math.floor(Date.now() / 1000) + expiresInSeconds;
  storage.data.set(
    SESSION_KEY,
    JSON.stringify({
      access_token: 'header.payload.signature',
      refresh_token: 'refresh-1',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: expiresAt,
      user,
    }),
  );
  return storage;
}

const config = { supabaseUrl: 'https://project.example.test', supabaseAnonKey: 'anon' };

describe('the extension’s session', () => {
  it('signed in is read from storage, without a request', async () => {
    expect((await currentUser(stored(-60)))?.email).toBe(user.email);
    expect(await currentUser(memoryStorage())).toBeNull();
  });

  it('a session still good is sent with as it is: no refresh', async () => {
    const storage = stored(3600);
    const fetch = vi.fn<typeof globalThis.fetch>();
    const client = sessionClient(config, storage, { global: { fetch } });
    expect(await readyToSend(client, storage)).toMatchObject({ kind: 'ready', user: { id: user.id } });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offline, a session past its hour is kept, and the save waits rather than the popup', async () => {
    const storage = stored(-60);
    const fetch = vi.fn<typeof globalThis.fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    const client = sessionClient(config, storage, { global: { fetch } });
    // supabase-js would retry the refresh for up to 30 s; the extension waits 200 ms here.
    expect(await readyToSend(client, storage, 200)).toEqual({
      kind: 'unreachable',
      message: 'Chloe could not be reached',
    });
    expect((fetch.mock.calls[0]?.[0] as string | undefined) ?? '').toContain('/auth/v1/token?grant_type=refresh_token');
    expect((await currentUser(storage))?.id).toBe(user.id);
  });

  it('a refresh the auth service answers is kept', async () => {
    const storage = stored(-60);
    const fresh = {
      access_token: 'h.p.s2',
      refresh_token: 'refresh-2',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      user,
    };
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValue(
        new Response(JSON.stringify(fresh), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    const client = sessionClient(config, storage, { global: { fetch } });
    expect(await readyToSend(client, storage)).toMatchObject({ kind: 'ready', user: { id: user.id } });
    expect(JSON.parse(storage.data.get(SESSION_KEY) as string)).toMatchObject({ refresh_token: 'refresh-2' });
  });

  it('a refresh token the auth service refuses signs the extension out', async () => {
    const storage = stored(-60);
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(
      new Response(
        JSON.stringify({
          code: 400,
          error_code: 'refresh_token_not_found',
          msg: 'Invalid Refresh Token: Refresh Token Not Found',
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      ),
    );
    const client = sessionClient(config, storage, { global: { fetch } });
    expect(await readyToSend(client, storage)).toEqual({ kind: 'signed-out' });
    expect(await currentUser(storage)).toBeNull();
  });

  it('signing out offline still signs out: the session is gone from storage', async () => {
    const storage = stored(-60);
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    const client = sessionClient(config, storage, { global: { fetch } });
    await signOutHere(client, storage);
    expect(storage.data.has(SESSION_KEY)).toBe(false);
    expect(await currentUser(storage)).toBeNull();
    expect(await readyToSend(client, storage)).toEqual({ kind: 'signed-out' });
    // The server was asked to end it (and could not be reached).
    expect(fetch.mock.calls[0]?.[0]).toContain('/auth/v1/logout?scope=local');
  });
});
