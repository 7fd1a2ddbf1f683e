// The outbox: the changes made on this device that the server has not accepted yet. It is what the
// header's 'n changes waiting' counts, what sign-out warns about, what 'Sync stalled' measures and
// what 'Export unsynced changes' writes out. This object is the only writer of the `outbox`
// collection: the app's writes are recorded by `track`, and the replication reports what became
// of each push through the named methods below (docs/decisions/020-outbox-and-sync-layer.md).
import type { RxCollection } from 'rxdb';
import { map, type Observable } from 'rxjs';
import { requestPersistentStorage } from '../lib/storage';
import { sameState, type Doc } from './merge';
import type { OutboxEntry } from './outbox-entry';
import { parseRefusal, type Refusal } from './refusal';
import type { SyncDoc } from './rows';
import { rulesOf, type SyncRules } from './rules';
import { addSent, landedState, parseSent, type SentState } from './sent-states';

const key = (table: string, docId: string) => `${table}:${docId}`;

/** The outbox of one database (a user's, or an assessment link's). */
export class Outbox {
  // RxDB runs post-write hooks after the storage write, and the replication may push that write
  // (and the server accept it) before the hook has recorded it. So operations on one entry run in
  // the order they were called, and the state the server last accepted is remembered, so a late
  // record of an already accepted write is not left behind as a change that never syncs.
  readonly #queues = new Map<string, Promise<unknown>>();
  readonly #accepted = new Map<string, Doc>();
  // Per entry: the write id of the push the server last accepted, named by the next push (the row
  // may differ from that state in columns the server sets: the next push is still its own).
  readonly #acceptedWriteIds = new Map<string, string>();
  // Per entry: the state a conflict is merged against, as the push that met it found it.
  readonly #mergeBases = new Map<string, { base: Doc | undefined }>();
  // States sent outside a push for documents with nothing waiting: recorded with their next change.
  readonly #sentOutside = new Map<string, SentState[]>();

  constructor(
    readonly collection: RxCollection<OutboxEntry>,
    private readonly rules: SyncRules,
  ) {}

  /**
   * Records every write the app makes to `collection` until the server accepts it. Replication
   * writes go straight to storage and do not run these hooks, so pulls never count.
   */
  track<T extends SyncDoc>(collection: RxCollection<T>) {
    const record = (data: Doc & SyncDoc) => this.#record(collection.name, data);
    collection.postInsert(record, false);
    collection.postSave(record, false);
    // RxDB hands bulkRemove's post hooks the document as it was before the removal: record the
    // removal itself, or a removal of an already accepted state would look accepted.
    collection.postRemove((data: Doc & SyncDoc) => record({ ...data, _deleted: true }), false);
  }

