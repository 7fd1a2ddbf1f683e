// The write rule of a synced form (docs/decisions/030-two-writers-one-truth.md): a compare-and-set
// per field, run against the document as it is stored at the moment of writing (RxDB's
// incrementalModify runs it again when another tab wrote meanwhile).
import { mergeList, sameValue } from '../sync/merge';
import type { Fields, Origin, WriteOutcome, WriteRequest } from './form-machine';

const same = (a: unknown, b: unknown) => sameValue(a ?? null, b ?? null);

/**
 * A write judged against the document as it is stored now (`current`): per field, written if it
 * still holds the value the user typed over; a list takes the user's additions and removals;
 * otherwise another writer stored the field first, and the typed value loses.
 */
export function compareAndSet(request: WriteRequest, current: Fields, lists: readonly string[]) {
  const patch: Fields = {};
  const outcome: WriteOutcome = { written: {}, lost: [] };
  const by: Origin = same(current.serverModified, request.serverModified) ? 'other-tab' : 'other-device';
  for (const [f, mine] of Object.entries(request.edited)) {
    const now = current[f] ?? null;
    if (lists.includes(f)) {
      const merged = mergeList(request.judged[f], mine, now);
      if (!same(merged, now)) patch[f] = merged;
      outcome.written[f] = merged;
    } else if (same(now, mine)) outcome.written[f] = mine;
    else if (same(now, request.judged[f])) {
      patch[f] = mine;
      outcome.written[f] = mine;
    } else outcome.lost.push({ field: f, by: request.unseen[f] ?? by });
  }
  return { patch, outcome };
}
