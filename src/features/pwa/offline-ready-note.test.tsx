// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OfflineReadyNote } from './offline-ready-note';
import { offlineReadyThisVisit } from './offline-ready';

describe('the offline-ready note', () => {
  it('says nothing until this visit made the app ready offline, then says so in its live region', () => {
    render(<OfflineReadyNote />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    act(() => offlineReadyThisVisit.set(true));
    expect(region.textContent).toBe('Ready to work offline. This app now works without a connection on this device.');
  });
});
