// What a form still held when its page went (a tab closed, another address typed): the writes to
// IndexedDB and the pushes under way go with the page. So as it goes, the form's newest change is
// kept in localStorage, which is written at once and survives the page, and sent once more in a
// request that outlives it (src/sync/last-push.ts). When the database opens again, a kept change
// the database does not have is written, as the form would have written it, and then synced; and
// what that request sent is told to the outbox, so a change made over it is not taken for a
// conflict with another device if it landed.
import type { RxCollection } from 'rxdb';
import type { ConflictLog } from '../sync/conflict-log';
import type { SyncEngine } from '../sync/engine';
import type { Outbox } from '../sync/outbox';
import { addSent, type SentState } from '../sync/sent-states';
import { rulesOf, type SyncRules } from '../sync/rules';
import { fieldWrite, type Fields, type NewestState } from './form-sync';

/** A change kept as its page went: what was typed over what was stored. */
interface KeptChange {
  table: string;
  id: string;
  changed: Fields;
  base: Fields;
  /** The whole document, when the page made it: written if the database does not have it. */
  made?: Fields;
  /** What the pages that went sent of it, under which write ids (the newest last). */
  sent?: SentState[];
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
 * Keeps `change` for `databaseName` (replacing one of the same document, whose sends it adds to);
 * false when it cannot.
 */
function keep(databaseName: string, change: KeptChange): boolean {
  try {
    const all = read(databaseName);
    const same = (c: KeptChange) => c.table === change.table && c.id === change.id;
    const sent = addSent(all.find(same)?.sent ?? [], change.sent ?? []);
    const kept: KeptChange = { ...change, ...(sent.length > 0 ? { sent } : {}) };
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

/**
 * What a synced form does as its page goes (SyncedDocument.asThePageGoes): keep the change and
 * what will be sent of it, and, once they are kept, send the newest state (sent and not kept, the
 * device's older state would later be pushed over it).
 */
export const asThePageGoes =
  (
    data: {
      db: { name: string };
      engine: Pick<SyncEngine, 'pageGoingPush'>;
      outbox: Pick<Outbox, 'recordSentAs'>;
    },
    table: string,
  ) =>
  ({ doc, changed, base, created, touched }: NewestState) => {
    const id = String(doc.id);
    const push = data.engine.pageGoingPush(table, [{ doc, fields: touched, created, typedOver: base }]);
    const sent = push.sent.filter((s) => s.docId === id).map(({ docId: _, ...s }) => s);
    const unwritten = Object.keys(changed).length > 0;
    const kept =
      (!unwritten && sent.length === 0) ||
      keep(data.db.name, { table, id, changed, base, ...(created ? { made: doc } : {}), sent });
    // Written already and not kept: sent all the same (only a later change of it may be misjudged).
    if (!kept && unwritten) return;
    push.send();
    // For a page the browser keeps and shows again (back-forward cache), whose sync goes on.
    void data.outbox.recordSentAs(table, push.sent).catch(() => undefined);
  };

/**
 * Before the engine starts: tells the outbox what the pages that went sent, under which write ids,
 * so a conflict met by a push made over a send that landed is merged against what it sent.
 */
export async function noteKeptSends(local: { db: { name: string }; outbox: Pick<Outbox, 'recordSentAs'> }) {
  const byTable = new Map<string, (SentState & { docId: string })[]>();
  for (const { table, id, sent = [] } of read(local.db.name)) {
    byTable.set(table, [...(byTable.get(table) ?? []), ...sent.map((s) => ({ ...s, docId: id }))]);
  }
  for (const [table, sent] of byTable) {
    // At worst a change made over a send that landed is logged as a conflict: never a reason
    // not to open.
    await local.outbox.recordSentAs(table, sent).catch(() => undefined);
  }
}

/**
 * Writes what was kept as a page went and is not in the database, then forgets it. A field the
 * database holds another value for than the one typed over (another tab wrote it since) takes what
 * was typed, and the value it replaces goes to the conflict log, as a form's write does.
 */
export async function writeKeptChanges(local: {
  db: { name: string; collections: object };
  conflictLog: ConflictLog;
  rules: SyncRules;
}): Promise<void> {
  const kept = read(local.db.name);
  if (kept.length === 0) return;
  // Each collection keeps its own document type; a kept change needs only the common part.
  const collections = local.db.collections as Partial<Record<string, RxCollection<Fields & { id: string }>>>;
  for (const { table, id, changed, base, made } of kept) {
    const collection = collections[table];
    if (!collection) continue;
    let doc = await collection.findOne(id).exec();
    if (!doc && made) {
      // Made as the page went, before its first write was done.
      doc = await collection.insert({ ...made, id }).catch(() => null);
      if (doc) continue;
      // A pull brought it meanwhile (the push sent as the page went reached the server).
      doc = await collection.findOne(id).exec();
    }
    if (!doc) continue;
    const { patch, replaced } = fieldWrite(base, changed, doc.toJSON(), rulesOf(local.rules, table).listFields);
    // Kept, not announced: the stored value may be this device's own keystroke sent as it went.
    await local.conflictLog.keep(table, id, replaced, 'this-device', { seen: true });
    if (Object.keys(patch).length > 0) await doc.incrementalPatch(patch);
  }
  forgetKeptChanges(local.db.name);
}
