import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ALREADY_THERE,
  fakeServer,
  NO_CONNECTION,
  PHONE_REFUSED,
  row,
} from '../../../../testing/fake-demo-request-server';
import { sendDemoRequest } from './send-demo-request';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sendDemoRequest', () => {
  it('tells sent, no connection, refused and failed apart', async () => {
    const server = fakeServer();
    expect(await sendDemoRequest(server.client, row())).toEqual({ kind: 'sent' });
    server.answerNext(ALREADY_THERE);
    // Already received under this id: a re-send, not a failure.
    expect(await sendDemoRequest(server.client, row())).toEqual({ kind: 'sent' });
    server.answerNext(NO_CONNECTION);
    expect(await sendDemoRequest(server.client, row())).toEqual({
      kind: 'offline',
      message: 'TypeError: Failed to fetch',
    });
    server.answerNext(Object.assign(new Error('The user aborted a request.'), { name: 'AbortError' }));
    expect((await sendDemoRequest(server.client, row())).kind).toBe('offline');
    server.answerNext(PHONE_REFUSED);
    expect(await sendDemoRequest(server.client, row())).toEqual({
      kind: 'refused',
      refusal: {
        code: '23514',
        message: PHONE_REFUSED.error!.message,
        constraint: 'demo_requests_phone_format',
      },
    });
    server.answerNext({ error: { code: '', message: 'Internal Server Error' }, status: 500 });
    expect(await sendDemoRequest(server.client, row())).toEqual({ kind: 'failed', message: 'Internal Server Error' });
    server.answerNext({ error: { code: '23505', message: 'violates unique constraint "other_key"' }, status: 409 });
    expect((await sendDemoRequest(server.client, row())).kind).toBe('refused');
  });
});

describe('sendDemoRequest, a request that hangs', () => {
  it('gives up after its timeout and reports no connection (the request is then kept)', async () => {
    const server = fakeServer();
    const timeout = new AbortController();
    const asked = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timeout.signal);
    server.insert.mockImplementationOnce(
      (_row, signal) =>
        new Promise((_resolve, reject) =>
          signal?.addEventListener('abort', () =>
            reject(Object.assign(new Error('signal timed out'), { name: 'AbortError' })),
          ),
        ),
    );
    const sending = sendDemoRequest(server.client, row());
    expect(asked).toHaveBeenCalledWith(30_000);
    timeout.abort();
    expect(await sending).toEqual({ kind: 'offline', message: 'signal timed out' });
  });
});
