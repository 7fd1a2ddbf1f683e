import type { RxCollection } from 'rxdb';
import { sameData, type Doc } from './conflict';
import type { OutboxEntry } from './database';
import type { SyncDoc } from './rows';
import { requestPersistentStorage } from './storage';

const key = (table: string, docId: string) => `${table}:${docId}`;

// RxDB runs post-write hooks after the storage write, and the replication may push that write
// (and the server accept it) before the hook has recorded it. So, per outbox: operations on one
// entry run in the order they were called, and the state the server last accepted is remembered,
// so a late record of an already accepted write is not left behind as a change that never syncs.
interface OutboxState {
  queues: Map<string, Promise<unknown>>;
  accepted: Map<string, Doc>;
  /** Per entry: the state this device's landed push left, for the conflict handler to merge against. */
  landed: Map<string, Doc>;
}
const states = new WeakMap<RxCollection<OutboxEntry>, OutboxState>();

function stateOf(outbox: RxCollection<OutboxEntry>): OutboxState {
  let state = states.get(outbox);
  if (!state) states.set(outbox, (state = { queues: new Map(), accepted: new Map(), landed: new Map() }));
  return state;
}

/** Runs `fn` after every operation already queued on these entries, before any queued later. */
function serial<T>(outbox: RxCollection<OutboxEntry>, ids: string[], fn: () => Promise<T>): Promise<T> {
  const { queues } = stateOf(outbox);
  const run = Promise.all(ids.map((id) => queues.get(id) ?? Promise.resolve())).then(fn, fn);
  const tail = run.catch(() => undefined);
  for (const id of ids) queues.set(id, tail);
  void tail.then(() => {
    for (const id of ids) if (queues.get(id) === tail) queues.delete(id);
  });
  return run;
}

const sameState = (a: Doc, b: Doc) => Boolean(a._deleted) === Boolean(b._deleted) && sameData(a, b);

/**
 * Record every write the app makes to `collection` in the outbox until the server accepts it.
 * Replication writes go straight to storage and do not run these hooks, so pulls never count.
 */
export function trackLocalWrites<T extends SyncDoc>(collection: RxCollection<T>, outbox: RxCollection<OutboxEntry>) {
  const touch = (data: Doc & SyncDoc) => {
    void requestPersistentStorage();
    const id = key(collection.name, data.id);
    return serial(outbox, [id], async () => {
      const accepted = stateOf(outbox).accepted.get(id);
      if (accepted && sameState(accepted, data)) return;
      const existing = await outbox.findOne(id).exec();
      // `since` stays at the oldest unsynced change: that is what "stalled" measures. A refusal's
      // record stays (the next push is judged against the server's row); its message goes, as
      // the user has changed something since.
      await outbox.upsert({
        id,
        table: collection.name,
        docId: data.id,
        since: existing?.since ?? Date.now(),
        lastError: null,
        refused: existing?.refused ?? null,
        refusal: existing?.refusal ?? null,
        sent: existing?.sent ?? null,
      });
    });
  };
  collection.postInsert(touch, false);
  collection.postSave(touch, false);
  // RxDB hands bulkRemove's post hooks the document as it was before the removal: record the
  // removal itself, or a removal of an already accepted state would look accepted.
  collection.postRemove((data: Doc & SyncDoc) => touch({ ...data, _deleted: true }), false);
}

/** The server holds these states of their documents (accepted, or its own row won a conflict). */
export function settle(outbox: RxCollection<OutboxEntry>, table: string, states: Doc[]) {
  if (states.length === 0) return Promise.resolve();
  const ids = states.map((doc) => key(table, String(doc.id)));
  return serial(outbox, ids, async () => {
    const { accepted } = stateOf(outbox);
    states.forEach((doc, i) => accepted.set(ids[i]!, doc));
    await outbox.bulkRemove(ids);
  });
}

/** Why the server refused a row, and the row as the server kept it (null: it has none). */
export interface Refusal {
  message: string;
  code: string | null;
  /** The column Postgres named, when it did (a check or not-null constraint). */
  column: string | null;
  constraint: string | null;
  server: Doc | null;
}

export function markRefused(
  outbox: RxCollection<OutboxEntry>,
  table: string,
  docId: string,
  refusal: Refusal,
  refused: Doc,
) {
  const id = key(table, docId);
  return serial(outbox, [id], async () => {
    const existing = await outbox.findOne(id).exec();
    await outbox.upsert({
      id,
      table,
      docId,
      since: existing?.since ?? Date.now(),
      lastError: refusal.message,
      refused: JSON.stringify(refused),
      refusal: JSON.stringify(refusal),
      sent: existing?.sent ?? null,
    });
  });
}

/** The refused state of a document and why, while the server has not accepted a later one. */
export async function readRefusal(
  outbox: RxCollection<OutboxEntry>,
  table: string,
  docId: string,
): Promise<{ refused: Doc; refusal: Refusal } | null> {
  const entry = await outbox.findOne(key(table, docId)).exec();
  return parseRefusal(entry);
}

export function parseRefusal(
  entry: Pick<OutboxEntry, 'refused' | 'refusal'> | null | undefined,
): { refused: Doc; refusal: Refusal } | null {
  if (!entry?.refused || !entry.refusal) return null;
  return { refused: JSON.parse(entry.refused) as Doc, refusal: JSON.parse(entry.refusal) as Refusal };
}

/**
 * The server state the device should be judged against: RxDB assumes the server holds what it
 * last pushed, but a refused push never reached it. While the assumed state is the refused one,
 * the row the server kept is the truth.
 */
