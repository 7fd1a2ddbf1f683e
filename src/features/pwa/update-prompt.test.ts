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

/** `controlled`: a worker controls the page as it starts (false on a first visit). */
function setup({ unsaved = false, controlled = true } = {}) {
  const wb = fakeWorkbox();
  let reloadAction: (() => void) | undefined;
  const deps = {
    controlled,
    offer: vi.fn((onReload: () => void) => (reloadAction = onReload)),
    blocked: vi.fn(),
    hasUnsavedInput: vi.fn(() => unsaved),
    reload: vi.fn(),
  };
  watchForUpdates(wb, deps);
  return { wb, deps, clickReload: () => reloadAction?.() };
}

describe('the update prompt', () => {
  it('a waiting worker is offered with a toast, and nothing reloads by itself', () => {
    const { wb, deps } = setup();
    expect(deps.offer).not.toHaveBeenCalled();
    wb.fire('waiting');
    expect(deps.offer).toHaveBeenCalledTimes(1);
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it("'Reload' sends skip-waiting, then reloads once the new worker controls the page", () => {
    const { wb, deps, clickReload } = setup();
    wb.fire('waiting');
    clickReload();
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(deps.reload).not.toHaveBeenCalled();
    wb.fire('controlling');
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('with unsaved wizard input, Reload does not reload: it says why and the offer stays', () => {
    const { wb, deps, clickReload } = setup({ unsaved: true });
    wb.fire('waiting');
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

  it('a tab open since the first visit: a later version is offered, and Reload reloads it', () => {
    const { wb, deps, clickReload } = setup({ controlled: false });
    wb.fire('controlling'); // the first install
    wb.fire('waiting');
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

  it('another tab taking the update never reloads this one', () => {
    const { wb, deps } = setup();
    wb.fire('waiting');
    wb.fire('controlling');
    expect(deps.reload).not.toHaveBeenCalled();
    expect(deps.offer).toHaveBeenCalledTimes(2);
  });
});
