import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBackoff } from './backoff';

describe('createBackoff', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function waited(backoff: ReturnType<typeof createBackoff>) {
    let done = false;
    void backoff.ready().then(() => (done = true));
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(0);
    while (!done) await vi.advanceTimersByTimeAsync(100);
    return Date.now() - start;
  }

  it('lets requests go at once until something fails', async () => {
    expect(await waited(createBackoff(1000, 8000))).toBe(0);
  });

  it('doubles the wait after each failed round, up to the maximum', async () => {
    const b = createBackoff(1000, 4000);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      b.fail();
      waits.push(await waited(b));
    }
    expect(waits).toEqual([1000, 2000, 4000, 4000]);
  });

  it('does not double again for requests that failed within the same wait', () => {
    const b = createBackoff(1000, 60_000);
    b.fail();
    b.fail();
    b.fail();
    let done = false;
    void b.ready().then(() => (done = true));
    return vi.advanceTimersByTimeAsync(1000).then(() => expect(done).toBe(true));
  });

  it('a success resets the wait; wake() ends a wait at once', async () => {
    const b = createBackoff(1000, 60_000);
    b.fail();
    b.succeed();
    expect(await waited(b)).toBe(0);

    b.fail();
    await waited(b);
    b.fail(); // now 2 s
    let done = false;
    void b.ready().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toBe(false);
    b.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });
});
