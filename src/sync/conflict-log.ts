// The conflict log: local values that lost to another (both sides changed one field, a refusal
// overtaken by a newer server row, typing over a value another tab or device saved first). Kept on
// the device and shown in the sync details, never dropped without a trace; a value replaced where
// the user did not see it happen stays "to review" (announced at its field and in the header)
// until the user has seen it (docs/decisions/023-replaced-values-announced.md). One burst of
// typing that loses is one entry, holding the last value typed (ADR 030): an entry is its burst's,
// by id, and no other burst's loss ever overwrites it.
import type { RxCollection, RxDocument, RxJsonSchema } from 'rxdb';
import { map, type Observable } from 'rxjs';
import { withTabLock } from '../lib/tab-lock';
import { burstThatTyped, REFUSALS_MS, typedBefore, typingOf, type BurstNotes } from './burst-notes';
import { sameValue, type BurstOf, type LostValue } from './merge';

/**
 * What replaced the value set aside (`local`) by the one that stands (`server`):
 * - 'other-device': another device's save reached the server first; this device's value is set aside;
 * - 'other-tab': another tab of this browser saved the field first; this tab's value is set aside;
 * - 'this-device': this device's save replaced a value another device had stored a moment before,
 *   too briefly shown to have been seen (set aside);
 * - 'this-tab': the same, over a value another tab of this browser had stored;
 * - 'final': the row became final elsewhere (signed, cancelled, completed); this device's later
 *   value is set aside.
 */
export type ReplacedBy = 'other-device' | 'other-tab' | 'this-device' | 'this-tab' | 'final';

/** A local value that lost to another: kept, never dropped. */
export interface ConflictLogEntry {
  id: string;
  table: string;
  docId: string;
  field: string;
  /** The value set aside (JSON). */
  local: string;
  /** The value that stands (JSON). */
  server: string;
  at: number;
  replacedBy: ReplacedBy;
  /** The user has seen it (dismissed, restored, or told by a sentence that names it). */
  reviewed: boolean;
  /** The burst of typing that set `local` aside ('': not known, as for a refused push). */
  burst: string;
  /** The values (JSON) that burst went through, its last MAX_TYPED: a refusal of one, told after
   * the burst's loss, is the burst's own. */
  typed: string[];
}

/** How many of a burst's values an entry remembers. */
const MAX_TYPED = 200;

export const conflictLogSchema: RxJsonSchema<ConflictLogEntry> = {
  title: 'conflict_log',
  version: 4,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 36 },
    table: { type: 'string' },
    docId: { type: 'string' },
    field: { type: 'string' },
    local: { type: 'string' },
    server: { type: 'string' },
    at: { type: 'number' },
    replacedBy: { type: 'string', enum: ['other-device', 'other-tab', 'this-device', 'this-tab', 'final'] },
    reviewed: { type: 'boolean' },
    burst: { type: 'string', maxLength: 200 },
    typed: { type: 'array', items: { type: 'string' }, maxItems: MAX_TYPED },
  },
  required: ['id', 'table', 'docId', 'field', 'local', 'server', 'at', 'replacedBy', 'reviewed', 'burst', 'typed'],
  additionalProperties: false,
};

/** The collection's definition, for a database's addCollections. */
export const CONFLICT_LOG_COLLECTION = {
  schema: conflictLogSchema,
  // Version 1 added who replaced the value and whether it was seen: entries from before were
  // logged by merges (another device's value stood) and were never announced, so stay old news.
  // Version 2 added 'other-tab' and 'this-tab': entries from before keep what they said.
  // Version 3 (never released) kept a burst's values; version 4 its id too: not known for
  // entries from before.
  migrationStrategies: {
    1: (old: Omit<ConflictLogEntry, 'replacedBy' | 'reviewed' | 'burst'>) => ({
      ...old,
      replacedBy: 'other-device',
      reviewed: true,
    }),
    2: (old: Omit<ConflictLogEntry, 'burst' | 'typed'>) => old,
    3: (old: Omit<ConflictLogEntry, 'burst' | 'typed'>) => ({ ...old, typed: [] }),
    4: (old: Omit<ConflictLogEntry, 'burst'>): ConflictLogEntry => ({ ...old, burst: '' }),
  },
} as const;

/** The values kept as they are read back (parsed). */
export interface KeptValue {
  id: string;
  table: string;
  docId: string;
  field: string;
  /** The value set aside. */
  local: unknown;
  /** The value that stands. */
  server: unknown;
  at: number;
  replacedBy: ReplacedBy;
}

