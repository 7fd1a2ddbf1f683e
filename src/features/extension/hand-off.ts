import type { Session, User } from '@supabase/supabase-js';

/** The window message the extension's content script listens for on the app's pages. */
export const WINDOW_MESSAGE_TYPE = 'CHLOE_AUTH_UPDATE';
/** The message the extension's background worker takes through chrome.runtime. */
export const RUNTIME_MESSAGE_TYPE = 'authUpdate';

/** Just what chrome.runtime offers a web page listed in the extension's externally_connectable. */
type ChromeRuntime = {
  sendMessage: (extensionId: string, message: unknown, callback?: (response: unknown) => void) => void;
  lastError?: { message?: string };
};

function chromeRuntime(): ChromeRuntime | null {
  const runtime = (globalThis as { chrome?: { runtime?: Partial<ChromeRuntime> } }).chrome?.runtime;
  return typeof runtime?.sendMessage === 'function' ? (runtime as ChromeRuntime) : null;
}

export interface HandOff {
  /** Whether chrome.runtime took the message (false: no extension id, not Chromium, not installed). */
  toExtension: boolean;
}

/**
 * Gives the signed-in user and session to the browser extension: through chrome.runtime when an
 * extension id is configured and the browser has it, and as a window message to this page's own
 * origin only (never '*': the tokens are for this origin's scripts, the extension's content script
 * among them). The extension refreshes the session itself from then on.
 */
export function handOffSession(user: User, session: Session, extensionId: string): HandOff {
  const payload = { user, session };
  let toExtension = false;
  const runtime = extensionId ? chromeRuntime() : null;
  if (runtime) {
    try {
      runtime.sendMessage(extensionId, { type: RUNTIME_MESSAGE_TYPE, ...payload }, () => {
        // Read, so Chromium does not log an unchecked error when the extension is not installed.
        void runtime.lastError;
      });
      toExtension = true;
    } catch {
      // Not installed, or this origin is not one it accepts: the window message still goes.
    }
  }
  window.postMessage({ type: WINDOW_MESSAGE_TYPE, ...payload }, window.location.origin);
  return { toExtension };
}