  #record(table: string, data: Doc & SyncDoc) {
    void requestPersistentStorage();
    const id = key(table, data.id);
    return this.#serial([id], async () => {
      const accepted = this.#accepted.get(id);
      if (accepted && sameState(accepted, data, rulesOf(this.rules, table))) return;
      const existing = await this.collection.findOne(id).exec();
      // `since` stays at the oldest unsynced change: that is what "stalled" measures. A refusal's
      // record stays (the next push is judged against the server's row); its message goes, as
      // the user has changed something since.
      const sent = existing?.sent ?? this.#takeSentOutside(id);
      await this.collection.upsert({
        id,
        table,
        docId: data.id,
        since: existing?.since ?? Date.now(),
        lastError: null,
        refused: existing?.refused ?? null,
        refusal: existing?.refusal ?? null,
        sent,
      });
    });
  }

  #takeSentOutside(id: string): string | null {
    const sent = this.#sentOutside.get(id);
    this.#sentOutside.delete(id);
    return sent ? JSON.stringify(sent) : null;
  }

  /** Runs `fn` after every operation already queued on these entries, before any queued later. */
  #serial<T>(ids: string[], fn: () => Promise<T>): Promise<T> {
    const run = Promise.all(ids.map((id) => this.#queues.get(id) ?? Promise.resolve())).then(fn, fn);
    const tail = run.catch(() => undefined);
    for (const id of ids) this.#queues.set(id, tail);
    void tail.then(() => {
      for (const id of ids) if (this.#queues.get(id) === tail) this.#queues.delete(id);
    });
    return run;
  }

  /** The server holds these states of their documents (accepted, or its own row won a conflict). */
  settle(table: string, states: Doc[]): Promise<void> {
    if (states.length === 0) return Promise.resolve();
    const ids = states.map((doc) => key(table, String(doc.id)));
    return this.#serial(ids, async () => {
      states.forEach((doc, i) => this.#accepted.set(ids[i]!, doc));
      for (const id of ids) this.#mergeBases.delete(id);
      await this.collection.bulkRemove(ids);
    });
  }

  /** The server refused `refused` (the state of `docId` this device pushed), and says why. */
  refuse(table: string, docId: string, refusal: Refusal, refused: Doc): Promise<void> {
    const id = key(table, docId);
    return this.#serial([id], async () => {
      const existing = await this.collection.findOne(id).exec();
      await this.collection.upsert({
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

  /**
   * The server state each of a push's rows is judged against: RxDB assumes the server holds what
   * it last pushed, but a refused push never reached it. While the assumed state is the refused
   * one, the row the server kept is the truth. One read of the outbox for the whole push.
   */
  async judgedAgainst(table: string, rows: { docId: string; assumed: Doc | undefined }[]) {
    const withAssumed = rows.filter((r) => r.assumed).map((r) => key(table, r.docId));
    const entries =
      withAssumed.length > 0 ? await this.collection.findByIds(withAssumed).exec() : new Map<string, never>();
    return rows.map(({ docId, assumed }): Doc | undefined => {
      const found = parseRefusal(entries.get(key(table, docId)));
      if (!found || !assumed || !sameState(found.refused, assumed, rulesOf(this.rules, table))) return assumed;
      return found.refusal.server ?? undefined;
    });
  }

  /** The server accepted the push of `docId` made under `writeId`. */
  noteAccepted(table: string, docId: string, writeId: string) {
    this.#acceptedWriteIds.set(key(table, docId), writeId);
  }

  /**
   * Before a push: remembers what is sent under which write id, so a lost answer does not lose
   * track of it. Returns, for each state, its write id (a state sent before keeps its id) and the
   * write ids of the pushes it descends from: the last one accepted and those sent since (kept in
   * its entry). So the server takes one of those, landed, as this device's own earlier write, and
   * not a later one that overtook this push (supabase/schemas/sync/50-push-rows.sql). A state sent
   * again names what it named the first time: the sends before it, not those after.
   */
  recordSent(table: string, states: Doc[]): Promise<{ writeId: string; after: string[] }[]> {
    if (states.length === 0) return Promise.resolve([]);
    const ids = states.map((state) => key(table, String(state.id)));
    const rules = rulesOf(this.rules, table);
    return this.#serial(ids, async () => {
      const existing = await this.collection.findByIds(ids).exec();
      const sends: { writeId: string; after: string[] }[] = [];
      const entries = states.map((state, i) => {
        const entry = existing.get(ids[i]!);
        const before = entry ? parseSent(entry) : parseSent({ sent: this.#takeSentOutside(ids[i]!) });
        const again = before.find((s) => sameState(s.state, state, rules));
        const writeId = again?.writeId ?? crypto.randomUUID();
        const accepted = this.#acceptedWriteIds.get(ids[i]!);
        const earlier = again ? before.slice(0, before.indexOf(again)) : before;
        const after = [...(accepted && !again ? [accepted] : []), ...earlier.map((s) => s.writeId)];
        sends.push({ writeId, after: [...new Set(after)] });
        const sent = again ? before : addSent(before, [{ writeId, state }]);
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
      await this.collection.bulkUpsert(entries);
      return sends;
    });
  }

  /**
   * States sent outside a push, under the write ids they were sent with (the push a page sent as
   * it went, src/sync/last-push.ts): if one landed, a conflict is merged against it. A document
   * with nothing waiting gets no entry (nothing would settle it): they are kept for its next change.
   */
  recordSentAs(table: string, sent: (SentState & { docId: string })[]): Promise<void> {
    if (sent.length === 0) return Promise.resolve();
    const ids = [...new Set(sent.map((s) => key(table, s.docId)))];
    const add = (before: SentState[], id: string) =>
      addSent(
        before,
        sent.filter((s) => key(table, s.docId) === id).map(({ docId: _, ...s }) => s),
      );
    return this.#serial(ids, async () => {
      const existing = await this.collection.findByIds(ids).exec();
      for (const id of ids) if (!existing.has(id)) this.#sentOutside.set(id, add(this.#sentOutside.get(id) ?? [], id));
      await this.collection.bulkUpsert(
        [...existing.values()].map((entry) => ({
          ...(entry.toJSON() as OutboxEntry),
          sent: JSON.stringify(add(parseSent(entry), entry.id)),
        })),
      );
    });
  }

  /**
   * A push met conflicts: notes the state each is merged against. When the server's row says that
   * one of this device's earlier pushes landed (`landedWriteId`: its answer was lost), that push's
   * state is the base: the device's edits since are its own, not both-sides edits. Otherwise the
   * state the push was judged against (`judgedAgainst`). What was sent stays recorded until the
   * server accepts a state: RxDB may push again against the same old assumed state.
   */
  async noteConflicts(table: string, conflicts: { docId: string; judged: Doc | undefined; landedWriteId?: string }[]) {
    if (conflicts.length === 0) return;
    const ids = conflicts.map((c) => key(table, c.docId));
    await this.#serial(ids, async () => {
      const entries = await this.collection.findByIds(ids).exec();
      conflicts.forEach((c, i) => {
        const landed = c.landedWriteId ? landedState(parseSent(entries.get(ids[i]!)), c.landedWriteId) : undefined;
        this.#mergeBases.set(ids[i]!, { base: landed ?? c.judged });
      });
    });
  }

  /** The state a conflict of `docId` is merged against (`assumed` when its push noted none). */
  mergeBase(table: string, docId: string, assumed: Doc | undefined): Doc | undefined {
    const noted = this.#mergeBases.get(key(table, docId));
    return noted ? noted.base : assumed;
  }

  /**
   * RxDB pushes nothing for a document equal to the state it assumes the server has (a change
   * undone, a save that changed nothing), so its entry would wait forever: it is settled — unless
   * that state is a refused one, which stays refused (with its message) until changed.
   * `current` re-reads the document inside the entry's turn: a write since the check wins.
   */
  settleIfUnchanged(table: string, doc: Doc, current: () => Promise<Doc | null>): Promise<void> {
    const id = key(table, String(doc.id));
    const rules = rulesOf(this.rules, table);
    return this.#serial([id], async () => {
      const entry = await this.collection.findOne(id).exec();
      if (!entry) return;
      const now = await current();
      if (!now || !sameState(now, doc, rules)) return;
      const found = parseRefusal(entry);
      if (found && sameState(found.refused, doc, rules)) {
        if (!entry.lastError) await entry.incrementalPatch({ lastError: found.refusal.message });
        return;
      }
      this.#accepted.set(id, doc);
      this.#mergeBases.delete(id);
      await entry.remove();
    });
  }

  /** Refused states among these documents, with why (a pull is about to bring their server rows). */
  async refusalsAmong(table: string, docIds: string[]) {
    if (docIds.length === 0) return [];
    const entries = await this.collection.findByIds(docIds.map((d) => key(table, d))).exec();
    return [...entries.values()].flatMap((entry) => {
      const found = parseRefusal(entry);
      return found ? [{ docId: entry.docId, ...found }] : [];
    });
  }

  /** The ids of `table`'s documents with a change waiting. */
  async waitingIds(table: string): Promise<string[]> {
    return (await this.collection.find({ selector: { table } }).exec()).map((e) => e.docId);
  }

  /** Every waiting change (of `table`, when given), live. */
  waiting$(table?: string): Observable<OutboxEntry[]> {
    const query = table ? this.collection.find({ selector: { table } }) : this.collection.find();
    return query.$.pipe(map((docs) => docs.map((d) => d.toJSON() as OutboxEntry)));
  }

  /** One document's waiting change, live (null: nothing waits). */
  watch(table: string, docId: string): Observable<OutboxEntry | null> {
    return this.collection
      .findOne(key(table, docId))
      .$.pipe(map((doc) => (doc ? (doc.toJSON() as OutboxEntry) : null)));
  }

  /** How many changes wait. */
  count(): Promise<number> {
    return this.collection.count().exec();
  }

  /** Every waiting change, now. */
  async entries(): Promise<OutboxEntry[]> {
    return (await this.collection.find().exec()).map((d) => d.toJSON() as OutboxEntry);
  }
}
