// Why this device was last signed out without asking: its sign-in was refused and could not be
// renewed (lib/renew-refused-token). Kept for this tab's next /auth, which says so once.
const KEY = 'chloe:session-refused';

export const SESSION_REFUSED_SENTENCE =
  'Please sign in again: the sign-in on this device could not be renewed. Changes made on this device are kept and sent once you sign in.';

export function noteSessionRefused(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage refused (private mode, quota): /auth then says nothing more than its heading.
  }
}

/** Whether the last sign-out here was a refusal not yet said. */
export function sessionRefused(): boolean {
  try {
    return sessionStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

/** Said: the next /auth says nothing of it. */
export function forgetSessionRefused(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
