// A synced form's controller: it holds the form's state machine (form-machine.ts), feeds it the events the hook
// passes on (typing, a stored change, time), and carries out what it asks: writes through the document's write
// queue, values put in the form, values kept in the conflict log, and, as the page goes, the change kept and sent
// (page-going.ts). Plain TypeScript: the hook (synced-form.ts) only wires events to it.
import {
  keyed,
  open,
  storedChanged,
  tick,
  typed,
  unwritten,
  type Effect,
  type Fields,
  type FormState,
  type Origin,
  type Step,
} from './form-machine';
import {
  burstsOf,
  compareAndSet,
  pickHeld,
  pickTyped,
  startWrite,
  withoutHeld,
  wrote,
  writeFailed,
  type WriteOutcome,
  type WriteRequest,
} from './form-write';
import { asError } from '../lib/errors';
import { isStorageFull } from '../lib/refusal-words';
import type { ReplacedBy } from '../sync/conflict-log';
import { keepChange } from './page-going';
import { putBack } from './form-put-back';
import { unstoredPush } from './unstored-push';
import type { FormSyncOptions, FormView } from './form-view';
import type { SyncedDocument } from './synced-document';

export type { FormView } from './form-view';

export class FormSync {
  #state: FormState;
  #scheduled: ReturnType<typeof setTimeout> | null = null;
  #wake: { at: number; timer: ReturnType<typeof setTimeout> } | null = null;
  /** Values are being put in the form: its store's notices are not the user typing. */
  #showing = false;
  /** The document has a change waiting to be sent (its outbox entry): a page that goes sends it. */
  waiting = false;
  // The device refused a write (a full disk): what the form holds goes to the server all the same.
  readonly #sendUnstored = unstoredPush(() => {
    const { stored, doc } = this.#holding(pickTyped(this.#state));
    this.#document.local.engine.pushUnstored(this.#document.table, [{ doc, stored, waiting: true }]);
  });
  #wrote = false; // A write landed and the outbox has not spoken since: its word comes after it.
  readonly #madeFrom: Fields;

  /** The form, as it last rendered. */
  view: FormView;
  readonly #document: SyncedDocument;

  constructor({ document, initial, view }: FormSyncOptions) {
    this.#document = document;
    this.view = view;
    const values = view.read(initial ?? {});
    this.#state = open(document.fields, document.listFields, initial, values, crypto.randomUUID());
    this.#madeFrom = { ...values };
  }

  outboxSays(waiting: boolean) {
    this.waiting = waiting;
    this.#wrote = false;
  }

  /** The form rendered again: its callbacks and mappings as they are now. */
  follow(view: FormView) {
    this.view = view;
  }

  /** The form's values as stored values; input that cannot be stored keeps the agreed value. */
  #read(): Fields {
    return this.view.read({ ...this.#state.stored, ...this.#state.base });
  }

  get state(): FormState {
    return this.#state;
  }

  #apply({ state, effects }: Step) {
    this.#state = state;
    for (const effect of effects) this.#do(effect);
  }

  #do(effect: Effect) {
    switch (effect.kind) {
      case 'write':
        this.#scheduled ??= setTimeout(() => void this.flush().catch((e: unknown) => this.view.onWriteError(e)), 0);
        return;
      case 'show':
        return this.#show(effect.values);
      case 'keep':
        return void this.#keep(effect.lost, effect.by);
      case 'wake':
        return this.#wakeAt(effect.at);
    }
  }

  #show(values: Fields) {
    this.#showing = true;
    try {
      this.view.show(values);
    } finally {
      this.#showing = false;
    }
    // As the form holds them now (a value the form spells differently is not a change).
    const now = this.#read();
    const shown = Object.fromEntries(Object.keys(values).map((f) => [f, now[f] ?? null]));
    this.#state = { ...this.#state, values: { ...this.#state.values, ...shown } };
  }

  #keep(lost: Parameters<SyncedDocument['local']['conflictLog']['keep']>[2], by: ReplacedBy) {
    const document = this.#document;
    return document.local.conflictLog.keep(document.table, document.id, lost, by).catch(() => undefined);
  }

  #wakeAt(at: number) {
    if (this.#wake && this.#wake.at <= at) return;
    if (this.#wake) clearTimeout(this.#wake.timer);
    const timer = setTimeout(
      () => {
        this.#wake = null;
        this.#apply(tick(this.#state, Date.now()));
      },
      Math.max(0, at - Date.now()),
    );
    this.#wake = { at, timer };
  }

  /** The form's store changed: the user typing, unless the values were put there here. */
  typed() {
    if (this.#showing) return;
    this.#apply(typed(this.#state, this.#read(), Date.now()));
  }

  /** The user typed in the form's `field` (stored field), changing its value or not: `input` is its text. */
  keyed(field: string, input?: string) {
    this.#apply(keyed(this.#state, field, Date.now(), input));
  }

  /** The stored document changed. */
  storedChanged(doc: Fields) {
    const before = this.#state.stored;
    // A pull sets the server's time; a tab's write keeps it (a document a tab made has none yet).
    const by: Origin = (before?.serverModified ?? null) === (doc.serverModified ?? null) ? 'other-tab' : 'other-device';
    if (this.#document.editable?.(doc) === false) {
      this.#state = { ...this.#state, stored: doc };
      return;
    }
    this.#apply(storedChanged(this.#state, doc, Date.now(), by, this.view.keepTyped()));
    // Only a newer server row: a late pull of an older one says nothing of what stands now.
    const time = (d: Fields | null) => (typeof d?.serverModified === 'string' ? d.serverModified : '');
    const newer = time(doc) > time(before);
    if (by === 'other-device' && newer) this.#standing(doc);
  }

  /** A value set aside that the server holds again (put back elsewhere): nothing to review. Fields
   * being typed in here are in flux: not judged. */
  #standing(doc: Fields) {
    const { typing, pending, writing } = this.#state;
    const atRest = Object.fromEntries(
      Object.entries(doc).filter(([f]) => !typing[f] && !pending.includes(f) && !writing[f]),
    );
    const document = this.#document;
    void document.local.conflictLog.standing(document.table, [{ ...atRest, id: document.id }]).catch(() => undefined);
  }

  /** The user puts a value set aside back in its field (stored value). */
  putBack(field: string, value: unknown) {
    this.#apply(putBack(this.#state, field, value, Date.now()));
  }

  /**
   * Writes what is pending now, in the document's write queue (`create`: make the document even
   * if nothing was typed). Resolves once it is on this device; rejects when the write failed.
   */
  flush({ create = false } = {}): Promise<void> {
    if (this.#scheduled) clearTimeout(this.#scheduled);
    this.#scheduled = null;
    return this.#document.local.writes.run(async () => {
      const { state, write } = startWrite(this.#state, create);
      this.#state = state;
      if (!write) return;
      try {
        const outcome = await this.#write(write);
        // The state as it is now: stored changes may have come while the write was under way.
        this.#apply(wrote(this.#state, write, outcome, Date.now()));
        this.#wrote ||= Object.keys(outcome.written).length > 0;
      } catch (error) {
        this.#state = writeFailed(this.#state, write);
        // A full disk only: a value the database refuses (its schema) is not sent either.
        if (isStorageFull(error)) this.#sendUnstored();
        throw error;
      }
    });
  }

  async #write(request: WriteRequest): Promise<WriteOutcome> {
    const document = this.#document;
    document.local.outbox.noteBursts(document.table, document.id, burstsOf(this.#state, request));
    if (request.create && document.make && document.insert && !(await document.read())) {
      const made = document.make(this.#read());
      const madeFrom = document.make(this.#madeFrom);
      // Another tab may make it first: then this write is judged against theirs, as any. If
      // nobody made it, the insert's own failure (a full device) is why the write fails.
      let failure: unknown = null;
      const inserted = await document.insert(made, madeFrom).then(
        () => true,
        (error: unknown) => ((failure = error), false),
      );
      if (!inserted && failure !== null && !(await document.read())) throw asError(failure);
      // Every field of the document made is this form's own write, defaults too: a default's echo
      // is not another writer's value beating a burst begun meanwhile (soak seed 9826).
      if (inserted) {
        const own = Object.fromEntries(document.fields.map((f) => [f, made[f] ?? null]));
        return { written: { ...own, ...request.edited }, lost: [], replaced: [] };
      }
    }
    let outcome: WriteOutcome = { written: {}, lost: [], replaced: [] };
    await document.write((stored) => {
      // A field that lost while this write waited its turn is held now (read at each attempt).
      const result = compareAndSet(withoutHeld(request, this.#state), stored, document.listFields);
      outcome = result.outcome;
      return result.patch;
    });
    return outcome;
  }

  /** Anything typed not on this device yet: leaving asks first. */
  unwritten(): boolean {
    return this.#scheduled !== null || unwritten(this.#state);
  }

  /**
   * The page is going: what is typed and not known to be stored is kept (localStorage) and, where
   * this tab may, sent once more in a request that outlives the page. A burst that lost is kept
   * too, never sent: taken in, it loses again and lands in the conflict log (its burst never ends).
   */
  pageGoes() {
    const document = this.#document;
    const typedHere = unwritten(this.#state) ? pickTyped(this.#state) : {};
    const held = pickHeld(this.#state);
    const changed = { ...typedHere, ...held };
    const lost = document.local.conflictLog.unstored(document.table, document.id);
    const waiting = this.waiting || this.#wrote;
    if (Object.keys(changed).length === 0 && lost.length === 0 && !waiting) return;
    const { stored, doc } = this.#holding(typedHere);
    const typedAny = Object.keys(typedHere).length > 0;
    const send = typedAny || waiting;
    // Kept first: sent and not kept, this device's older state could later be pushed over it.
    const kept = keepChange(document.local.db.name, {
      table: document.table,
      id: document.id,
      changed,
      base: Object.fromEntries(Object.keys(changed).map((f) => [f, this.#state.base[f] ?? null])),
      own: Object.fromEntries(Object.keys(typedHere).map((f) => [f, [...(this.#state.writing[f] ?? [])]])),
      serverModified: stored?.serverModified ?? null,
      ...(stored ? {} : { made: doc }),
      ...(send ? { sent: doc } : {}),
      lost: lost.map(({ lost, replacedBy }) => ({ lost, replacedBy })),
    });
    // Not sent when what was typed could not be kept: it may not be pushed over later.
    if (send && (kept || !typedAny)) {
      document.local.engine.pageGoingPush(document.table, [{ doc, stored, waiting: waiting || !stored }]);
    }
    void this.flush().catch(() => undefined);
  }

  /** The document as the form holds it: the stored one (or the one it makes) with `typed` over it. */
  #holding(typed: Fields) {
    const stored = this.#state.stored;
    return {
      stored,
      doc: { ...(stored ?? this.#document.make?.(this.#read()) ?? {}), ...typed, id: this.#document.id },
    };
  }

  /** The form goes (a route left): a burst still going ends now, so a value that lost is kept. */
  dispose() {
    if (this.#wake) clearTimeout(this.#wake.timer);
    this.#wake = null;
    const { state, effects } = tick(this.#state, Date.now(), { all: true });
    this.#state = state;
    for (const effect of effects) if (effect.kind === 'keep') this.#do(effect);
    if (this.#scheduled) void this.flush().catch((e: unknown) => this.view.onWriteError(e));
  }
}
