// @vitest-environment jsdom
import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from './offline-banner';
import {
  OFFLINE_NOT_READY_TEXT,
  createReadinessStore,
  offlineReadiness,
  useOfflineReady,
  watchOfflineReadiness,
  type ReadinessSource,
} from './offline-ready';

/** A stand-in for the browser: the test decides when the worker activates. */
function fakeSource(o: { controlled?: boolean; wasActive?: boolean } = {}) {
  let activate = () => {};
  const activated = new Promise<void>((resolve) => (activate = resolve));
  const source: ReadinessSource = {
    controlled: o.controlled ?? false,
    wasActive: () => Promise.resolve(o.wasActive ?? false),
    activated: () => activated,
  };
  return { source, activate };
}

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

describe('offline readiness', () => {
  it('a first visit is preparing until the worker activates, then ready, and says so once', async () => {
    const store = createReadinessStore();
    const announce = vi.fn();
    const { source, activate } = fakeSource();
    const watching = watchOfflineReadiness(source, store, announce);
    expect(store.get()).toBe('preparing');
    await settle();
    expect(store.get()).toBe('preparing');
    expect(announce).not.toHaveBeenCalled();

    activate();
    await watching;
    expect(store.get()).toBe('ready');
    expect(announce).toHaveBeenCalledTimes(1);
  });

  it('a later visit, with the worker already controlling the page, is ready at once and says nothing', async () => {
    const store = createReadinessStore();
    const announce = vi.fn();
    const { source, activate } = fakeSource({ controlled: true });
    const watching = watchOfflineReadiness(source, store, announce);
    expect(store.get()).toBe('ready');
    activate();
    await watching;
    expect(announce).not.toHaveBeenCalled();
  });

  it('a reload that bypassed an already active worker is ready and says nothing', async () => {
    const store = createReadinessStore();
    const announce = vi.fn();
    const { source, activate } = fakeSource({ wasActive: true });
    activate();
    await watchOfflineReadiness(source, store, announce);
    expect(store.get()).toBe('ready');
    expect(announce).not.toHaveBeenCalled();
  });

  it('stays unsupported when nothing watches (dev, or no service workers)', () => {
    expect(createReadinessStore().get()).toBe('unsupported');
    expect(offlineReadiness.get()).toBe('unsupported');
  });

  it('useOfflineReady follows the store', () => {
    const store = createReadinessStore();
    const { result } = renderHook(() => useOfflineReady(store));
    expect(result.current).toBe('unsupported');
    act(() => store.set('preparing'));
    expect(result.current).toBe('preparing');
    act(() => store.set('ready'));
    expect(result.current).toBe('ready');
  });
});

describe('the offline banner', () => {
  const READY_TEXT =
    'You are offline. Pages you have opened still work, and your changes are saved on this device until you reconnect.';

  function setOnline(online: boolean) {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
    act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
  }

  afterEach(() => {
    vi.restoreAllMocks();
    offlineReadiness.set('unsupported');
  });

  it('while preparing: nothing online; offline, it warns that offline use is not ready yet', () => {
    offlineReadiness.set('preparing');
    render(<OfflineBanner />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');

    setOnline(false);
    expect(region.textContent).toBe(OFFLINE_NOT_READY_TEXT);

    // Precaching finished while offline: the usual words.
    act(() => offlineReadiness.set('ready'));
    expect(region.textContent).toBe(READY_TEXT);
  });

  it('when ready (or without a worker) offline: the usual words', () => {
    render(<OfflineBanner />);
    setOnline(false);
    expect(screen.getByRole('status').textContent).toBe(READY_TEXT);
    act(() => offlineReadiness.set('ready'));
    expect(screen.getByRole('status').textContent).toBe(READY_TEXT);
    setOnline(true);
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
