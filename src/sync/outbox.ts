// The outbox: the changes made on this device that the server has not accepted yet. It is what the
// header's 'n changes waiting' counts, what sign-out warns about, what 'Sync stalled' measures and
// what 'Export unsynced changes' writes out. This object is the only writer of the `outbox`
// collection, and everything it knows is stored there, typed: the app's writes are recorded by
// `track`, and the replication reports what became of each push through the named methods below
// (docs/decisions/030-two-writers-one-truth.md). Every tab of a browser reads and writes the
// same entries: each change of an entry is a compare-and-set on it.
import type { RxCollection } from 'rxdb';
import { map, type Observable } from 'rxjs';
import { requestPersistentStorage } from '../lib/storage';
import { sameState, type BurstOf, type Doc } from './merge';
import { NotedBursts, withAllNotes } from './burst-notes';
import {
  emptyEntry,
  entryKey,
  RecordsInFlight,
  UnansweredPushes,
  withoutMeta,
  type OutboxEntry,
  type StoredRefusal,
} from './outbox-entry';
import type { SyncDoc } from './rows';
import { rulesOf, type SyncRules } from './rules';

/** Sends remembered per document while no answer comes: one that landed is merged from. */
export const SENT_KEPT = 5;

const isConflict = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 'CONFLICT';

/** The outbox of one database (a user's, or an assessment link's). */
export class Outbox {
  readonly #unanswered: UnansweredPushes;
  /** The tracked collections by table: an answer is settled against the document as stored then. */
  readonly #tracked = new Map<string, RxCollection>();
  readonly #recording = new RecordsInFlight();
  /** Bursts a form noted before its write: the write's record keeps them. */
  readonly #bursts = new NotedBursts();
  /** Resolves once the stored entries have been read: a replication starts after it. */
  readonly ready: Promise<void>;

  constructor(
    readonly collection: RxCollection<OutboxEntry>,
    private readonly rules: SyncRules,
  ) {
    this.#unanswered = new UnansweredPushes(collection);
    this.ready = this.#unanswered.ready;
  }

  /**
   * A push of this document was sent and no answer has settled it, so the server may hold a sent
   * state rather than the one RxDB assumes. Synchronous: RxDB's equality checks ask it.
   */
  unanswered(table: string, docId: string): boolean {
    return this.#unanswered.has(entryKey(table, docId));
  }

