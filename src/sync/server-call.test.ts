// A sync request of a signed-in user's data goes only with their session: without it supabase-js
// sends as anonymous, and a push is refused as another account's change — a session ended
// elsewhere would leave the waiting change refused, never sent after signing in again.
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { DatabaseClient } from './client';
import { callServer, NOT_SIGNED_IN, SyncError, type ReplicationHooks } from './server-call';

const client = { auth: { refreshSession: vi.fn() } } as unknown as DatabaseClient;
const answer = { data: { conflicts: [], errors: [] }, error: null };

function hooks(signedIn?: boolean[]): ReplicationHooks & { onAttempt: Mock<ReplicationHooks['onAttempt']> } {
  const answers = [...(signedIn ?? [])];
  return {
    ready: () => Promise.resolve(),
    onAttempt: vi.fn<ReplicationHooks['onAttempt']>(),
    ...(signedIn ? { signedIn: () => Promise.resolve(answers.shift() ?? false) } : {}),
  };
}

describe('callServer and the session', () => {
  it('sends nothing once the session has gone, and says it may be tried again', async () => {
    const send = vi.fn(() => Promise.resolve(answer));
    const h = hooks([false]);
    const failed = await callServer(client, send, h).catch((e: unknown) => e);
    expect(send).not.toHaveBeenCalled();
    expect(failed).toBeInstanceOf(SyncError);
    expect(failed).toMatchObject({ message: NOT_SIGNED_IN, retryable: true });
    expect(h.onAttempt).toHaveBeenCalledWith(failed, expect.any(Number));
  });

  it('does not take the answer of a request the session ended during (it went as anonymous)', async () => {
    const refused = {
      data: { conflicts: [], errors: [{ id: 'x', code: '42501', message: 'not yours' }] },
      error: null,
    };
    const send = vi.fn(() => Promise.resolve(refused));
    const h = hooks([true, false]);
    await expect(callServer(client, send, h)).rejects.toMatchObject({ message: NOT_SIGNED_IN, retryable: true });
    expect(send).toHaveBeenCalledOnce();
  });

  it('answers as before while signed in, and for a sync that needs no session (an assessment link)', async () => {
    const send = vi.fn(() => Promise.resolve(answer));
    await expect(callServer(client, send, hooks([true, true]))).resolves.toEqual(answer.data);
    const h = hooks();
    await expect(callServer(client, send, h)).resolves.toEqual(answer.data);
    expect(h.onAttempt).toHaveBeenCalledWith(null, expect.any(Number));
  });
});

describe('callServer and a token the server refuses', () => {
  const jwsError = { data: null, error: { code: 'PGRST301', message: 'JWSError JWSInvalidSignature' } };

  it('a token that does not verify is refreshed and the request sent again', async () => {
    const refresh = vi.fn(() => Promise.resolve({ error: null }));
    const c = { auth: { refreshSession: refresh } } as unknown as DatabaseClient;
    const send = vi.fn().mockResolvedValueOnce(jwsError).mockResolvedValueOnce(answer);
    await expect(callServer(c, send, hooks())).resolves.toEqual(answer.data);
    expect(refresh).toHaveBeenCalledOnce();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("never shows PostgREST's words: a refusal that stays is the sign-in to renew", async () => {
    const c = {
      auth: { refreshSession: vi.fn(() => Promise.resolve({ error: new Error('offline') })) },
    } as unknown as DatabaseClient;
    const send = vi.fn(() => Promise.resolve(jwsError));
    const failed = await callServer(c, send, hooks()).catch((e: unknown) => e);
    expect(failed).toMatchObject({ message: NOT_SIGNED_IN, code: 'PGRST301', retryable: true });
    expect(String((failed as Error).message)).not.toContain('JWSError');
  });
});
