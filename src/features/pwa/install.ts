// When to offer 'Install app': the browser's own prompt where it offers one (beforeinstallprompt),
// an 'Add to Home Screen' hint on iOS Safari (which has no prompt), never when already installed,
// and not again for a while after 'Not now'.
import { createStore } from '../../lib/store';

export const INSTALL_SNOOZE_MS = 14 * 24 * 60 * 60 * 1000;
const SNOOZE_KEY = 'chloe.install-prompt.dismissed-at';

/** Chromium's event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}

export function isSnoozed(storage: Pick<Storage, 'getItem'>, now: number): boolean {
  const at = Number(storage.getItem(SNOOZE_KEY));
  return Number.isFinite(at) && at > 0 && now - at < INSTALL_SNOOZE_MS;
}

export function snooze(storage: Pick<Storage, 'setItem'>, now: number) {
  storage.setItem(SNOOZE_KEY, String(now));
}

export type InstallOffer = 'prompt' | 'ios-hint' | null;

export function installOffer(o: {
  standalone: boolean;
  snoozed: boolean;
  hasPrompt: boolean;
  iosSafari: boolean;
}): InstallOffer {
  if (o.standalone || o.snoozed) return null;
  if (o.hasPrompt) return 'prompt';
  return o.iosSafari ? 'ios-hint' : null;
}

// The event can fire before React mounts: keep it from the start (captureInstallPrompt in main).
const deferred = createStore<BeforeInstallPromptEvent | null>(null);

export function captureInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // we show our own button instead of the mini-infobar
    deferred.set(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => deferred.set(null));
}

export const installPrompt = {
  get: deferred.get,
  subscribe: deferred.subscribe,
  clear: () => deferred.set(null),
};
