// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { add, getSize, removeAll, runAll } from './index';

afterEach(() => {
  removeAll();
  vi.restoreAllMocks();
});

describe('the unload stand-in', () => {
  it('runs its listeners on beforeunload, once each, and never listens to the deprecated unload event', async () => {
    const listen = vi.spyOn(window, 'addEventListener');
    const fn = vi.fn();
    add(fn);
    window.dispatchEvent(new Event('unload'));
    expect(fn).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('beforeunload'));
    expect(fn).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('beforeunload'));
    expect(fn).toHaveBeenCalledTimes(1);
    expect(listen.mock.calls.map(([type]) => type)).not.toContain('unload');
  });

  it('keeps the package API: remove, run and runAll', async () => {
    const a = vi.fn(() => 'a');
    const b = vi.fn(() => Promise.resolve('b'));
    const handleA = add(a);
    add(b);
    expect(getSize()).toBe(2);
    expect(handleA.remove()).toBe(true);
    expect(getSize()).toBe(1);
    expect(await runAll()).toEqual(['b']);
    expect(getSize()).toBe(0);
    const c = vi.fn(() => 'c');
    expect(add(c).run()).toBe('c');
    expect(getSize()).toBe(0);
  });
});
