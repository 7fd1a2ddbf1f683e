// The Content-Security-Policy production gets (scripts/security-headers-plugin.ts): the e2e suite
// sees the local one only, whose voice service is the local stand-in.
import { describe, expect, it } from 'vitest';
import { LIBSAMPLERATE_WORKLET, securityHeaders } from '../../scripts/security-headers-plugin';

const scriptSrc = (env: Record<string, string>) =>
  securityHeaders(env)
    ['Content-Security-Policy']!.split(';')
    .find((d) => d.trim().startsWith('script-src'))!;

describe('the production CSP', () => {
  it('lets scripts in from the one worklet file on jsDelivr, not the whole host', () => {
    const src = scriptSrc({ VITE_VOICE_ORIGIN: 'wss://api.elevenlabs.io' });
    expect(src.split(' ')).toContain(LIBSAMPLERATE_WORKLET);
    expect(src.split(' ').filter((s) => s.includes('jsdelivr'))).toEqual([LIBSAMPLERATE_WORKLET]);
  });

  it('lets no script be compiled from a string, here or in production', () => {
    const envs: Record<string, string>[] = [{}, { VITE_VOICE_ORIGIN: 'wss://api.elevenlabs.io' }];
    for (const env of envs) {
      expect(scriptSrc(env)).not.toContain("'unsafe-eval'");
      expect(scriptSrc(env)).not.toContain("'unsafe-inline'");
    }
  });
});
