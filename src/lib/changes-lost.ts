// Changes this device knew were waiting, in a database the browser has since removed (Safari
// evicts the storage of a site unused for 7 days; Chromium does under pressure): they can never be
// sent. The sync status says so in words, and never 'All changes synced', until the person has
// read it. Kept in localStorage, beside the count that revealed them (lib/changes-waiting).
import { useSyncExternalStore } from 'react';
import { formatLongDate, plural } from './format';

export const CHANGES_LOST = 'chloe:changes-lost';

export interface LostChanges {
  count: number;
  /** When the first of them was made (ms). */
  since: number;
}

const listeners = new Set<() => void>();

function readAll(): Record<string, LostChanges> {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(CHANGES_LOST) ?? '{}');
    return typeof raw === 'object' && raw !== null ? (raw as Record<string, LostChanges>) : {};
  } catch {
    return {};
  }
}

function writeAll(all: Record<string, LostChanges>) {
  try {
    if (Object.keys(all).length) localStorage.setItem(CHANGES_LOST, JSON.stringify(all));
    else localStorage.removeItem(CHANGES_LOST);
  } catch {
    // Storage refused: only this page says it.
  }
  for (const listener of listeners) listener();
}

/** `lost` of `userId`'s changes could not be kept (added to any not yet read). */
export function noteLostChanges(userId: string, lost: LostChanges) {
  const all = readAll();
  const before = all[userId];
  all[userId] = before ? { count: before.count + lost.count, since: Math.min(before.since, lost.since) } : lost;
  writeAll(all);
}

/** The person has read it (or their data left this device). */
export function forgetLostChanges(userId: string) {
  const all = readAll();
  if (!(userId in all)) return;
  delete all[userId];
  writeAll(all);
}

export const lostChangesOf = (userId: string): LostChanges | null => readAll()[userId] ?? null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CHANGES_LOST || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** `userId`'s lost changes, live (other tabs too); null for nobody, or in a page's HTML. */
export function useLostChanges(userId: string | null | undefined): LostChanges | null {
  const raw = useSyncExternalStore(
    subscribe,
    () => (userId ? localStorage.getItem(CHANGES_LOST) : null),
    () => null,
  );
  return raw && userId ? lostChangesOf(userId) : null;
}

/** '2 changes made on this device on 28 November 2026 could not be kept by the browser.' */
export const lostSentence = ({ count, since }: LostChanges) =>
  `${plural(count, 'change')} made on this device on ${formatLongDate(new Date(since))} could not be kept by the browser.`;
