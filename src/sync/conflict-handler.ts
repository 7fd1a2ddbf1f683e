import type { RxConflictHandler, RxConflictHandlerInput, WithDeleted } from 'rxdb';
import { merge3, sameData, type Doc, type LostValue } from './merge';
import { mergeBase } from './merge-base';
import type { Outbox } from './outbox';
import type { TableRules } from './rules';

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
    isEqual: (a, b) => sameData(a, b, this.rules),
    resolve: async (input) => {
      const id = String(input.realMasterState.id);
      const kept = (await this.outbox()?.kept(this.table, [id]))?.get(id) ?? null;
      const base = mergeBase(input.assumedMasterState, input.realMasterState, kept, this.rules);
      const merged = merge3(base, input.newDocumentState as Doc, input.realMasterState as Doc, this.rules);
      this.#merged.set(input, merged);
      return merged.doc as WithDeleted<T>;
    },
  };

  /** The merge made for `input` (undefined: RxDB resolved it some other way). */
  mergedFor(input: RxConflictHandlerInput<T>): Merged | undefined {
    return this.#merged.get(input);
  }
}