export async function trueServerState(
  outbox: RxCollection<OutboxEntry>,
  table: string,
  docId: string,
  assumed: Doc | undefined,
): Promise<Doc | undefined> {
  const [state] = await trueServerStates(outbox, table, [{ docId, assumed }]);
  return state;
}

/** trueServerState of each of a push's rows, with one read of the outbox. */
export async function trueServerStates(
  outbox: RxCollection<OutboxEntry>,
  table: string,
  rows: { docId: string; assumed: Doc | undefined }[],
): Promise<(Doc | undefined)[]> {
  const withAssumed = rows.filter((r) => r.assumed).map((r) => key(table, r.docId));
  const entries = withAssumed.length > 0 ? await outbox.findByIds(withAssumed).exec() : new Map<string, never>();
  return rows.map(({ docId, assumed }) => {
    const found = parseRefusal(entries.get(key(table, docId)));
    if (!found || !assumed || !sameState(found.refused, assumed)) return assumed;
    return found.refusal.server ?? undefined;
  });
}

/**
 * RxDB found a document equal to the state it assumes the server has, so it pushes nothing: a
 * change undone, or a save that changed nothing. Its outbox entry would wait forever: settle it
 * — unless that state is a refused one, which stays refused (with its message) until changed.
 */
export function upToDate(outbox: RxCollection<OutboxEntry>, table: string, doc: Doc) {
  const id = key(table, String(doc.id));
  return serial(outbox, [id], async () => {
    const entry = await outbox.findOne(id).exec();
    if (!entry) return;
    const found = parseRefusal(entry);
    if (found && sameState(found.refused, doc)) {
      if (!entry.lastError) await entry.incrementalPatch({ lastError: found.refusal.message });
      return;
    }
    stateOf(outbox).accepted.set(id, doc);
    await entry.remove();
  });
}

/** Refused states that a pull is about to replace with the server's newer row. */
export async function refusalsAmong(outbox: RxCollection<OutboxEntry>, table: string, docIds: string[]) {
  if (docIds.length === 0) return [];
  const entries = await outbox.findByIds(docIds.map((d) => key(table, d))).exec();
  return [...entries.values()].flatMap((entry) => {
    const found = parseRefusal(entry);
    return found ? [{ docId: entry.docId, ...found }] : [];
  });
}

/** A state sent in a push, by the id the server records in `_landed` when it lands. */
export interface SentState {
  writeId: string;
  state: Doc;
}

// Distinct states kept per document: each push sent while no answer comes adds one (a retry of
// the same state reuses its write id), and the one that landed must still be here when asked.
const SENT_KEPT = 5;

const parseSent = (entry: Pick<OutboxEntry, 'sent'> | null | undefined): SentState[] =>
  entry?.sent ? (JSON.parse(entry.sent) as SentState[]) : [];

/**
 * Before a push: remember what is sent under which write id, so a lost answer does not lose track
 * of it. Returns the write id for each state (a state sent before keeps its id).
 */
export function recordSent(outbox: RxCollection<OutboxEntry>, table: string, states: Doc[]): Promise<string[]> {
  if (states.length === 0) return Promise.resolve([]);
  const ids = states.map((state) => key(table, String(state.id)));
  return serial(outbox, ids, async () => {
    const existing = await outbox.findByIds(ids).exec();
    const writeIds: string[] = [];
    const entries = states.map((state, i) => {
      const entry = existing.get(ids[i]!);
      const before = parseSent(entry);
      const again = before.find((s) => sameState(s.state, state));
      writeIds.push(again?.writeId ?? crypto.randomUUID());
      const sent = again ? before : [...before, { writeId: writeIds[i]!, state }].slice(-SENT_KEPT);
      return {
        id: ids[i]!,
        table,
        docId: String(state.id),
        since: entry?.since ?? Date.now(),
        lastError: entry?.lastError ?? null,
        refused: entry?.refused ?? null,
        refusal: entry?.refusal ?? null,
        sent: JSON.stringify(sent),
      };
    });
    await outbox.bulkUpsert(entries);
    return writeIds;
  });
}

/**
 * A conflict answered a push. When the row says that one of this device's earlier pushes landed
 * (`landedWriteIds`: its answer was lost), that push's state is the base to merge against: the
 * device's edits since are its own, not both-sides edits (see takeLandedBase). What was sent stays
 * recorded until the server accepts a state (the entry is settled): RxDB may push again against
 * the same old assumed state.
 */
export function answered(outbox: RxCollection<OutboxEntry>, table: string, landedWriteIds: Map<string, string>) {
  if (landedWriteIds.size === 0) return Promise.resolve();
  const ids = [...landedWriteIds.keys()].map((d) => key(table, d));
  return serial(outbox, ids, async () => {
    const { landed } = stateOf(outbox);
    const entries = await outbox.findByIds(ids).exec();
    for (const [id, entry] of entries) {
      const writeId = landedWriteIds.get(entry.docId);
      const match = parseSent(entry).find((s) => s.writeId === writeId);
      if (match) landed.set(id, match.state);
    }
  });
}

/** The state this device's own landed push left, once, for the conflict now being merged. */
export function takeLandedBase(outbox: RxCollection<OutboxEntry>, table: string, docId: string): Doc | undefined {
  const { landed } = stateOf(outbox);
  const id = key(table, docId);
  const base = landed.get(id);
  landed.delete(id);
  return base;
}
