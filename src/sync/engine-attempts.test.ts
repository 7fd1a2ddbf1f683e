// What the sync status says about failed requests: the last failure, in words, and never one of a
// request made before the device came back online (a reconnect flashed "cannot be reached").
import { describe, expect, it, vi } from 'vitest';
import { attempts, SETTLING_MS } from './engine-attempts';
import { SyncError } from './server-call';

const unreachable = () => new SyncError('The server cannot be reached', undefined, true);

function watched() {
  const said: (string | null)[] = [];
  const a = attempts({ probe: async () => false, onBack: vi.fn(), onError: (s) => said.push(s) });
  return { a, said };
}

describe('attempts', () => {
  it('a failure is said in words; the next success clears it', () => {
    const { a, said } = watched();
    a.onAttempt(unreachable());
    a.onAttempt(null);
    a.stop();
    expect(said).toHaveLength(2);
    expect(said[0]).toMatch(/cannot be reached/);
    expect(said[1]).toBeNull();
  });

  it('back online: a request made while offline that fails after is not news', () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000);
    try {
      const { a, said } = watched();
      const startedOffline = Date.now();
      now.mockReturnValue(2_000);
      a.cameOnline();
      a.onAttempt(unreachable(), startedOffline);
      expect(said).toEqual([null]);
      // Nor one made while the connection settles; one made after it is.
      a.onAttempt(unreachable(), 2_500);
      expect(said).toEqual([null]);
      now.mockReturnValue(2_000 + SETTLING_MS + 100);
      a.onAttempt(unreachable(), 2_000 + SETTLING_MS);
      a.stop();
      expect(said).toHaveLength(2);
      expect(said[1]).toMatch(/cannot be reached/);
    } finally {
      now.mockRestore();
    }
  });

  it('going offline: a request cut off before the browser says so is not news', () => {
    let offline = false;
    const said: (string | null)[] = [];
    const a = attempts({
      probe: async () => false,
      onBack: vi.fn(),
      onError: (s) => said.push(s),
      offline: () => offline,
    });
    offline = true;
    a.onAttempt(unreachable());
    expect(said).toEqual([]);
    // A refusal is still said, offline or not.
    a.onAttempt(new SyncError('new row violates check constraint', '23514', false));
    a.stop();
    expect(said).toEqual(['new row violates check constraint']);
  });
});
