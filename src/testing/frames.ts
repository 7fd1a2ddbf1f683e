import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Frames that run when a test says so, with fake timeouts (lib/after-paint waits for the task
 * after a frame, or for a timeout where none comes). Call inside a describe block.
 */
export function heldFrames() {
  const frames: FrameRequestCallback[] = [];
  beforeEach(() => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    frames.splice(0);
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  return {
    frames,
    /** Runs the frames asked for so far (the browser draws one). */
    runFrames: () => frames.splice(0).forEach((frame) => frame(performance.now())),
  };
}
