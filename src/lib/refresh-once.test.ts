import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWERS_DATABASE, forgetRefreshAnswers, refreshOnce } from './refresh-once';
import { done, smallDatabase } from './small-database';
import { fifoLocks } from '../testing/fifo-locks';

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

const answers = smallDatabase(ANSWERS_DATABASE, 'answers', 'sent');
const keptAnswers = () => answers.run('readonly', (store) => done(store.count()));

/** A gate never free in time (another tab's refresh hangs). */
const busyLocks = () => ({
  request: () => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError')),
});

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
    // The first is out (it holds the gate) before the second is asked.
    await sentOut;
    const second = refreshOnce('old', () => {
      sent.push('old, again');
      return Promise.resolve(new Response(session('other'), { status: 200 }));
    });
    answer(new Response(session('new'), { status: 200 }));
    expect(await (await first).text()).toBe(session('new'));
    expect(await (await second).text()).toBe(session('new'));
    expect(sent).toEqual(['old']);

    const net = network();
    await refreshOnce('new', net.send('new'));
    expect(net.sent).toEqual(['new']);
  });

  it('keeps an answer a minute only, and then deletes it (it holds a session)', async () => {
    const net = network();
    await refreshOnce('old', net.send('old'));
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    await refreshOnce('old', net.send('old'));
    expect(net.sent).toEqual(['old', 'old']);
    // The new answer alone: the old one went as its minute was over.
    expect(await keptAnswers()).toBe(1);
    // A clock set back an hour does not make an answer last for ever.
    vi.spyOn(Date, 'now').mockReturnValue(now - 3_600_000);
    await refreshOnce('old', net.send('old'));
    expect(net.sent).toEqual(['old', 'old', 'old']);
  });

  it('drops what it kept when a refresh token is refused: the session has ended', async () => {
    await refreshOnce('old', network().send('old'));
    const refused = network(() => new Response('{"error_code":"session_not_found"}', { status: 403 }));
    await refreshOnce('other', refused.send('other'));
    expect(await keptAnswers()).toBe(0);
  });

  it('does not give an answer whose session was signed out here', async () => {
    const net = network();
    await refreshOnce('old', net.send('old'));
    await refreshOnce('old', net.send('old'), (token) => token === 'new-1');
    expect(net.sent).toEqual(['old', 'old']);
  });

  it('with the gate not free in time, still gives a kept answer, else sends', async () => {
    const net = network();
    await refreshOnce('old', net.send('old'));
    vi.stubGlobal('navigator', { locks: busyLocks() });
    expect(await (await refreshOnce('old', net.send('old'))).text()).toBe(session('new-1'));
    await refreshOnce('other', net.send('other'));
    expect(net.sent).toEqual(['old', 'other']);
  });

  it("passes on a failure of the refresh's own, and does not send it again", async () => {
    const sent: string[] = [];
    const aborted = refreshOnce('old', () => {
      sent.push('old');
      return Promise.reject(new DOMException('The user aborted a request.', 'AbortError'));
    });
    await expect(aborted).rejects.toThrow('aborted');
    expect(sent).toEqual(['old']);
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
