// Online-only data (docs/product/sync.md#online-only-data: mail accounts, email logs, auto-reply
// settings) kept on the device in the user's own database, as RxDB local documents (not
// collections: RxDB's open-source build allows 13 open collections, and two devices of one user
// already open twelve):
// - the last loaded copy of a server read, with when it was loaded, so a page stays readable
//   offline and says how old what it shows is;
// - a change made offline (or whose answer never came), waiting to be sent: counted by sign-out's
//   warning like the outbox, and removed only once the server has it.
// Both go with the database when the user signs out (db.remove()).
import { combineLatest } from 'rxjs';
import type { UserDatabase } from './database';

/** The online-only reads a device keeps a copy of. */
export type CopyKey = 'gmail_accounts' | 'email_logs' | 'auto_reply_settings' | 'created_assessments';
/** The online-only changes a device may hold until it can send them. */
export type WaitingKey = 'auto_reply_settings';
const WAITING_KEYS: readonly WaitingKey[] = ['auto_reply_settings'];

export interface Copy<T> {
  value: T;
  /** When it was loaded from the server (ms since the epoch). */
  loadedAt: number;
}

export interface Waiting<T> {
  change: T;
  /** What the changed fields were when the user changed them: the server refuses to overwrite a
   * field another device changed since (a conflict), rather than lose that change unseen. */
  base?: T;
  /** When the change was made: the sender removes it only if it is still this one. */
  since: number;
  /** The server refused it (a rule it breaks): the words, and the field they are about. */
  refusal: { message: string; field: string | null } | null;
}

type Db = Pick<UserDatabase, 'getLocal' | 'getLocal$' | 'upsertLocal'>;

/** What a local document holds (its `data`; `get(path)` reads inside it). */
const dataOf = <T>(doc: { toJSON: () => unknown }) => (doc.toJSON() as { data: T }).data;

const copyId = (key: CopyKey) => `copy:${key}`;
const waitingId = (key: WaitingKey) => `waiting:${key}`;

/** Keeps `value` as the last loaded copy of `key`. */
export async function keepCopy<T>(db: Db, key: CopyKey, value: T, loadedAt = Date.now()): Promise<void> {
  await db.upsertLocal<Copy<T>>(copyId(key), { value, loadedAt });
}

/** The last loaded copy of `key`, or null. */
export async function readCopy<T>(db: Db, key: CopyKey): Promise<Copy<T> | null> {
  const doc = await db.getLocal<Copy<T>>(copyId(key));
  return doc ? dataOf<Copy<T>>(doc) : null;
}

/** Calls `listener` with the kept copy of `key` now and whenever it is replaced (any tab). */
export function watchCopy<T>(db: Db, key: CopyKey, listener: (copy: Copy<T> | null) => void): () => void {
  const sub = db.getLocal$<Copy<T>>(copyId(key)).subscribe((doc) => {
    listener(doc && !doc.deleted ? dataOf<Copy<T>>(doc) : null);
  });
  return () => sub.unsubscribe();
}

/** Keeps a change to send later (replacing the one waiting, which it includes). */
export async function putWaiting<T>(db: Db, key: WaitingKey, waiting: Waiting<T>): Promise<void> {
  await db.upsertLocal<Waiting<T>>(waitingId(key), waiting);
}

export async function readWaiting<T>(db: Db, key: WaitingKey): Promise<Waiting<T> | null> {
  const doc = await db.getLocal<Waiting<T>>(waitingId(key));
  return doc ? dataOf<Waiting<T>>(doc) : null;
}

/**
 * Removes the waiting change once the server has it; `since` names the change that was sent, so a
 * newer one made meanwhile (another edit, another tab) stays to be sent in turn.
 */
export async function removeWaiting(db: Db, key: WaitingKey, since?: number): Promise<void> {
  const doc = await db.getLocal<Waiting<unknown>>(waitingId(key));
  if (!doc) return;
  if (since !== undefined && dataOf<Waiting<unknown>>(doc).since !== since) return;
  await doc.remove();
}

/** Calls `listener` with the waiting change of `key` now and after every change (any tab). */
export function watchWaiting<T>(db: Db, key: WaitingKey, listener: (waiting: Waiting<T> | null) => void): () => void {
  const sub = db.getLocal$<Waiting<T>>(waitingId(key)).subscribe((doc) => {
    // A removed local document is still emitted, flagged deleted.
    listener(doc && !doc.deleted ? dataOf<Waiting<T>>(doc) : null);
  });
  return () => sub.unsubscribe();
}

/** How many online-only changes wait on this device (sign-out warns about them). */
export async function countWaiting(db: Db): Promise<number> {
  const found = await Promise.all(WAITING_KEYS.map((key) => readWaiting(db, key)));
  return found.filter(Boolean).length;
}

/** How many online-only changes wait, now and after every change (any tab). */
export function watchWaitingCount(db: Db, listener: (count: number) => void): () => void {
  const sub = combineLatest(WAITING_KEYS.map((key) => db.getLocal$(waitingId(key)))).subscribe((docs) =>
    listener(docs.filter((doc) => doc && !doc.deleted).length),
  );
  return () => sub.unsubscribe();
}
