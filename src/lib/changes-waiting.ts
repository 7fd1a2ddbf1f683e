// How many changes wait on this device to be sent, per user: kept in localStorage by the user's
// data while it is open (data/user-data-lifecycle), so a signed-out page can say so without
// opening (or loading) that database. A session ended elsewhere (a global sign-out, a password
// change) leaves the user's database and its waiting changes here for their next sign-in.
import { plural } from './format';
import { localStore, useStore } from './store';

export const CHANGES_WAITING = 'chloe:changes-waiting';

type Counts = Readonly<Record<string, number>>;

const isEmpty = (all: object) => Object.keys(all).length === 0;

// Another tab (its data still open) may send them, or sign out: heard through storage events.
const counts = localStore<Counts>(CHANGES_WAITING, {
  parse: (raw) =>
    typeof raw !== 'object' || raw === null || Array.isArray(raw)
      ? {}
      : Object.fromEntries(
          Object.entries(raw).filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0),
        ),
  isEmpty,
});

/** `userId` has `count` changes waiting on this device (0: none), in the database `database`
 *  names (its storage token), when known. */
export function noteChangesWaiting(userId: string, count: number, database?: string) {
  if (database || count === 0) noteWhere(userId, count, database ?? '');
  const { [userId]: before = 0, ...others } = counts.get();
  if (before === count) return;
  counts.set(count > 0 ? { ...others, [userId]: count } : others);
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

// Storage full or refused: a removed database then goes unsaid.
const where = localStore<Readonly<Record<string, WaitingIn>>>(CHANGES_WAITING_IN, {
  parse: (raw) => (typeof raw === 'object' && raw !== null ? (raw as Record<string, WaitingIn>) : {}),
  isEmpty,
});

function noteWhere(userId: string, count: number, database: string) {
  const { [userId]: before, ...others } = where.get();
  if (count > 0 && before?.database === database) return;
  if (count > 0) where.set({ ...others, [userId]: { database, since: Date.now() } });
  else if (before) where.set(others);
}

/** What this device last knew waited for `userId`: how many, in which database, since when. */
export function lastWaiting(userId: string): (WaitingIn & { count: number }) | null {
  const count = counts.get()[userId] ?? 0;
  const kept = where.get()[userId];
  return count > 0 && kept ? { ...kept, count } : null;
}

/** `userId`'s data has left this device (sign-out): nothing of theirs waits any more. */
export function forgetChangesWaiting(userId: string) {
  noteChangesWaiting(userId, 0);
}

const total = (all: Counts) => Object.values(all).reduce((sum, n) => sum + n, 0);

/** Every change waiting on this device, whoever signed in last. */
export const changesWaitingOnDevice = (): number => total(counts.get());

const NONE: Counts = {};

/** Changes waiting on this device, live; 0 in a page's HTML (built without storage). */
export const useChangesWaitingOnDevice = (): number => total(useStore(counts, NONE));

/** What a signed-out page says of them (docs/product/messages.md#sign-in-and-sign-out). */
export const changesWaitingSentence = (n: number) =>
  n === 1
    ? '1 change on this device has not been sent yet. It will be sent when you sign in again.'
    : `${plural(n, 'change')} on this device have not been sent yet. They will be sent when you sign in again.`;
