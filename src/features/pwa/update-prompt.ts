// The update prompt: a new version precached in the background is offered with a toast; it is
// applied only when the person chooses Reload, and never while a form holds unsaved input.

/** The parts of workbox-window's `Workbox` the prompt uses (tests pass a stand-in). */
export interface UpdateSource {
  addEventListener(
    type: 'waiting' | 'controlling',
    listener: (event: { isUpdate?: boolean; isExternal?: boolean }) => void,
  ): void;
  messageSkipWaiting(): void;
}

export interface UpdatePromptDeps {
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
  source.addEventListener('waiting', () => deps.offer(onReload));
  // The new worker took control. Reload only if this page asked for it: another tab's Reload must
  // not throw away this one's input, so here the offer simply stands.
  // The first install also takes control (clientsClaim): that is no update, there is nothing to
  // offer. A page that was open since that first install counts every later worker as 'external'
  // (workbox-window: isUpdate false), so an asked-for Reload does not depend on isUpdate.
  source.addEventListener('controlling', (event) => {
    if (requested) return deps.reload();
    if (event.isUpdate || event.isExternal) deps.offer(onReload);
  });
}
