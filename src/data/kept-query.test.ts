// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeLocalData, localUserData } from '../testing/local-data';
import { keepCopy, readCopy } from './on-device';
import { useKeptQuery, useReloadOnChange } from './kept-query';

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

  it('drops an answer that arrives after a newer request started', async () => {
    const answers: ((value: string) => void)[] = [];
    const load = () => new Promise<string>((resolve) => answers.push(resolve));
    const { result } = renderHook(() => useKeptQuery(null, 'email_logs', load));
    act(() => void result.current.reload());
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => answers[1]!('new'));
    await act(async () => answers[0]!('old'));
    await waitFor(() => expect(result.current).toMatchObject({ data: 'new', loading: false }));
    expect(result.current.data).toBe('new');
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

describe('useReloadOnChange', () => {
  it('asks once for a burst of synced rows, and again when the page comes back into view', async () => {
    const { db, userId } = await localUserData();
    const reload = vi.fn(() => Promise.resolve());
    renderHook(() => useReloadOnChange(db.email_logs, reload));
    // Three logs pulled at once, as the live channel's pull writes them.
    await db.email_logs.bulkInsert(
      [1, 2, 3].map((n) => ({
        id: crypto.randomUUID(),
        user_id: userId,
        gmail_account_id: crypto.randomUUID(),
        sender_email: `sender${n}@example.com`,
        subject: `Hello ${n}`,
        reply_status: 'replied',
        received_at: `2026-11-30T10:00:0${n}.000Z`,
      })),
    );
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });
});
