import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeLocalData, localUserData } from '../../testing/local-data';
import { keepCopy, readCopy } from '../../data/on-device';
import { useKeptQuery } from './kept-query';

// Online-only reads with the last answer kept on the device (a real RxDB database, fake IndexedDB).
afterEach(async () => {
  vi.restoreAllMocks();
  await closeLocalData();
});
const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

describe('useKeptQuery', () => {
  it('shows the kept copy offline, marked as such, and asks the server when the connection returns', async () => {
    const { db } = await localUserData();
    await keepCopy(db, 'email_logs', ['kept'], 1000);
    setOnline(false);
    const load = vi.fn(() => Promise.resolve(['fresh']));
    const { result } = renderHook(() => useKeptQuery(db, 'email_logs', load));
    await waitFor(() =>
      expect(result.current).toMatchObject({ data: ['kept'], loadedAt: 1000, fromDevice: true, loading: false }),
    );
    expect(load).not.toHaveBeenCalled();

    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(result.current).toMatchObject({ data: ['fresh'], fromDevice: false, error: null }));
    expect(load).toHaveBeenCalledTimes(1);
    await waitFor(async () => expect((await readCopy(db, 'email_logs'))?.value).toEqual(['fresh']));
  });

  it('a failed request keeps the copy on screen, with the error', async () => {
    const { db } = await localUserData();
    await keepCopy(db, 'gmail_accounts', ['kept'], 1000);
    // Stable, as callers memoise it (a new function each render would ask again each render).
    const load = () => Promise.reject(new Error('503'));
    const { result } = renderHook(() => useKeptQuery(db, 'gmail_accounts', load));
    await waitFor(() => expect(result.current).toMatchObject({ data: ['kept'], fromDevice: true, error: '503' }));
  });

  it('asks the server once while the database opens, and keeps the answer when it is there', async () => {
    const { db } = await localUserData();
    const load = vi.fn(() => Promise.resolve(['answer']));
    const { result, rerender } = renderHook(({ open }) => useKeptQuery(open ? db : null, 'auto_reply_settings', load), {
      initialProps: { open: false },
    });
    await waitFor(() => expect(result.current.data).toEqual(['answer']));
    rerender({ open: true });
    await waitFor(async () => expect((await readCopy(db, 'auto_reply_settings'))?.value).toEqual(['answer']));
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current.fromDevice).toBe(false);
  });
});
