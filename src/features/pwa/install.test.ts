import { describe, expect, it } from 'vitest';
import { INSTALL_SNOOZE_MS, installOffer, isIosSafari, isSnoozed, snooze } from './install';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
const CHROME_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('the install offer', () => {
  it('knows iOS Safari, also an iPad that says it is a Mac, and not other iOS browsers', () => {
    expect(isIosSafari(IPHONE, 5)).toBe(true);
    expect(isIosSafari(IPAD_DESKTOP_UA, 5)).toBe(true);
    expect(isIosSafari(IPAD_DESKTOP_UA, 0)).toBe(false); // a real Mac
    expect(isIosSafari(CHROME_IOS, 5)).toBe(false);
    expect(isIosSafari(CHROME_LINUX, 0)).toBe(false);
  });

  it("offers the browser's prompt, else the iOS hint; never when installed or snoozed", () => {
    const base = { standalone: false, snoozed: false, hasPrompt: false, iosSafari: false };
    expect(installOffer({ ...base, hasPrompt: true })).toBe('prompt');
    expect(installOffer({ ...base, iosSafari: true })).toBe('ios-hint');
    expect(installOffer(base)).toBeNull();
    expect(installOffer({ ...base, hasPrompt: true, standalone: true })).toBeNull();
    expect(installOffer({ ...base, hasPrompt: true, snoozed: true })).toBeNull();
  });

  it("'Not now' hides it for two weeks", () => {
    const storage = memoryStorage();
    const now = 1_800_000_000_000;
    expect(isSnoozed(storage, now)).toBe(false);
    snooze(storage, now);
    expect(isSnoozed(storage, now + INSTALL_SNOOZE_MS - 1)).toBe(true);
    expect(isSnoozed(storage, now + INSTALL_SNOOZE_MS)).toBe(false);
  });
});
