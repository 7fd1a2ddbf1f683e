// @vitest-environment jsdom
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

describe('the pinned widget', () => {
  it('carries its integrity hash (a changed file on the CDN is not run), and another URL its own or none', () => {
    const pinned = renderHook(() => useWidgetScript());
    const script = document.head.querySelector<HTMLScriptElement>('script[data-voice-widget]')!;
    expect(script.src).toBe('https://unpkg.com/@elevenlabs/convai-widget-embed@0.5.4');
    expect(script.getAttribute('integrity')).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    expect(script.getAttribute('crossorigin')).toBe('anonymous');
    pinned.unmount();
    const local = renderHook(() => useWidgetScript('http://localhost:9/widget.js', ''));
    expect(document.head.querySelector('script[data-voice-widget]')!.hasAttribute('integrity')).toBe(false);
    local.unmount();
  });
});