  #same(table: string, a: Doc, b: Doc) {
    return sameState(a, b, rulesOf(this.rules, table));
  }

  /**
   * Changes one entry by what `change` makes of it as it is stored now (null: none, or remove
   * it): RxDB runs `change` again on the newer entry when another tab wrote it meanwhile.
   */
  async #modify(
    table: string,
    docId: string,
    change: (entry: OutboxEntry | null) => OutboxEntry | null | Promise<OutboxEntry | null>,
  ): Promise<void> {
    const id = entryKey(table, docId);
    for (;;) {
      const doc = await this.collection.findOne(id).exec();
      if (doc) {
        let written: OutboxEntry | null = null;
        await doc.incrementalModify(async (stored) => {
          written = await change(stored._deleted ? null : stored);
          return written ? { ...stored, ...written, _deleted: false } : { ...stored, _deleted: true };
        });
        this.#unanswered.wrote(id, written);
        return;
      }
      const next = await change(null);
      if (!next) return;
      try {
        await this.collection.insert(next);
        this.#unanswered.wrote(id, next);
        return;
      } catch (error) {
        // Another tab made it meanwhile: change theirs.
        if (!isConflict(error)) throw error;
      }
    }
  }

  /**
   * Records every write the app makes to `collection` until the server accepts it. Replication
   * writes go straight to storage and do not run these hooks, so pulls never count.
   */
  track<T extends SyncDoc>(collection: RxCollection<T>) {
    const table = collection.name;
    this.#tracked.set(table, collection);
    const record = (data: Doc & SyncDoc) => this.record(table, data);
    collection.postInsert(record, false);
    collection.postSave(record, false);
    // RxDB hands bulkRemove's post hooks the document as it was before the removal.
    collection.postRemove((data: Doc & SyncDoc) => this.record(table, { ...data, _deleted: true }, data), false);
  }

  /**
   * The app wrote `state` (over `previous`, for a removal): a change waits, unless the server has
   * already accepted this state. A removal made while nothing else waited keeps the state it was
   * made over as its merge base: the server's as this device knew it, for when RxDB has lost its
   * own record of that (merge-base.ts; ADR 039).
   */
  record(table: string, state: Doc & SyncDoc, previous?: Doc): Promise<void> {
    void requestPersistentStorage();
    return this.#recording.add(entryKey(table, state.id), this.#write(table, state, previous));
  }

  /**
   * Resolves once every record of `docId` this tab has begun is written. RxDB begins the record of
   * an incremental write before that write resolves, and finishes it after: whoever waits for the
   * server to have a write waits for this first, or it could take an older change's settling for
   * its own.
   */
  recorded(table: string, docId: string): Promise<void> {
    return this.#recording.done(entryKey(table, docId));
  }

  /**
   * A form is about to write these fields, typed in these bursts: the write's record keeps them
   * with the entry, so a refusal of one of their values is told as the burst's.
   */
  noteBursts(table: string, docId: string, bursts: Readonly<Record<string, BurstOf>>) {
    this.#bursts.note(entryKey(table, docId), bursts);
  }

  #write(table: string, state: Doc & SyncDoc, previous?: Doc): Promise<void> {
    const noted = this.#bursts.take(entryKey(table, state.id));
    return this.#modify(table, state.id, (entry) => {
      // RxDB runs post-write hooks after the write: its push may have been accepted first.
      if (entry && !entry.waiting && this.#same(table, entry.state, state)) return null;
      const waiting = entry?.waiting === true;
      return {
        ...(entry ?? emptyEntry(table, state.id)),
        waiting: true,
        since: waiting ? entry.since : Date.now(),
        state: withoutMeta(state),
        base: waiting || !previous ? (entry?.base ?? null) : withoutMeta(previous),
        // A refusal's record stays (the next push is judged against the server's row); its
        // message goes, as the user has changed something since.
        lastError: null,
        bursts: withAllNotes(entry?.bursts ?? {}, noted),
      };
    });
  }

  /** The states in `sent` after `state` (the last one equal to it): the ones before are in it. */
  #sentAfter(table: string, sent: Doc[], state: Doc): Doc[] {
    const at = sent.findLastIndex((s) => this.#same(table, s, state));
    return at < 0 ? sent : sent.slice(at + 1);
  }

  /** The document as this device stores it now (null: none, or its table is not tracked here). */
  async #stored(table: string, docId: string): Promise<Doc | null> {
    const collection = this.#tracked.get(table);
    if (!collection) return null;
    const found: unknown[] = await collection.storageInstance.findDocumentsById([docId], true);
    return (found[0] as Doc | undefined) ?? null;
  }

  /** A document made here: the state it was made from is its merge base until the server has it. */
  noteMadeFrom(table: string, docId: string, base: Doc): Promise<void> {
    return this.#modify(table, docId, (entry) => ({ ...(entry ?? emptyEntry(table, docId)), base }));
  }

  /** Before a push: each state is remembered as sent until an answer comes. */
  async noteSent(table: string, states: readonly Doc[]): Promise<void> {
    for (const state of states) {
      await this.#modify(table, String(state.id), (entry) => ({
        ...(entry ?? emptyEntry(table, String(state.id))),
        sent: [...(entry?.sent ?? []), withoutMeta(state)].slice(-SENT_KEPT),
      }));
    }
  }

  /**
   * The server holds `state` (accepted, or its own row won a conflict). A write made here since
   * waits on: the document is read inside the entry's turn, as stored then, so a write landing
   * while the answer is settled is either seen here or recorded after (ADR 041). `replacing`: a
   * state of the document that `state` replaces rather than answers (a refused one).
   */
  settle(table: string, state: Doc, replacing?: Doc): Promise<void> {
    const docId = String(state.id);
    return this.#modify(table, docId, async (entry) => {
      const current = await this.#stored(table, docId);
      const changed = current && !this.#same(table, current, state);
      // Changed since: that change waits. The sends up to `state` are answered (the server holds
      // them in it); one sent after it may still be what a merge starts from.
      if (changed && !(replacing && this.#same(table, current, replacing))) {
        return entry && { ...entry, sent: this.#sentAfter(table, entry.sent, state) };
      }
      // Recorded already: done. Not yet (RxDB's hook is late): the late record is not a change.
      if (entry?.waiting && this.#same(table, entry.state, state)) return null;
      return {
        ...(entry ?? emptyEntry(table, String(state.id))),
        waiting: false,
        since: Date.now(),
        state,
        sent: [],
        refusal: null,
      };
    });
  }

  /** The server refused `refused`, the state of `docId` this device pushed, and says why. */
  refuse(table: string, docId: string, refusal: StoredRefusal): Promise<void> {
    return this.#modify(table, docId, (entry) => ({
      ...(entry ?? emptyEntry(table, docId)),
      waiting: true,
      since: entry?.waiting ? entry.since : Date.now(),
      state: entry?.waiting ? entry.state : refusal.refused,
      lastError: refusal.message,
      refusal,
      // The refusal is the answer, and the row the server kept (the merge base now) holds
      // whatever of the earlier sends landed.
      sent: [],
    }));
  }

  /**
   * RxDB pushes nothing for a document equal to the state it assumes the server has (a change
   * undone, a save that changed nothing, a conflict resolved to the server's row), so its entry
   * would wait forever: it is settled — unless that state is a refused one, which stays refused
   * (with its message) until changed. `unchanged` reads the document again inside the entry's
   * turn, and gives it only while it still equals the server's: a write since the check wins.
   */
  settleUnchanged(table: string, docId: string, unchanged: () => Promise<Doc | null>): Promise<void> {
    return this.#modify(table, docId, async (entry) => {
      if (!entry?.waiting) return entry;
      const current = await unchanged();
      if (!current) return entry;
      const refused = entry.refusal;
      if (refused && this.#same(table, refused.refused, current)) {
        return entry.lastError ? entry : { ...entry, lastError: refused.message };
      }
      return null;
    });
  }

  /**
   * Forgets accepted states kept for a late record (`waiting: false`) once no record can come:
   * RxDB records a write a moment after making it, never seconds later.
   */
  async forgetSettled(olderThanMs = 10_000): Promise<void> {
    await this.collection.find({ selector: { waiting: false, since: { $lt: Date.now() - olderThanMs } } }).remove();
  }

  /** The kept entries of these documents (a conflict's merge base reads them). */
  async kept(table: string, docIds: readonly string[]): Promise<Map<string, OutboxEntry>> {
    if (docIds.length === 0) return new Map();
    const found = await this.collection.findByIds(docIds.map((d) => entryKey(table, d))).exec();
    return new Map([...found.values()].map((e) => [e.docId, e.toMutableJSON()]));
  }

  /** Refused states among these documents (a pull is about to bring their server rows). */
  async refusalsAmong(table: string, docIds: readonly string[]) {
    const kept = await this.kept(table, docIds);
    return [...kept.values()].flatMap((e) => (e.waiting && e.refusal ? [{ docId: e.docId, refusal: e.refusal }] : []));
  }

  /** The ids of `table`'s documents with a change waiting. */
  async waitingIds(table: string): Promise<string[]> {
    return (await this.collection.find({ selector: { table, waiting: true } }).exec()).map((e) => e.docId);
  }

  /** Every waiting change (of `table`, when given), live. */
  waiting$(table?: string): Observable<OutboxEntry[]> {
    const selector = table ? { table, waiting: true } : { waiting: true };
    return this.collection.find({ selector }).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON())));
  }

  /** One document's waiting change, live (null: nothing waits). */
  watch(table: string, docId: string): Observable<OutboxEntry | null> {
    return this.collection
      .findOne(entryKey(table, docId))
      .$.pipe(map((doc) => (doc?.waiting ? doc.toMutableJSON() : null)));
  }

  /** How many changes wait. */
  count(): Promise<number> {
    return this.collection.count({ selector: { waiting: true } }).exec();
  }

  /** Every waiting change, now. */
  async entries(): Promise<OutboxEntry[]> {
    return (await this.collection.find({ selector: { waiting: true } }).exec()).map((d) => d.toMutableJSON());
  }
}