const parse = (e: ConflictLogEntry): KeptValue => ({
  id: e.id,
  table: e.table,
  docId: e.docId,
  field: e.field,
  local: JSON.parse(e.local) as unknown,
  server: JSON.parse(e.server) as unknown,
  at: e.at,
  replacedBy: e.replacedBy,
});

/** Values being kept, not stored yet: a page that goes hands them on (page-going.ts). */
export interface Keeping {
  table: string;
  docId: string;
  lost: readonly LostValue[];
  replacedBy: ReplacedBy;
}

type Stored = Pick<ConflictLogEntry, 'local' | 'server' | 'at' | 'replacedBy' | 'burst' | 'typed'>;
/** Set aside from this device (not a value of another writer this device replaced). */
const ours = (by: ReplacedBy) => by !== 'this-device' && by !== 'this-tab';
const json = (value: unknown) => JSON.stringify(value ?? null);

/**
 * Whether a loss is an entry's: 'same' (the entry's burst, or the same value set aside for the
 * same one: one loss told twice, by a page going and its tab, or by both tabs), 'claims' (a value
 * the loss's burst typed, set aside since it began, by a refusal or by another writer replacing
 * it unseen: most likely the burst's own on the way, so no longer to review; it stays in the
 * log; so is a refusal REFUSALS_MS before another, bursts not known), 'within' (a refusal, told
 * late, of a value the entry's burst went through: kept seen),
 * or null (another burst's: an entry of its own). Nothing set aside is ever overwritten by another
 * burst's value, or removed.
 */
function joins(entry: Stored, loss: Stored, burst: BurstOf | undefined): 'same' | 'claims' | 'within' | null {
  if (burst && entry.burst === burst.id) return 'same';
  if (entry.local === loss.local && entry.server === loss.server) return 'same';
  if (!ours(loss.replacedBy)) return null;
  const claimable = entry.burst === '' || !ours(entry.replacedBy);
  if (burst) return claimable && entry.at >= burst.since && loss.typed.includes(entry.local) ? 'claims' : null;
  if (!ours(entry.replacedBy)) return null;
  // A refusal told after its burst's loss: the burst's entry went through it.
  if (entry.burst !== '') return entry.typed.includes(loss.local) ? 'within' : null;
  // Refusals of bursts not known, close together: most likely one burst's, the newer to review.
  return loss.at - entry.at <= REFUSALS_MS ? 'claims' : null;
}

/** Whether a loss, a refusal, is told after the entry's later value (it changes nothing said). */
type Late = (entry: Stored) => boolean;

/** Runs `fn` while no other keep into the log runs. */
export type Exclusive = <T>(fn: () => Promise<T>) => Promise<T>;

/** The log of one database: the only writer of its `conflict_log` collection. */
export class ConflictLog {
  readonly #unstored = new Set<Keeping>();
  /**
   * One keep at a time, across the tabs of this browser: two tellings of one loss (the lead tab's
   * merge and the typing tab's burst, soak seed 9471) must find each other's entry, not both add one.
   */
  readonly #alone: Exclusive;

  constructor(
    readonly collection: RxCollection<ConflictLogEntry>,
    alone?: Exclusive,
    /** The bursts of typing that wrote a document's latest values (its outbox entry's). */
    private readonly burstsOf: (table: string, docId: string) => Promise<BurstNotes> = () => Promise.resolve({}),
  ) {
    this.#alone = alone ?? ((fn) => withTabLock(`chloe-conflict-log:${collection.database.name}`, fn));
  }

  /**
   * Keeps the values of `docId` that lost, saying what replaced them: one entry per burst of
   * typing, holding its last value and the one that stands now (`joins`). `seen`: nothing to
   * announce (a change kept as a page went, replayed later).
   */
  keep(table: string, docId: string, lost: readonly LostValue[], replacedBy: ReplacedBy, { seen = false } = {}) {
    if (lost.length === 0) return Promise.resolve();
    const keeping: Keeping = { table, docId, lost, replacedBy };
    this.#unstored.add(keeping);
    return this.#alone(() => this.#keep(keeping, seen)).finally(() => this.#unstored.delete(keeping));
  }

