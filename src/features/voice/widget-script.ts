import { useEffect } from 'react';
import { voiceWidgetIntegrity, voiceWidgetUrl } from '../../lib/env';

/**
 * docs/product/voice.md#widget: the voice widget script goes into <head>, loaded asynchronously,
 * while the app is mounted, and comes out again on unmount. Offline it simply fails to load:
 * nothing waits on it.
 */
export function useWidgetScript(src: string = voiceWidgetUrl, integrity: string = voiceWidgetIntegrity) {
  useEffect(() => {
    const script = document.createElement('script');
    if (integrity) {
      script.setAttribute('integrity', integrity);
      script.setAttribute('crossorigin', 'anonymous');
    }
    script.src = src;
    script.async = true;
    script.dataset.voiceWidget = '';
    document.head.append(script);
    return () => script.remove();
  }, [src, integrity]);
}
