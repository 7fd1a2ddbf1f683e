// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { UserData } from '../../data/user-data';
import { closeLocalData, localUserData } from '../../testing/local-data';
import { CONTEXT_WAIT_MS, useVoiceContextLoader } from './use-context-loader';

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await closeLocalData();
});

async function withProperty() {
  const data = await localUserData();
  await data.db.saved_properties.insert({
    id: crypto.randomUUID(),
    user_id: data.userId,
    title: '2 bed flat, Clapham',
    key_features: [],
    created_at: new Date().toISOString(),
  });
  return data;
}

describe('the voice context of a call started as the page opens', () => {
  it('waits for the user’s database to open, then reads their saved property', async () => {
    const data = await withProperty();
    const { result, rerender } = renderHook(({ open }) => useVoiceContextLoader(open, true, 'Ann'), {
      initialProps: { open: null as UserData | null },
    });
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const context = result.current();
    // The call waits for the database: its bounded wait has begun.
    await vi.waitFor(() => expect(timers).toHaveBeenCalledWith(expect.any(Function), CONTEXT_WAIT_MS));
    rerender({ open: data });
    expect((await context).latestSavedProperty).toBe('2 bed flat, Clapham');
  });

  it('does not wait when nobody is signed in, nor for ever when the database never opens', async () => {
    const { result: guest } = renderHook(() => useVoiceContextLoader(null, false, null));
    expect((await guest.current()).latestSavedProperty).toBe('');

    const { result } = renderHook(() => useVoiceContextLoader(null, true, 'Ann'));
    vi.useFakeTimers();
    const context = result.current();
    await vi.advanceTimersByTimeAsync(CONTEXT_WAIT_MS);
    expect((await context).latestSavedProperty).toBe('');
  });

  it('waits for the page’s first pull, which brings what arrived since the last visit', async () => {
    const data = await localUserData();
    let pulled!: () => void;
    const firstPull = vi.spyOn(data.engine, 'awaitInitialSync').mockReturnValue(new Promise<void>((r) => (pulled = r)));
    const { result } = renderHook(() => useVoiceContextLoader(data, true, 'Ann'));
    const context = result.current();
    // The call waits for the first pull.
    await vi.waitFor(() => expect(firstPull).toHaveBeenCalled());
    await data.db.saved_properties.insert({
      id: crypto.randomUUID(),
      user_id: data.userId,
      title: 'Pulled just now',
      key_features: [],
      created_at: new Date().toISOString(),
    });
    pulled();
    expect((await context).latestSavedProperty).toBe('Pulled just now');
  });
});
