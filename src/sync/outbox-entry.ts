import type { RxCollection, RxJsonSchema } from 'rxdb';
import { fromBurstsV4, type BurstNotes, type BurstNotesV4 } from './burst-notes';
import type { Doc } from './merge';
import type { Refusal } from './refusal';

/** A refusal as the outbox keeps it: why, the row the server kept, and the state it refused. */
export interface StoredRefusal extends Refusal {
  refused: Doc;
}

/**
 * One document's bookkeeping (docs/decisions/030-two-writers-one-truth.md): a change made on this
 * device that the server has not accepted yet (`waiting`), or, briefly, a state the server has
 * accepted whose write this device has not recorded yet (`waiting: false`).
 */
export interface OutboxEntry {
  id: string;
  /** The synced table. Not `collection`: RxDocument owns that property name. */
  table: string;
  docId: string;
  /** A change waits to be sent; false: `state` is accepted, its late record is not a change. */
  waiting: boolean;
  /** When the oldest change still waiting was made (what "stalled" measures). */
  since: number;
  /** Waiting: the state last written here; not waiting: the state the server accepted. */
  state: Doc;
  lastError: string | null;
  /** Why the server refused the latest state it was sent, and the row it kept instead. */
  refusal: StoredRefusal | null;
  /** States sent whose answers never came (newest last): one that landed is merged from. */
  sent: Doc[];
  /**
   * The merge base when RxDB knows no server state for the document: made on this device, the
   * state it was made from; removed while nothing else waited, the state it was removed from.
   */
  base: Doc | null;
  /** Per field, the bursts of typing that wrote its latest values: a refusal of one is told as
   * the burst's (burst-notes.ts). */
  bursts: BurstNotes;
}

/** A waiting entry with states sent and no answer yet. */
const isUnanswered = (entry: OutboxEntry | null) => entry !== null && entry.waiting && entry.sent.length > 0;

/**
 * The keys of unanswered entries, readable synchronously (RxDB's equality checks ask): read from
 * the stored entries, live across tabs, and known at once for this tab's own writes (an answer
 * settled here must count before RxDB records it, or a pull could be held back).
 */
export class UnansweredPushes {
  #keys = new Set<string>();
  readonly ready: Promise<void>;

  constructor(collection: RxCollection<OutboxEntry>) {
    this.ready = new Promise((resolve) => {
      collection.find({ selector: { waiting: true } }).$.subscribe((entries) => {
        this.#keys = new Set(entries.filter(isUnanswered).map((e) => e.id));
        resolve();
      });
    });
  }

  has(key: string): boolean {
    return this.#keys.has(key);
  }

  /** This tab wrote the entry `key` (null: removed it). */
  wrote(key: string, entry: OutboxEntry | null) {
    if (isUnanswered(entry)) this.#keys.add(key);
    else this.#keys.delete(key);
  }
}

/** This tab's records still being written, by entry key: RxDB does not await them. */
export class RecordsInFlight {
  readonly #pending = new Map<string, Set<Promise<void>>>();

  /** `written` is a record of entry `key` under way. */
  add(key: string, written: Promise<void>): Promise<void> {
    const pending = this.#pending.get(key) ?? new Set<Promise<void>>();
    this.#pending.set(key, pending);
    const done = written.finally(() => {
      pending.delete(done);
      if (pending.size === 0 && this.#pending.get(key) === pending) this.#pending.delete(key);
    });
    pending.add(done);
    return done;
  }

  /** Resolves once every record of `key` begun so far is written (a failed one included). */
  async done(key: string): Promise<void> {
    await Promise.allSettled([...(this.#pending.get(key) ?? new Set<Promise<void>>())]);
  }
}

const objectOrNull = { type: ['object', 'null'] } as const;

const outboxSchema: RxJsonSchema<OutboxEntry> = {
  title: 'outbox',
  version: 5,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 120 },
    table: { type: 'string' },
    docId: { type: 'string' },
    waiting: { type: 'boolean' },
    since: { type: 'number' },
    state: { type: 'object' },
    lastError: { type: ['string', 'null'] },
    refusal: objectOrNull,
    sent: { type: 'array', items: { type: 'object' } },
    base: objectOrNull,
    bursts: { type: 'object' },
  },
  required: ['id', 'table', 'docId', 'waiting', 'since', 'state', 'lastError', 'refusal', 'sent', 'base', 'bursts'],
  // 'n changes waiting' is a count, which RxDB answers from an index.
  indexes: ['waiting'],
  additionalProperties: false,
};

/** An entry of version 2, when the refused state, the refusal and the sends were JSON strings. */
interface OutboxEntryV2 {
  id: string;
  table: string;
  docId: string;
  since: number;
  lastError: string | null;
  refused: string | null;
  refusal?: string | null;
  sent?: string | null;
}

const parsed = <T>(json: string | null | undefined): T | null => (json ? (JSON.parse(json) as T) : null);

/** An entry of version 3, before bursts were kept with it. */
type OutboxEntryV3 = Omit<OutboxEntry, 'bursts'>;
/** An entry of version 4, its bursts each on its own. */
export type OutboxEntryV4 = OutboxEntryV3 & { bursts: BurstNotesV4 };

/** Version 3 keeps typed fields: an entry from before waits as it did, judged against what it kept. */
export function fromVersion2(old: OutboxEntryV2): OutboxEntryV3 {
  const refused = parsed<Doc>(old.refused);
  const refusal = parsed<Refusal>(old.refusal);
  return {
    id: old.id,
    table: old.table,
    docId: old.docId,
    waiting: true,
    since: old.since,
    state: refused ?? { id: old.docId },
    lastError: old.lastError,
    refusal: refused && refusal ? { ...refusal, refused } : null,
    sent: (parsed<{ state: Doc }[]>(old.sent) ?? []).map((s) => s.state),
    base: null,
  };
}

/** The collection's definition, for a database's addCollections. */
export const OUTBOX_COLLECTION = {
  schema: outboxSchema,
  // Versions 1 and 2 added `refusal` and `sent` (entries from before have none); 3 typed them;
  // 4 keeps bursts (an entry from before knows none: its refusals are told as before); 5 keeps
  // them as typings (each burst of version 4 a typing of its own).
  migrationStrategies: {
    1: (oldDoc: OutboxEntryV2) => oldDoc,
    2: (oldDoc: OutboxEntryV2) => oldDoc,
    3: fromVersion2,
    4: (oldDoc: OutboxEntryV3): OutboxEntryV4 => ({ ...oldDoc, bursts: {} }),
    5: (oldDoc: OutboxEntryV4): OutboxEntry => ({ ...oldDoc, bursts: fromBurstsV4(oldDoc.bursts) }),
  },
} as const;

// RxDB's own fields of a document: not its state.
export function withoutMeta({ _meta: _m, _rev: _r, _attachments: _a, ...state }: Doc): Doc {
  return state;
}

/** An entry's id: one per document. */
export const entryKey = (table: string, docId: string) => `${table}:${docId}`;

/** An entry of `docId` with nothing waiting yet. */
export function emptyEntry(table: string, docId: string): OutboxEntry {
  return {
    id: entryKey(table, docId),
    table,
    docId,
    waiting: false,
    since: Date.now(),
    state: { id: docId },
    lastError: null,
    refusal: null,
    sent: [],
    base: null,
    bursts: {},
  };
}
