import type { RxConflictHandler, RxConflictHandlerInput, WithDeleted } from 'rxdb';
import { merge3, sameData, type Doc, type LostValue } from './merge';
import { mergeBase } from './merge-base';
import type { Outbox } from './outbox';
import type { TableRules } from './rules';

/**
 * RxDB's checks of the device's document against the state it assumes the server holds: equal,
 * and RxDB neither pushes the document nor keeps it from a pull. After a push whose answer was
 * lost the assumption may be wrong (the server may hold what was sent, or a newer row over it),
 * so while a push is unanswered the two are never equal: the document is pushed, and the answer
 * settles it or merges it from what was sent (merge-base.ts). Soak seed 9385: an untick that
 * brought the document back to the assumed state was never sent, and the pull replaced it.
 */
const ASSUMED_VS_DEVICE = new Set(['upstream-check-if-equal', 'downstream-check-if-equal-0']);

/** One merge of a conflict: the document that stands and the local values that lost in it. */
export interface Merged {
  doc: Doc;
  lost: LostValue[];
}

/**
 * The conflict rule as RxDB's conflict handler: it reads what the device kept of the document
 * (the merge base: merge-base.ts), merges, and writes nothing. Each merge is kept with the
 * conflict it answers, so the replication, which sees each resolved conflict, logs the values
 * that lost without merging again (`mergedFor`).
 */
export class ConflictRule<T extends Doc> {
  readonly #merged = new WeakMap<RxConflictHandlerInput<T>, Merged>();

  constructor(
    private readonly table: string,
    private readonly rules: TableRules,
    /** The database's outbox, once made (the handler is given to the collection before it). */
    private readonly outbox: () => Outbox | undefined,
  ) {}

  readonly handler: RxConflictHandler<T> = {
    isEqual: (a, b, context) =>
      sameData(a, b, this.rules) && !(ASSUMED_VS_DEVICE.has(context) && this.#unanswered(String(b.id))),
    resolve: async (input) => {
      const id = String(input.realMasterState.id);
      // The push went as the change was stored; its record (the state it was made over, the
      // merge base) comes after: a busy device may have the answer first.
      await this.outbox()?.recorded(this.table, id);
      const kept = (await this.outbox()?.kept(this.table, [id]))?.get(id) ?? null;
      const base = mergeBase(input.assumedMasterState, input.realMasterState, kept, this.rules);
      const merged = merge3(base, input.newDocumentState as Doc, input.realMasterState as Doc, this.rules);
      this.#merged.set(input, merged);
      return merged.doc as WithDeleted<T>;
    },
  };

  #unanswered(docId: string) {
    return this.outbox()?.unanswered(this.table, docId) === true;
  }

  /** The merge made for `input` (undefined: RxDB resolved it some other way). */
  mergedFor(input: RxConflictHandlerInput<T>): Merged | undefined {
    return this.#merged.get(input);
  }
}
