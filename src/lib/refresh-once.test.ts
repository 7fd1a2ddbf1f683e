import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetRefreshAnswers, refreshOnce } from './refresh-once';

/** navigator.locks as the browser gives it to tabs: one holder at a time, the others in turn. */
function fifoLocks() {
  let tail = Promise.resolve();
  return {
    request: (_name: string, _options: unknown, callback: () => Promise<unknown>) => {
      const turn = tail.then(() => callback());
      tail = turn.then(
        () => undefined,
        () => undefined,
      );
      return turn;
    },
  };
}

const session = (refreshToken: string) =>
  JSON.stringify({ access_token: `access-${refreshToken}`, refresh_token: refreshToken, expires_in: 3600 });

/** A network that answers each refresh with a new session, and counts what it was sent. */
function network(answer = (n: number) => new Response(session(`new-${n}`), { status: 200 })) {
  const sent: string[] = [];
  return {
    sent,
    send: (token: string) => () => {
      sent.push(token);
      return Promise.resolve(answer(sent.length));
    },
  };
}

beforeEach(() => vi.stubGlobal('navigator', { locks: fifoLocks() }));
afterEach(async () => {
  await forgetRefreshAnswers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('one refresh per refresh token', () => {
  it('answers a refresh token already answered on the device, with the same session', async () => {
    const net = network();
    const first = await (await refreshOnce('old', net.send('old'))).text();
    const again = await refreshOnce('old', net.send('old'));
    expect(net.sent).toEqual(['old']);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(first);
  });

  it('sends another refresh token, and a refresh made while one is out waits for its answer', async () => {
    let answer!: (response: Response) => void;
    let out!: () => void;
    const sentOut = new Promise<void>((resolve) => (out = resolve));
    const sent: string[] = [];
    const first = refreshOnce('old', () => {
      sent.push('old');
      out();
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    const second = refreshOnce('old', () => {
      sent.push('old, again');
      return Promise.resolve(new Response(session('other'), { status: 200 }));
    });
    await sentOut;
    answer(new Response(session('new'), { status: 200 }));
    expect(await (await first).text()).toBe(session('new'));
    expect(await (await second).text()).toBe(session('new'));
    expect(sent).toEqual(['old']);

    const net = network();
    await refreshOnce('new', net.send('new'));
    expect(net.sent).toEqual(['new']);
  });

  it('keeps an answer a minute only', async () => {
    const net = network();
    await refreshOnce('old', net.send('old'));
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    await refreshOnce('old', net.send('old'));
    expect(net.sent).toEqual(['old', 'old']);
  });

  it('keeps no refusal and no answer without a session: they are asked again', async () => {
    const refused = network(() => new Response('{"error_code":"refresh_token_not_found"}', { status: 400 }));
    expect((await refreshOnce('old', refused.send('old'))).status).toBe(400);
    expect((await refreshOnce('old', refused.send('old'))).status).toBe(400);
    expect(refused.sent).toEqual(['old', 'old']);
    const empty = network(() => new Response('{}', { status: 200 }));
    await refreshOnce('other', empty.send('other'));
    await refreshOnce('other', empty.send('other'));
    expect(empty.sent).toEqual(['other', 'other']);
  });

  it('forgets every answer at sign-out', async () => {
    const net = network();
    await refreshOnce('old', net.send('old'));
    await forgetRefreshAnswers();
    await refreshOnce('old', net.send('old'));
    expect(net.sent).toEqual(['old', 'old']);
  });

  it('sends every refresh where the browser has no locks', async () => {
    vi.stubGlobal('navigator', {});
    const net = network();
    await refreshOnce('old', net.send('old'));
    await refreshOnce('old', net.send('old'));
    expect(net.sent).toEqual(['old', 'old']);
  });
});
