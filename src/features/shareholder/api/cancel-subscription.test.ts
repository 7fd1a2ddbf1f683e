// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { toaster } from '../../../lib/toast';
import { toastTexts } from '../../../testing/toasts';
import { useCancelSubscription } from './cancel-subscription';

const calls = vi.hoisted(() => ({ update: vi.fn(), eq: vi.fn() }));
vi.mock('../../../lib/supabase', () => ({
  supabase: {
    from: () => ({
      update: (patch: unknown) => {
        calls.update(patch);
        return { eq: calls.eq };
      },
    }),
  },
}));

const ID = '3f0c8d5e-2b1a-4c7d-9e8f-0a1b2c3d4e5f';
const said = toastTexts;

beforeEach(() => {
  calls.update.mockReset();
  calls.eq.mockReset().mockResolvedValue({ error: null });
});
afterEach(() => {
  toaster.remove();
  vi.restoreAllMocks();
});

describe('cancelling a subscription', () => {
  it('asks the server to cancel that subscription and says so', async () => {
    const { result } = renderHook(() => useCancelSubscription());
    let cancelled = false;
    await act(async () => void (cancelled = await result.current.cancel(ID)));
    expect(cancelled).toBe(true);
    expect(calls.update).toHaveBeenCalledWith({ status: 'cancelled' });
    expect(calls.eq).toHaveBeenCalledWith('id', ID);
    expect(said()).toEqual([
      'Subscription cancelled / Your subscription has been cancelled within the cooling-off period.',
    ]);
    expect(result.current.busy).toBe(false);
  });

  it("shows the server's refusal without the rule's name, and cancels nothing", async () => {
    calls.eq.mockResolvedValue({
      error: {
        message: 'share_subscriptions_cooling_off_over: the cooling-off period ended on 20 November 2026',
        code: '23514',
      },
    });
    const { result } = renderHook(() => useCancelSubscription());
    let cancelled = true;
    await act(async () => void (cancelled = await result.current.cancel(ID)));
    expect(cancelled).toBe(false);
    expect(said()).toEqual([
      'Could not cancel the subscription / The cooling-off period has ended (20 November 2026), so this subscription can no longer be cancelled here.',
    ]);
  });

  it('needs a connection: offline, nothing is sent', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { result } = renderHook(() => useCancelSubscription());
    await act(async () => void (await result.current.cancel(ID)));
    expect(calls.update).not.toHaveBeenCalled();
    expect(said()).toEqual([
      'Could not cancel the subscription / Cancelling a subscription needs an internet connection. Connect and try again.',
    ]);
  });

  it('refuses an id that is not a subscription id before it reaches the server', async () => {
    const { result } = renderHook(() => useCancelSubscription());
    await act(async () => void (await result.current.cancel('1; drop table')));
    expect(calls.update).not.toHaveBeenCalled();
    expect(said()[0]).toMatch(/^Could not cancel the subscription \/ /);
  });
});
