import { holdsLocalTable } from '../../../data/user-database-name';
import type { ListedProperty } from '../list-view';
import { earlyHeld } from './early-read';
import { readFromServer } from './read-from-server';

type Read = { first: Promise<ListedProperty[]>; all: Promise<ListedProperty[]> };
const reads = new Map<string, Read>();
/** What each read has brought so far: its first page, then all of it. */
const rowsSoFar = new Map<string, ListedProperty[]>();
// A read is for the page being opened, not for a later visit: forgotten soon after it ends.
const FORGET_AFTER_MS = 10_000;

/**
 * The server's list while the device's own is not there yet, or null offline. With `newDevice`,
 * only for a device that has never held this user's table (null otherwise). Started by the route
 * as it loads and taken up by the page: one read, begun before the page's code has arrived.
 */
export async function serverRead(userId: string, { newDevice }: { newDevice: boolean }): Promise<Read | null> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return null;
  // The page's first script may have looked already (early-read).
  const held = () => earlyHeld(userId) ?? holdsLocalTable(userId, 'saved_properties');
  if (!reads.has(userId) && newDevice && (await held()) !== false) return null;
  let read = reads.get(userId);
  if (!read) {
    let first!: (rows: ListedProperty[]) => void;
    const firstRows = new Promise<ListedProperty[]>((resolve) => (first = resolve));
    const all = readFromServer(userId, (rows) => {
      first(rows);
      if (!rowsSoFar.has(userId)) rowsSoFar.set(userId, rows);
    });
    // A failed read never reaches `first`: it settles with the failure.
    read = { first: Promise.race([firstRows, all]), all };
    reads.set(userId, read);
    all
      .then((rows) => rowsSoFar.set(userId, rows))
      .catch(() => undefined)
      .finally(() =>
        setTimeout(() => {
          reads.delete(userId);
          rowsSoFar.delete(userId);
        }, FORGET_AFTER_MS),
      );
  }
  return read;
}

/** The rows a read for `userId` has so far, for a page's first render; null when none. */
export const serverRowsNow = (userId: string): ListedProperty[] | null => rowsSoFar.get(userId) ?? null;
