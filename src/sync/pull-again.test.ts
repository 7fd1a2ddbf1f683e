import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounced, HELD_FIRST_MS, HELD_MAX_MS, heldRows } from './pull-again';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** The delays between a held answer and the pull it schedules, for `n` held answers in a row. */
function delaysOf(n: number) {
  const pulls: number[] = [];
  const held = heldRows(() => pulls.push(Date.now()));
  let last = Date.now();
  const delays: number[] = [];
  for (let i = 0; i < n; i++) {
    held.note(true);
    vi.runOnlyPendingTimers();
    delays.push(pulls.at(-1)! - last);
    last = pulls.at(-1)!;
  }
  return { delays, held, pulls };
}

describe('heldRows: pulling again while the server holds rows back', () => {
  it('asks again soon, then less often, never less often than every 2 s', () => {
    const { delays } = delaysOf(8);
    expect(delays).toEqual([50, 100, 200, 400, 800, 1600, 2000, 2000]);
    expect(delays[0]).toBe(HELD_FIRST_MS);
    expect(Math.max(...delays)).toBe(HELD_MAX_MS);
  });

  it('a pull that finds nothing held ends it, and the next held answer starts again soon', () => {
    const { held, pulls } = delaysOf(4);
    held.note(true);
    held.note(false);
    vi.advanceTimersByTime(10_000);
    expect(pulls).toHaveLength(4);
    const from = Date.now();
    held.note(true);
    vi.runOnlyPendingTimers();
    expect(pulls).toHaveLength(5);
    expect(pulls.at(-1)! - from).toBe(HELD_FIRST_MS);
  });

  it('held answers while a pull is scheduled schedule no second one', () => {
    const pulls: number[] = [];
    const held = heldRows(() => pulls.push(Date.now()));
    for (let i = 0; i < 5; i++) held.note(true);
    vi.advanceTimersByTime(HELD_FIRST_MS);
    expect(pulls).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(pulls).toHaveLength(1);
  });

  it('cancelled (the replication stopped), it pulls no more', () => {
    const pulls: number[] = [];
    const held = heldRows(() => pulls.push(Date.now()));
    held.note(true);
    held.cancel();
    vi.advanceTimersByTime(10_000);
    expect(pulls).toEqual([]);
  });
});

describe('debounced', () => {
  it('runs once, `ms` after the last of a run of calls', () => {
    const fn = vi.fn();
    const d = debounced(fn, 30);
    d.run();
    vi.advanceTimersByTime(20);
    d.run();
    vi.advanceTimersByTime(29);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    d.run();
    d.cancel();
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
