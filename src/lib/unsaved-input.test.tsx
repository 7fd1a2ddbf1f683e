// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hasUnsavedInput, useUnsavedInput } from './unsaved-input';

describe('useUnsavedInput', () => {
  it('counts a form while its input is unsaved, and asks before the page is left', () => {
    const { rerender, unmount } = renderHook(({ dirty }) => useUnsavedInput(dirty), { initialProps: { dirty: false } });
    expect(hasUnsavedInput()).toBe(false);
    rerender({ dirty: true });
    expect(hasUnsavedInput()).toBe(true);
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
    rerender({ dirty: false });
    expect(hasUnsavedInput()).toBe(false);
    rerender({ dirty: true });
    unmount();
    expect(hasUnsavedInput()).toBe(false);
    const again = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(false);
  });
});
