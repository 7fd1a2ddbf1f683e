// Changes this device knew were waiting, in a database the browser has since removed (Safari
// evicts the storage of a site unused for 7 days; Chromium does under pressure): they can never be
// sent. The sync status says so in words, and never 'All changes synced', until the person has
// read it. Kept in localStorage, beside the count that revealed them (lib/changes-waiting).
import { formatLongDate, plural } from './format';
import { localStore, useStore } from './store';

export const CHANGES_LOST = 'chloe:changes-lost';

export interface LostChanges {
  count: number;
  /** When the first of them was made (ms). */
  since: number;
}

type AllLost = Readonly<Record<string, LostChanges>>;

const NONE: AllLost = {};

const lost = localStore<AllLost>(CHANGES_LOST, {
  parse: (raw) => (typeof raw === 'object' && raw !== null ? (raw as AllLost) : NONE),
  isEmpty: (all) => Object.keys(all).length === 0,
});

/** `more` of `userId`'s changes could not be kept (added to any not yet read). */
export function noteLostChanges(userId: string, more: LostChanges) {
  const before = lost.get()[userId];
  const now = before ? { count: before.count + more.count, since: Math.min(before.since, more.since) } : more;
  lost.set({ ...lost.get(), [userId]: now });
}

/** The person has read it (or their data left this device). */
export function forgetLostChanges(userId: string) {
  if (!(userId in lost.get())) return;
  const { [userId]: _read, ...rest } = lost.get();
  lost.set(rest);
}

export const lostChangesOf = (userId: string): LostChanges | null => lost.get()[userId] ?? null;

/** `userId`'s lost changes, live (other tabs too); null for nobody, or in a page's HTML. */
export function useLostChanges(userId: string | null | undefined): LostChanges | null {
  const all = useStore(lost, NONE);
  return userId ? (all[userId] ?? null) : null;
}

/** '2 changes made on this device on 28 November 2026 could not be kept by the browser.' */
export const lostSentence = ({ count, since }: LostChanges) =>
  `${plural(count, 'change')} made on this device on ${formatLongDate(new Date(since))} could not be kept by the browser.`;
