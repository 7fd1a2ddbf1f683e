// The update prompt: a new version precached in the background is offered with a toast; it is
// applied only when the person chooses Reload, and never while a form holds unsaved input.

/** The parts of workbox-window's `Workbox` the prompt uses (tests pass a stand-in). */
export interface UpdateSource {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  messageSkipWaiting(): void;
}

export interface UpdatePromptDeps {
  /** A worker controls the page as the watch starts (navigator.serviceWorker.controller). */
  controlled: boolean;
  /** A worker waits behind an active one: a new version, not the first install still starting. */
  waitsBehindActive(): Promise<boolean>;
  /** Show 'A new version is available' with a Reload action that calls `onReload`. */
  offer(onReload: () => void): void;
  /** Reload was chosen while some form holds unsaved input: say why nothing happens. */
  blocked(): void;
  hasUnsavedInput(): boolean;
  reload(): void;
}

export const UPDATE_TITLE = 'A new version is available';
export const UPDATE_DESCRIPTION = 'Reload to use it. Your saved work stays on this device.';
export const BLOCKED_TITLE = 'Save your changes first';
export const BLOCKED_DESCRIPTION = 'A form has input that is not saved yet. Save it, then choose Reload.';

export function watchForUpdates(source: UpdateSource, deps: UpdatePromptDeps) {
  let requested = false;
  const onReload = () => {
    if (deps.hasUnsavedInput()) {
      deps.blocked();
      deps.offer(onReload);
      return;
    }
    requested = true;
    source.messageSkipWaiting();
  };
  // workbox-window says 'waiting' of any worker still 'installed' 200 ms on: on a slow device that
  // is also the first install, between its install and its activation (seen in Firefox on CI).
  source.addEventListener('waiting', () => {
    void deps.waitsBehindActive().then((update) => {
      if (update) deps.offer(onReload);
    });
  });
  // A worker took control. The first one to control this page is the first install (clientsClaim),
  // however workbox-window labels it (a page loaded while it installed calls it 'external'): that
  // is no update, there is nothing to offer. A later one is a new version: reload if this page
  // asked for it; another tab's Reload must not throw away this one's input, so the offer stands.
  let controlled = deps.controlled;
  source.addEventListener('controlling', () => {
    const update = controlled;
    controlled = true;
    if (requested) deps.reload();
    else if (update) deps.offer(onReload);
  });
}
