import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useWidgetScript } from './widget-script';

describe('the voice widget script', () => {
  it('is in <head>, async, while mounted, and gone after', () => {
    const { unmount } = renderHook(() => useWidgetScript('https://voice.example/widget.js'));
    const scripts = document.head.querySelectorAll<HTMLScriptElement>('script[data-voice-widget]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe('https://voice.example/widget.js');
    expect(scripts[0]!.async).toBe(true);
    unmount();
    expect(document.head.querySelectorAll('script[data-voice-widget]')).toHaveLength(0);
  });
});
