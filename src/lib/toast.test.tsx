// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastTexts } from '../testing/toasts';
import { Toaster } from '../ui/toaster';
import { toast, toastAbout, toaster } from './toast';

afterEach(() => {
  act(() => toaster.remove());
  vi.useRealTimers();
});

describe('toast', () => {
  it('shows the same message once, however often it is raised', async () => {
    render(<Toaster />);
    act(() => {
      for (let i = 0; i < 5; i++) toast.error('Save Failed', 'Network error');
      toast.success('Progress Saved', 'Your subscription progress has been saved.');
      toast.success('Progress Saved', 'Your subscription progress has been saved.');
    });
    expect(toastTexts()).toEqual([
      'Progress Saved / Your subscription progress has been saved.',
      'Save Failed / Network error',
    ]);
    expect(await screen.findAllByText('Save Failed')).toHaveLength(1);
    expect(screen.getAllByText('Progress Saved')).toHaveLength(1);
  });

  it('keeps different messages apart, and the same words of another kind', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Save Failed', 'Network error');
      toast.error('Save Failed', 'Disk full');
      toast.success('Save Failed', 'Network error');
    });
    expect(toastTexts()).toHaveLength(3);
  });

  it('a success dismisses the failures of its own topic, and only those', async () => {
    render(<Toaster />);
    const norman = toastAbout('norman-access');
    const gmail = toastAbout('gmail-connect');
    act(() => {
      norman.error('Access Denied', 'Incorrect password. Please try again.');
      gmail.error('Connection Error', 'Authentication was cancelled');
      toast.error('Save Failed', 'Network error');
    });
    expect(toastTexts()).toHaveLength(3);
    act(() => norman.success('Access Granted', 'Welcome to Norman'));
    await vi.waitFor(() =>
      expect(toastTexts()).toEqual([
        'Access Granted / Welcome to Norman',
        'Save Failed / Network error',
        'Connection Error / Authentication was cancelled',
      ]),
    );
    act(() => gmail.success('Success!', 'Gmail account connected successfully'));
    await vi.waitFor(() => expect(toastTexts()).not.toContain('Connection Error / Authentication was cancelled'));
    expect(toastTexts()).toContain('Save Failed / Network error');
  });

  it('restarts the timer of the toast on screen when its message is raised again', async () => {
    vi.useFakeTimers();
    render(<Toaster />);
    const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    act(() => toast.success('Progress Saved'));
    await wait(1500);
    expect(screen.getByText('Progress Saved')).toBeTruthy();
    act(() => toast.success('Progress Saved'));
    await wait(1500);
    // 3 s after the first, 1.5 s after the repeat: a 2 s toast is still up.
    expect(toastTexts()).toEqual(['Progress Saved / undefined']);
    await wait(3000);
    expect(toastTexts()).toEqual([]);
  });

  it('keeps one toast per id for actions, so two removals each keep their Undo', async () => {
    render(<Toaster />);
    const undo = [vi.fn(), vi.fn()];
    act(() => {
      toast.success('Property removed', 'Flat', { id: 'a', action: { label: 'Undo', onClick: undo[0]! } });
      toast.success('Property removed', 'Flat', { id: 'b', action: { label: 'Undo', onClick: undo[1]! } });
    });
    const buttons = await screen.findAllByRole('button', { name: 'Undo' });
    expect(buttons).toHaveLength(2);
    act(() => buttons[0]!.click());
    act(() => buttons[1]!.click());
    expect(undo[0]).toHaveBeenCalledTimes(1);
    expect(undo[1]).toHaveBeenCalledTimes(1);
  });
});
