// supervise(): a service that ends on its own is started again and logged; one stopped on purpose
// is not. Fake services with millisecond delays: the real ones are in
// tests/integration/sync/faults.test.ts.
import { describe, expect, it, vi } from 'vitest';
import type { Exit } from './process.mjs';
import { supervise } from './supervise.mjs';

function fakeService(pid: number) {
  let end: (exit: Exit) => void = () => {};
  const exited = new Promise<Exit>((resolve) => (end = resolve));
  return {
    pid,
    exited,
    stop: async () => end({ code: 0, signal: null }),
    crash: () => end({ code: null, signal: 'SIGKILL' }),
  };
}

function harness(failures = 0) {
  const notices: string[] = [];
  const services: ReturnType<typeof fakeService>[] = [];
  let failing = failures;
  const launch = async () => {
    if (services.length > 0 && failing > 0) {
      failing -= 1;
      throw new Error('port in use\nand more detail');
    }
    const service = fakeService(100 + services.length);
    services.push(service);
    return service;
  };
  const start = () =>
    supervise('Thing', launch, { notice: (line) => notices.push(line), firstDelayMs: 5, maxDelayMs: 20 });
  return { notices, services, start };
}

/** Until `check` holds: vitest's waitFor, asked every 5 ms (the restarts here take milliseconds). */
const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 5000, interval: 5 });

describe('supervise', () => {
  it('starts a service that exits on its own again, and says so', async () => {
    const h = harness();
    const thing = await h.start();
    expect(thing.pid()).toBe(100);
    h.services[0]!.crash();
    await until(() => thing.pid() === 101);
    expect(h.notices).toEqual(['Thing exited (signal SIGKILL); restarting', 'Thing is back']);
    await thing.stop();
  });

  it('keeps trying with a growing delay while the service does not start', async () => {
    const h = harness(3);
    const thing = await h.start();
    h.services[0]!.crash();
    await until(() => thing.pid() === 101);
    expect(h.notices).toEqual([
      'Thing exited (signal SIGKILL); restarting',
      'Thing did not start again (port in use); retrying in 0.01 s',
      'Thing did not start again (port in use); retrying in 0.02 s',
      'Thing did not start again (port in use); retrying in 0.02 s',
      'Thing is back',
    ]);
    await thing.stop();
  });

  it('leaves a service stopped on purpose down until start, and restarts nothing once held', async () => {
    const h = harness();
    const thing = await h.start();
    // A witness supervised the same way, which ends by itself at the same moment: once it is back,
    // the other would have been too, had it been restarted.
    const w = harness();
    const witness = await w.start();
    await thing.stop();
    w.services[0]!.crash();
    await until(() => witness.pid() === 101);
    expect(thing.pid()).toBeUndefined();
    expect(h.services).toHaveLength(1);

    await thing.start();
    expect(thing.pid()).toBe(101);

    // A shutdown under way: the service ends by itself (Ctrl-C reached it too) and stays ended.
    thing.hold();
    h.services[1]!.crash();
    w.services[1]!.crash();
    await until(() => witness.pid() === 102);
    expect(h.services).toHaveLength(2);
    expect(h.notices).toEqual([]);
    await witness.stop();
  });

  it('stops during the backoff without starting anything more', async () => {
    const h = harness(1000);
    const thing = await h.start();
    // A witness failing the same way, on the same delays: its next attempt is when this one's would be.
    const w = harness(1000);
    const witness = await w.start();
    h.services[0]!.crash();
    w.services[0]!.crash();
    await until(() => h.notices.length >= 2);
    await thing.stop();
    const seen = h.notices.length;
    await until(() => w.notices.length > seen);
    expect(h.notices).toHaveLength(seen);
    expect(thing.pid()).toBeUndefined();
    await witness.stop();
  });
});
