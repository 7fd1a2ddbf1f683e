// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { heldFrames } from '../testing/frames';

// A fresh module per test: what the page holds is kept in the module.
const load = async () => {
  vi.resetModules();
  return import('./first-content');
};

describe('the work that waits for the page’s first content', () => {
  const { runFrames } = heldFrames();
  /** A frame is painted: its callbacks run, then the task after it. */
  const paint = async () => {
    runFrames();
    await vi.advanceTimersByTimeAsync(0);
  };
  const watch = (waiting: Promise<void>) => {
    const seen = { done: false };
    void waiting.then(() => (seen.done = true));
    return seen;
  };

  it('starts after two painted frames when the page holds nothing (its HTML is its content)', async () => {
    const { afterFirstContent } = await load();
    const work = watch(afterFirstContent());
    await paint();
    expect(work.done).toBe(false);
    await paint();
    expect(work.done).toBe(true);
  });

  it('waits for what the page holds, and the frame that paints it', async () => {
    const { afterFirstContent, holdFirstContent } = await load();
    let drawn!: () => void;
    holdFirstContent(new Promise<void>((resolve) => (drawn = resolve)));
    const work = watch(afterFirstContent());
    for (let i = 0; i < 5; i++) await paint();
    expect(work.done, 'held: not before the content').toBe(false);
    drawn();
    await vi.advanceTimersByTimeAsync(0);
    expect(work.done, 'not before the frame that paints it').toBe(false);
    await paint();
    expect(work.done).toBe(true);
  });

  it('takes a failed hold as arrived (the page shows the failure)', async () => {
    const { afterFirstContent, holdFirstContent } = await load();
    holdFirstContent(Promise.reject(new Error('refused')));
    const work = watch(afterFirstContent());
    await paint();
    await paint();
    expect(work.done).toBe(true);
  });

  it('waits no longer than its ceiling for content that never comes', async () => {
    const { afterFirstContent, holdFirstContent, FIRST_CONTENT_CEILING_MS } = await load();
    holdFirstContent(new Promise(() => {}));
    const work = watch(afterFirstContent());
    await paint();
    await vi.advanceTimersByTimeAsync(FIRST_CONTENT_CEILING_MS - 1);
    await paint();
    expect(work.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await paint();
    expect(work.done).toBe(true);
  });

  it('runs in a tab that paints no frame (opened in the background)', async () => {
    const { afterFirstContent } = await load();
    const work = watch(afterFirstContent());
    await vi.advanceTimersByTimeAsync(500);
    expect(work.done).toBe(true);
  });
});
