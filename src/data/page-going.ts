// What a form still held when its page went (a tab closed, another address typed): the writes to
// IndexedDB under way go with the page. So as it goes, the form's newest change is kept in
// localStorage, which is written at once, survives the page and is shared by the browser's tabs.
// Another open tab of this browser takes it in at once (a `storage` event); otherwise the database
// does when it next opens. Taken in, each value is written as the form would have written it
// (a compare-and-set against what it was typed over), or kept in the conflict log when another
// writer stored the field first; what the page sent as it went is told to the outbox, so the
// next push merges from it (docs/decisions/030-two-writers-one-truth.md).
import type { RxCollection } from 'rxdb';
import type { ConflictLog, ReplacedBy } from '../sync/conflict-log';
import type { Doc, LostValue } from '../sync/merge';
import type { Outbox } from '../sync/outbox';
import { rulesOf, type SyncRules } from '../sync/rules';
import { compareAndSet } from './form-write';
import type { WriteQueue } from './write-queue';
import type { Fields } from './form-machine';

/** A change kept as its page went: what was typed over what was stored. */
export interface KeptChange {
  table: string;
  id: string;
  changed: Fields;
  /** The stored values the change was typed over… */
  base: Fields;
  /** …or the values the page was still writing of them, which may have landed after all. */
  own?: Record<string, unknown[]>;
  /** The server time of the document the page had: a newer one came from the server. */
  serverModified: unknown;
  /** The whole document, when the page was making it: written if the database does not have it. */
  made?: Fields;
  /** The state the page sent as it went (a push whose answer nobody heard). */
  sent?: Doc;
  /** Values the page was keeping in the conflict log and had not stored yet. */
  lost?: { lost: readonly LostValue[]; replacedBy: ReplacedBy }[];
}

const keyOf = (databaseName: string) => `chloe-page-going:${databaseName}`;

function read(databaseName: string): KeptChange[] {
  try {
    const raw = globalThis.localStorage?.getItem(keyOf(databaseName));
    return raw ? (JSON.parse(raw) as KeptChange[]) : [];
  } catch {
    return [];
  }
}

/**
 * Keeps `change` for `databaseName`, over one kept before for the same document (its fields
 * typed over keep what they were first typed over); false when it cannot.
 */
export function keepChange(databaseName: string, change: KeptChange): boolean {
  try {
    const all = read(databaseName);
    const same = (c: KeptChange) => c.table === change.table && c.id === change.id;
    const before = all.find(same);
    // Typed over again before it was taken in: what the page kept before is its own too.
    const own = (f: string) => [
      ...(before?.own?.[f] ?? []),
      ...(change.own?.[f] ?? []),
      ...(before && f in before.changed ? [before.changed[f]] : []),
    ];
    const kept: KeptChange = before
      ? {
          ...change,
          changed: { ...before.changed, ...change.changed },
          base: { ...change.base, ...before.base },
          own: Object.fromEntries(Object.keys(change.changed).map((f) => [f, own(f)])),
          lost: [...(before.lost ?? []), ...(change.lost ?? [])],
        }
      : change;
    globalThis.localStorage.setItem(keyOf(databaseName), JSON.stringify([...all.filter((c) => !same(c)), kept]));
    return true;
  } catch {
    // No storage (some private windows) or full: the page's own writes are all there is.
    return false;
  }
}

/** Whether anything is kept for `databaseName` (a change its database has not taken in yet). */
export const hasKeptChanges = (databaseName: string) => read(databaseName).length > 0;

/** Forgets what was kept for `databaseName` (its user signed out: nothing stays on the device). */
export function forgetKeptChanges(databaseName: string) {
  try {
    globalThis.localStorage?.removeItem(keyOf(databaseName));
  } catch {
    // Nothing could be kept either.
  }
}

interface Local {
  db: { name: string; collections: object };
  outbox: Pick<Outbox, 'noteSent' | 'noteMadeFrom'>;
  conflictLog: Pick<ConflictLog, 'keep'>;
  rules: SyncRules;
  writes: Pick<WriteQueue, 'run' | 'failure'>;
}

/** Takes in what was kept as pages went and is not in the database, then forgets it. */
export async function writeKeptChanges(local: Local): Promise<void> {
  const kept = read(local.db.name);
  if (kept.length === 0) return;
  // Forgotten first, so that another tab does not take the same change in too.
  forgetKeptChanges(local.db.name);
  // Each collection keeps its own document type; a kept change needs only the common part.
  const collections = local.db.collections as Partial<Record<string, RxCollection<Fields & { id: string }>>>;
  for (const change of kept) {
    const collection = collections[change.table];
    if (!collection) continue;
    // As the forms write: a failure (a full device) is the sync status's to say. The change is
    // kept again for the next try, and the database opens all the same, to be read.
    await local.writes.run(() => takeIn(local, collection, change)).catch(() => keepUnder(local.db.name, change));
  }
}

/** Keeps `older` again, under a change of the same document another page kept meanwhile. */
function keepUnder(databaseName: string, older: KeptChange) {
  const same = (c: KeptChange) => c.table === older.table && c.id === older.id;
  const newer = read(databaseName).find(same);
  if (newer) forgetKeptChange(databaseName, same);
  keepChange(databaseName, older);
  if (newer) keepChange(databaseName, newer);
}

function forgetKeptChange(databaseName: string, which: (c: KeptChange) => boolean) {
  try {
    globalThis.localStorage.setItem(keyOf(databaseName), JSON.stringify(read(databaseName).filter((c) => !which(c))));
  } catch {
    // Nothing could be kept either.
  }
}

async function takeIn(local: Local, collection: RxCollection<Fields & { id: string }>, change: KeptChange) {
  const { table, id } = change;
  for (const { lost, replacedBy } of change.lost ?? []) await local.conflictLog.keep(table, id, lost, replacedBy);
  if (change.sent) await local.outbox.noteSent(table, [change.sent]);
  let doc = await collection.findOne(id).exec();
  if (!doc && change.made) {
    await local.outbox.noteMadeFrom(table, id, { ...change.made, ...change.base });
    doc = await collection.insert({ ...change.made, id }).catch(() => null);
    if (doc) return;
    // Another tab or a pull brought it meanwhile.
    doc = await collection.findOne(id).exec();
  }
  if (!doc) return;
  const request = {
    edited: change.changed,
    judged: change.base,
    serverModified: change.serverModified,
    unseen: {},
    own: change.own ?? {},
    create: false,
  };
  const lists = rulesOf(local.rules, table).listFields;
  let lost: LostValue[] = [];
  let by: 'other-device' | 'other-tab' = 'other-device';
  await doc.incrementalModify((stored) => {
    const { patch, outcome } = compareAndSet(request, stored, lists);
    lost = outcome.lost.map(({ field }) => ({ field, local: change.changed[field], server: stored[field] ?? null }));
    by = outcome.lost[0]?.by ?? by;
    return { ...stored, ...patch };
  });
  await local.conflictLog.keep(table, id, lost, by);
}

/** Another tab's page went, keeping a change: this tab takes it in at once. Returns what stops it. */
export function takeInOtherTabsChanges(local: Local): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onStorage = (event: StorageEvent) => {
    // Not while this database's writes fail (a full disk): a change kept again would go back and
    // forth between the tabs. The next opening, or the next page that goes, takes it in.
    if (event.key !== keyOf(local.db.name) || !event.newValue || local.writes.failure !== null) return;
    void writeKeptChanges(local).catch(() => undefined);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