  /** What is being kept for `docId` and not stored yet (as a page goes, it may never be). */
  unstored(table: string, docId: string): Keeping[] {
    return [...this.#unstored].filter((k) => k.table === table && k.docId === docId);
  }

  async #keep({ table, docId, lost, replacedBy }: Keeping, seen: boolean) {
    const at = Date.now();
    // The typings the outbox kept: a form's burst is told as its typing's, a refusal (no burst)
    // as the typing that typed its value, if one did.
    const notes = ours(replacedBy) ? await this.burstsOf(table, docId) : {};
    for (const l of lost) {
      const refused = l.burst ? undefined : burstThatTyped(notes, l.field, l.local);
      const burst = l.burst ? typingOf(notes, l.field, l.burst) : refused;
      const typed = burst ? [...new Set([...burst.typed, l.local].map(json))].slice(-MAX_TYPED) : [];
      const loss: Stored = {
        local: json(l.local),
        server: json(l.server),
        at,
        replacedBy,
        burst: burst?.id ?? '',
        typed,
      };
      const unseen = await this.collection.find({ selector: { table, docId, field: l.field, reviewed: false } }).exec();
      // Each entry judged once (and again inside the write that changes it).
      const judged = unseen.map((e) => ({ e, how: joins(e, loss, burst) }));
      const same = judged.find((j) => j.how === 'same')?.e;
      // A refusal of a value typed before the entry's is told late (pushes go in order).
      const late = (entry: Stored) =>
        refused !== undefined &&
        loss.local !== entry.local &&
        (entry.typed.includes(loss.local) || typedBefore(notes, l.field, l.local, JSON.parse(entry.local)));
      const taken = same ? await this.#join(same, loss, burst, late) : false;
      // A value its burst's entry went through is kept seen: the entry says the burst's last.
      const within = judged.some((j) => j.how === 'within');
      if (!taken && !burst?.again)
        await this.collection.insert({
          id: crypto.randomUUID(),
          table,
          docId,
          field: l.field,
          ...loss,
          reviewed: seen || within,
        });
      // The burst's own values set aside on the way: its entry says its last; they stay, seen.
      for (const { e, how } of judged) if (how === 'claims') await this.#claim(e, loss, burst);
    }
  }

  /**
   * The entry takes the loss, judged again as it is now (another tab may have changed it): its
   * burst's later value, or the same loss told again (which changes nothing said). A `late`
   * refusal (of a value typed before the entry's) changes nothing said either.
   */
  async #join(entry: RxDocument<ConflictLogEntry>, loss: Stored, burst: BurstOf | undefined, late: Late) {
    let taken = false;
    await entry.incrementalModify((now) => {
      taken = !now.reviewed && joins(now, loss, burst) === 'same';
      if (!taken) return now;
      const typed = [...new Set([...now.typed, ...loss.typed])].slice(-MAX_TYPED);
      if (burst && now.burst === burst.id) return late(now) ? { ...now, typed } : { ...now, ...loss, typed };
      return { ...now, burst: now.burst || loss.burst, typed };
    });
    return taken;
  }

  async #claim(entry: RxDocument<ConflictLogEntry>, loss: Stored, burst: BurstOf | undefined) {
    await entry.incrementalModify((now) =>
      !now.reviewed && joins(now, loss, burst) === 'claims' ? { ...now, reviewed: true } : now,
    );
  }

  /**
   * Documents as the server holds them now: a value not seen yet that stands again (put back on
   * another device, or typed again) has nothing left to review. It stays in the log.
   */
  standing(table: string, docs: readonly Record<string, unknown>[]): Promise<void> {
    if (docs.length === 0) return Promise.resolve();
    return this.#alone(async () => {
      const byId = new Map(docs.map((d) => [String(d.id), d]));
      const unseen = await this.collection.find({ selector: { table, reviewed: false } }).exec();
      const stands = unseen.filter((e) => {
        const doc = byId.get(e.docId);
        return doc !== undefined && e.field in doc && sameValue(doc[e.field] ?? null, JSON.parse(e.local));
      });
      await Promise.all(stands.map((e) => e.incrementalPatch({ reviewed: true })));
    });
  }

  /** How many values are kept, and how many of them the user has not seen yet, live. */
  counts$(): Observable<{ conflicts: number; toReview: number }> {
    // One find, not counts: RxDB counts only over an index, and the log stays small.
    return this.collection
      .find()
      .$.pipe(map((all) => ({ conflicts: all.length, toReview: all.filter((e) => !e.reviewed).length })));
  }

  /** The kept values not seen yet (of one document, or all), oldest first, live. */
  toReview$(where: { table: string; docId: string } | null = null): Observable<KeptValue[]> {
    return this.collection
      .find({ selector: { reviewed: false, ...(where ?? {}) }, sort: [{ at: 'asc' }] })
      .$.pipe(map((entries) => entries.map((e) => parse(e.toJSON() as ConflictLogEntry))));
  }

  /** The user has seen these kept values (by id). They stay in the log. */
  async review(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const docs = await this.collection.findByIds([...ids]).exec();
    const unseen = [...docs.values()].filter((d) => !d.reviewed);
    await Promise.all(unseen.map((d) => d.incrementalPatch({ reviewed: true })));
  }
}
