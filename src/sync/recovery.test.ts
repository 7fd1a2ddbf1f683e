// After a long outage the engine resumes within seconds of the server answering again, not after
// the backoff's minute. A fake table and fake timers stand in for the network.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BehaviorSubject } from 'rxjs';
import type { DatabaseClient } from './client';
import type { ConflictLog } from './conflict-log';
import { PROBE_EVERY_MS, startSync, type SyncTable } from './engine';
import type { Outbox } from './outbox';
import { SyncError, type ReplicationHooks } from './server-call';

// Nothing waits and nothing was lost: this test is about the engine's timing alone.
const local = {
  outbox: { waiting$: () => new BehaviorSubject([]), entries: () => Promise.resolve([]) } as unknown as Outbox,
  conflictLog: {
    counts$: () => new BehaviorSubject({ conflicts: 0, toReview: 0 }),
  } as unknown as ConflictLog,
  rules: {},
};

describe('recovery after an outage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('probes while requests fail and syncs as soon as the server answers', async () => {
    let hooks: ReplicationHooks | undefined;
    const reSync = vi.fn();
    const table: SyncTable = {
      name: 'fake',
      read: () => Promise.resolve(null),
      start: (shared) => {
        hooks = shared.hooks;
        return {
          active$: new BehaviorSubject(false),
          reSync,
          awaitInSync: () => Promise.resolve(),
          awaitInitialReplication: () => Promise.resolve(),
          cancel: () => Promise.resolve(),
        };
      },
    };
    let serverUp = false;
    const probe = vi.fn(() => Promise.resolve(serverUp));
    const engine = startSync({
      local,
      client: {} as DatabaseClient,
      tables: [table],
      identifier: 'u1',
      listen: false,
      probe,
    });

    // Two minutes of failures: the backoff is at its longest wait.
    const down = new SyncError('The server cannot be reached', undefined, true);
    for (let t = 0; t < 120_000; t += 1000) {
      hooks!.onAttempt(down);
      await vi.advanceTimersByTimeAsync(1000);
    }
    let waited = false;
    void hooks!.ready().then(() => (waited = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(waited).toBe(false);
    expect(probe).toHaveBeenCalled();

    serverUp = true;
    reSync.mockClear();
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS + 10);
    expect(reSync).toHaveBeenCalled();
    expect(waited).toBe(true);

    // Once a request succeeds, probing stops.
    hooks!.onAttempt(null);
    probe.mockClear();
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS * 5);
    expect(probe).not.toHaveBeenCalled();
    await engine.stop();
  });
});
