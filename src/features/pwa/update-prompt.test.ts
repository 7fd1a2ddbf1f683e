import { describe, expect, it, vi } from 'vitest';
import { watchForUpdates, type UpdateSource } from './update-prompt';

// A stand-in for workbox-window's Workbox: events are fired by the test.
function fakeWorkbox() {
  const listeners = new Map<string, (() => void)[]>();
  const source: UpdateSource & { fire(type: 'waiting' | 'controlling'): void } = {
    addEventListener: (type, listener) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    messageSkipWaiting: vi.fn(),
    fire: (type) => listeners.get(type)?.forEach((l) => l()),
  };
  return source;
}

/** `controlled`: a worker controls the page as it starts (false on a first visit). `behindActive`:
 *  the waiting worker waits behind an active one (false for a first install slow to activate). */
function setup({ unsaved = false, controlled = true, behindActive = true } = {}) {
  const wb = fakeWorkbox();
  let reloadAction: (() => void) | undefined;
  const reads: Promise<boolean>[] = [];
  const deps = {
    controlled,
    waitsBehindActive: vi.fn(() => {
      const read = Promise.resolve(behindActive);
      reads.push(read);
      return read;
    }),
    offer: vi.fn((onReload: () => void) => (reloadAction = onReload)),
    blocked: vi.fn(),
    hasUnsavedInput: vi.fn(() => unsaved),
    reload: vi.fn(),
  };
  watchForUpdates(wb, deps);
  // Once every registration read has answered, the prompt has acted on it (its callback came first).
  const answered = () => Promise.all(reads);
  const fireWaiting = async () => {
    wb.fire('waiting');
    await answered();
  };
  return { wb, deps, fireWaiting, clickReload: () => reloadAction?.() };
}

describe('the update prompt', () => {
  it('a waiting worker is offered with a toast, and nothing reloads by itself', async () => {
    const { wb, deps, fireWaiting } = setup();
    expect(deps.offer).not.toHaveBeenCalled();
    await fireWaiting();
    expect(deps.offer).toHaveBeenCalledTimes(1);
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it("'Reload' sends skip-waiting, then reloads once the new worker controls the page", async () => {
    const { wb, deps, clickReload, fireWaiting } = setup();
    await fireWaiting();
    clickReload();
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(deps.reload).not.toHaveBeenCalled();
    wb.fire('controlling');
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('with unsaved wizard input, Reload does not reload: it says why and the offer stays', async () => {
    const { wb, deps, clickReload, fireWaiting } = setup({ unsaved: true });
    await fireWaiting();
    clickReload();
    expect(deps.blocked).toHaveBeenCalledTimes(1);
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    expect(deps.reload).not.toHaveBeenCalled();
    expect(deps.offer).toHaveBeenCalledTimes(2);
  });

  it('the first install taking control is no update: nothing is offered', () => {
    const { wb, deps } = setup({ controlled: false });
    wb.fire('controlling');
    expect(deps.offer).not.toHaveBeenCalled();
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it('a tab open since the first visit: a later version is offered, and Reload reloads it', async () => {
    const { wb, deps, clickReload, fireWaiting } = setup({ controlled: false });
    wb.fire('controlling'); // the first install
    await fireWaiting();
    expect(deps.offer).toHaveBeenCalledTimes(1);
    clickReload();
    wb.fire('controlling');
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('a tab open since the first visit: another tab taking a later version is offered, not reloaded', () => {
    const { wb, deps } = setup({ controlled: false });
    wb.fire('controlling');
    wb.fire('controlling');
    expect(deps.reload).not.toHaveBeenCalled();
    expect(deps.offer).toHaveBeenCalledTimes(1);
  });

  it('a first install still waiting to activate (a slow device) is no update: nothing is offered', async () => {
    const { wb, deps, fireWaiting } = setup({ controlled: false, behindActive: false });
    await fireWaiting();
    wb.fire('controlling');
    expect(deps.waitsBehindActive).toHaveBeenCalledTimes(1);
    expect(deps.offer).not.toHaveBeenCalled();
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it('another tab taking the update never reloads this one', async () => {
    const { wb, deps, fireWaiting } = setup();
    await fireWaiting();
    wb.fire('controlling');
    expect(deps.reload).not.toHaveBeenCalled();
    expect(deps.offer).toHaveBeenCalledTimes(2);
  });
});
