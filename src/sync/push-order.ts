// The order of one device's pushes (docs/decisions/030-two-writers-one-truth.md): every push
// carries a number that only grows on the device, shared by its tabs (localStorage), so the server
// can tell a late request from a newer one of the same device (sync_push_rows). The clock seeds
// it: a device that lost its count (storage cleared) still counts on from past every push it sent.
const KEY = 'chloe-push-seq';
let last = 0;

/** The next push's number (microseconds since 1970, or one more than the last, whichever is larger). */
export function nextPushSeq(): number {
  const stored = Number(readStored() ?? 0);
  const next = Math.max(Date.now() * 1000, last + 1, Number.isFinite(stored) ? stored + 1 : 0);
  last = next;
  try {
    globalThis.localStorage?.setItem(KEY, String(next));
  } catch {
    // Not kept (a private window, storage full): this page's own count and the clock go on.
  }
  return next;
}

function readStored(): string | null {
  try {
    return globalThis.localStorage?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}
