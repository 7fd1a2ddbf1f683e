import { describe, expect, it, vi } from 'vitest';
import type { StartReply } from './api/start-conversation';
import { startSignedIn } from './start-signed-in';
import { VoiceStartError, type StartFailure } from './voice-rules';

const ok: StartReply = { ok: true, signedUrl: 'ws://voice/v1/convai/conversation?x', conversationId: 'conv_1' };
const auth: StartReply = { ok: false, kind: 'auth', message: 'Invalid JWT' };

function replies(...answers: StartReply[]) {
  const request = vi.fn(() => Promise.resolve(answers.shift() ?? ok));
  const refresh = vi.fn(() => Promise.resolve({ ok: true } as const));
  return { request, refresh };
}

async function failureOf(promise: Promise<unknown>): Promise<StartFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VoiceStartError);
  return (error as VoiceStartError).failure;
}

describe('starting a signed-in call (refresh and retry, at most 2 retries)', () => {
  it('returns the signed URL at once when the function gives one', async () => {
    const deps = replies(ok);
    await expect(startSignedIn(deps)).resolves.toEqual({ signedUrl: ok.signedUrl, conversationId: 'conv_1' });
    expect(deps.request).toHaveBeenCalledTimes(1);
    expect(deps.refresh).not.toHaveBeenCalled();
  });

  it('refreshes the session and tries again after an authentication failure', async () => {
    const deps = replies(auth, ok);
    await expect(startSignedIn(deps)).resolves.toMatchObject({ conversationId: 'conv_1' });
    expect(deps.request).toHaveBeenCalledTimes(2);
    expect(deps.refresh).toHaveBeenCalledTimes(1);
  });

  it('succeeds on the second retry', async () => {
    const deps = replies(auth, auth, ok);
    await expect(startSignedIn(deps)).resolves.toMatchObject({ signedUrl: ok.signedUrl });
    expect(deps.request).toHaveBeenCalledTimes(3);
  });

  it('stops after 2 retries: Authentication Error', async () => {
    const deps = replies(auth, auth, auth, ok);
    expect(await failureOf(startSignedIn(deps))).toEqual({ kind: 'retries-exhausted' });
    expect(deps.request).toHaveBeenCalledTimes(3);
    expect(deps.refresh).toHaveBeenCalledTimes(2);
  });

  it('stops at once when the refresh fails: the session has expired', async () => {
    const deps = replies(auth, ok);
    deps.refresh.mockResolvedValueOnce({ ok: false, message: 'No session after refresh' } as never);
    expect(await failureOf(startSignedIn(deps))).toEqual({
      kind: 'session-expired',
      detail: 'No session after refresh',
    });
    expect(deps.request).toHaveBeenCalledTimes(1);
  });

  it('signed out meanwhile (the call went with the anon key): Authentication Required, no refresh', async () => {
    const deps = replies({ ok: false, kind: 'signed-out', message: 'Please sign in to use Chloe' });
    expect(await failureOf(startSignedIn(deps))).toEqual({ kind: 'not-signed-in' });
    expect(deps.refresh).not.toHaveBeenCalled();
  });

  it('does not retry what a refresh cannot fix', async () => {
    const down = replies({ ok: false, kind: 'refused', message: 'The voice service is not available.' });
    expect(await failureOf(startSignedIn(down))).toEqual({
      kind: 'other',
      message: 'The voice service is not available.',
    });
    expect(down.refresh).not.toHaveBeenCalled();
    const offline = replies({ ok: false, kind: 'network', message: 'Failed to fetch' });
    expect(await failureOf(startSignedIn(offline))).toEqual({ kind: 'connection' });
    expect(offline.request).toHaveBeenCalledTimes(1);
  });
});
