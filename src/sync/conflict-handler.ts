import type { RxConflictHandler, RxConflictHandlerInput, WithDeleted } from 'rxdb';
import { merge3, sameData, type Doc } from './merge';
import type { Outbox } from './outbox';
import type { TableRules } from './rules';

/**
 * The conflict rule as RxDB's conflict handler: it compares and merges, nothing else. The base it
 * merges against is the one the push that met the conflict noted in the outbox (after a refusal or
 * a lost answer, RxDB's assumed state is not what the server had); the values that lose are kept
 * by the replication, which sees each resolved conflict (replicate-table.ts).
 */
export function conflictHandler<T extends Doc>(
  table: string,
  rules: TableRules,
  outbox: () => Outbox | undefined,
): RxConflictHandler<T> {
  return {
    isEqual: (a, b) => sameData(a, b, rules),
    resolve: (input) => Promise.resolve(mergeOf(table, rules, outbox(), input).doc),
  };
}

/** The merge of one conflict and the values that lose in it. */
export function mergeOf<T extends Doc>(
  table: string,
  rules: TableRules,
  outbox: Outbox | undefined,
  input: RxConflictHandlerInput<T>,
): { doc: WithDeleted<T>; lost: ReturnType<typeof merge3>['lost'] } {
  const docId = String(input.realMasterState.id);
  const base = outbox ? outbox.mergeBase(table, docId, input.assumedMasterState) : input.assumedMasterState;
  return merge3(base as WithDeleted<T> | undefined, input.newDocumentState, input.realMasterState, rules);
}
