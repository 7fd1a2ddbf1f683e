// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRegistry, createSignal, createStore, localStore, useStore } from './store';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('createStore', () => {
  it('holds a value and tells each listener of a change, not of the same value set again', () => {
    const store = createStore({ n: 1 });
    const heard = vi.fn();
    const stop = store.subscribe(heard);
    const same = store.get();
    store.set(same);
    expect(heard).not.toHaveBeenCalled();
    store.set({ n: 2 });
    expect(store.get()).toEqual({ n: 2 });
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    store.set({ n: 3 });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('is React state through useStore', () => {
    const store = createStore('a');
    const { result } = renderHook(() => useStore(store));
    expect(result.current).toBe('a');
    act(() => store.set('b'));
    expect(result.current).toBe('b');
  });
});

describe('createSignal', () => {
  it('calls every listener in turn, one that removes itself during the call included', () => {
    const signal = createSignal();
    const calls: string[] = [];
    const stopFirst = signal.subscribe(() => {
      calls.push('first');
      stopFirst();
    });
    signal.subscribe(() => calls.push('second'));
    signal.notify();
    signal.notify();
    expect(calls).toEqual(['first', 'second', 'second']);
  });
});

describe('localStore', () => {
  const counts = () =>
    localStore<Record<string, number>>('test:counts', {
      parse: (raw) => (typeof raw === 'object' && raw !== null ? (raw as Record<string, number>) : {}),
      isEmpty: (all) => Object.keys(all).length === 0,
    });

  it('keeps its value in localStorage, and removes the key when empty', () => {
    const store = counts();
    store.set({ a: 1 });
    expect(localStorage.getItem('test:counts')).toBe('{"a":1}');
    expect(counts().get()).toEqual({ a: 1 });
    store.set({});
    expect(localStorage.getItem('test:counts')).toBeNull();
  });

  it('reads the same stored text as the same value (React compares by identity)', () => {
    const store = counts();
    store.set({ a: 1 });
    expect(store.get()).toBe(store.get());
  });

  it('reads what is not JSON, or storage that throws, as parse(undefined); a refused write is not a crash', () => {
    const store = counts();
    localStorage.setItem('test:counts', '{not json');
    expect(store.get()).toEqual({});
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(store.get()).toEqual({});
    const heard = vi.fn();
    store.subscribe(heard);
    expect(() => store.set({ a: 2 })).not.toThrow();
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('hears another tab change its key (a storage event), and no other key', () => {
    const store = counts();
    const { result } = renderHook(() => useStore(store));
    expect(result.current).toEqual({});
    act(() => {
      localStorage.setItem('test:other', '1');
      window.dispatchEvent(new StorageEvent('storage', { key: 'test:other' }));
    });
    expect(result.current).toEqual({});
    act(() => {
      localStorage.setItem('test:counts', '{"b":2}');
      window.dispatchEvent(new StorageEvent('storage', { key: 'test:counts' }));
    });
    expect(result.current).toEqual({ b: 2 });
  });
});

describe('createRegistry', () => {
  it('holds members until their removal, which says whether each was still there', () => {
    const held = createRegistry<string>();
    const removeA = held.add('a');
    held.add('b');
    expect(held.values()).toEqual(['a', 'b']);
    expect(removeA()).toBe(true);
    expect(removeA()).toBe(false);
    expect(held.size()).toBe(1);
    expect(held.delete('b')).toBe(true);
    held.add('c');
    held.clear();
    expect(held.size()).toBe(0);
  });
});
