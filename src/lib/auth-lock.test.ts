// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authLock, noteRefresh } from './auth-lock';
import { fifoLocks } from '../testing/fifo-locks';

const tasks = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

beforeEach(() => vi.stubGlobal('navigator', { ...navigator, locks: fifoLocks() }));
afterEach(() => vi.unstubAllGlobals());

describe('the auth lock', () => {
  it('is let go once a refresh sent as its turn ended is answered', async () => {
    const events: string[] = [];
    let answer!: (response: Response) => void;
    // auth-js lets a call made at the end of its turn run outside the lock: it refreshes then.
    const first = authLock('lock:auth', -1, () => {
      void Promise.resolve().then(() => noteRefresh(new Promise<Response>((resolve) => (answer = resolve))));
      return Promise.resolve('first');
    });
    // Another tab's turn, asked meanwhile: it reads the session then.
    const second = authLock('lock:auth', -1, () => {
      events.push('second turn');
      return Promise.resolve('second');
    });
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    await tasks(3);
    events.push('answered');
    answer(new Response('{}', { status: 200 }));
    expect(await first).toBe('first');
    expect(await second).toBe('second');
    expect(events).toEqual(['answered', 'second turn']);
  });

  it('is not held for good by a refresh never answered', async () => {
    const first = authLock('lock:auth', -1, () => {
      noteRefresh(new Promise<Response>(() => undefined));
      return Promise.resolve('first');
    });
    const second = authLock('lock:auth', -1, () => Promise.resolve('second'));
    expect(await first).toBe('first');
    expect(await second).toBe('second');
  });

  it('is let go at once when no refresh is under way, and after a refused or failed one', async () => {
    expect(await authLock('lock:auth', -1, () => Promise.resolve(1))).toBe(1);
    noteRefresh(Promise.resolve(new Response('{}', { status: 400 })));
    expect(await authLock('lock:auth', -1, () => Promise.resolve(2))).toBe(2);
    noteRefresh(Promise.reject(new TypeError('Failed to fetch')));
    expect(await authLock('lock:auth', -1, () => Promise.resolve(3))).toBe(3);
  });
});
