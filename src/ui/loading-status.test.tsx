// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadingStatus, STUCK_AFTER_MS } from './loading-status';

afterEach(() => vi.useRealTimers());

describe('LoadingStatus', () => {
  it('says Loading..., and when it lasts, what may be wrong and a way on', () => {
    vi.useFakeTimers();
    render(<LoadingStatus />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(STUCK_AFTER_MS);
    });
    expect(screen.getByRole('alert').textContent).toContain('This device may be short of storage space');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
