// How many changes wait on this device to be sent, per user: kept in localStorage by the user's
// data while it is open (data/user-data-lifecycle), so a signed-out page can say so without
// opening (or loading) that database. A session ended elsewhere (a global sign-out, a password
// change) leaves the user's database and its waiting changes here for their next sign-in.
import { useSyncExternalStore } from 'react';
import { plural } from './format';

export const CHANGES_WAITING = 'chloe:changes-waiting';

type Counts = Record<string, number>;

const listeners = new Set<() => void>();

function read(): Counts {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(CHANGES_WAITING) ?? '{}');
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
    return Object.fromEntries(
      Object.entries(raw).filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0),
    );
  } catch {
    return {};
  }
}

function write(counts: Counts) {
  try {
    if (Object.keys(counts).length) localStorage.setItem(CHANGES_WAITING, JSON.stringify(counts));
    else localStorage.removeItem(CHANGES_WAITING);
  } catch {
    // Storage full or refused: the page only says less.
  }
  for (const listener of listeners) listener();
}

/** `userId` has `count` changes waiting on this device (0: none), in the database `database`
 *  names (its storage token), when known. */
export function noteChangesWaiting(userId: string, count: number, database?: string) {
  if (database || count === 0) noteWhere(userId, count, database ?? '');
  const counts = read();
  if ((counts[userId] ?? 0) === count) return;
  if (count > 0) counts[userId] = count;
  else delete counts[userId];
  write(counts);
}

// Which database holds the changes counted, and since when some have waited: a database the
// browser removed (evicted) and the app made anew has another token, while this count says
// what it held (lib/changes-lost).
export const CHANGES_WAITING_IN = 'chloe:changes-waiting-in';
export interface WaitingIn {
  database: string;
  /** When the first of the changes waiting was made (ms). */
  since: number;
}

function readWhere(): Record<string, WaitingIn> {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(CHANGES_WAITING_IN) ?? '{}');
    return typeof raw === 'object' && raw !== null ? (raw as Record<string, WaitingIn>) : {};
  } catch {
    return {};
  }
}

function noteWhere(userId: string, count: number, database: string) {
  const all = readWhere();
  const before = all[userId];
  if (count > 0 && before?.database === database) return;
  if (count > 0) all[userId] = { database, since: Date.now() };
  else if (before) delete all[userId];
  else return;
  try {
    localStorage.setItem(CHANGES_WAITING_IN, JSON.stringify(all));
  } catch {
    // Storage full or refused: a removed database then goes unsaid.
  }
}

/** What this device last knew waited for `userId`: how many, in which database, since when. */
export function lastWaiting(userId: string): (WaitingIn & { count: number }) | null {
  const count = read()[userId] ?? 0;
  const where = readWhere()[userId];
  return count > 0 && where ? { ...where, count } : null;
}

/** `userId`'s data has left this device (sign-out): nothing of theirs waits any more. */
export function forgetChangesWaiting(userId: string) {
  noteChangesWaiting(userId, 0);
}

/** Every change waiting on this device, whoever signed in last. */
export function changesWaitingOnDevice(): number {
  return Object.values(read()).reduce((sum, n) => sum + n, 0);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab (its data still open) may send them, or sign out.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CHANGES_WAITING || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Changes waiting on this device, live; 0 in a page's HTML (built without storage). */
export const useChangesWaitingOnDevice = (): number => useSyncExternalStore(subscribe, changesWaitingOnDevice, () => 0);

/** What a signed-out page says of them (docs/product/messages.md#sign-in-and-sign-out). */
export const changesWaitingSentence = (n: number) =>
  n === 1
    ? '1 change on this device has not been sent yet. It will be sent when you sign in again.'
    : `${plural(n, 'change')} on this device have not been sent yet. They will be sent when you sign in again.`;
