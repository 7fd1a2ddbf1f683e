// What the server refused, in words, for the forms to say next to the field: a refused change is
// shown next to its field and stays editable (docs/product/sync.md).
import { useEffect, useState } from 'react';
import type { Outbox } from '../sync/outbox';
import { refusedFields, type FieldRefusal } from '../sync/refusal';

export type { FieldRefusal };
// The words are said the same way wherever a refusal comes from (lib/refusal-words.ts).
export { refusalMessage, rowRefusalMessage } from '../lib/refusal-words';

/** The live refusal of one document, or null. */
export function useRefusal(outbox: Outbox | null, table: string, docId: string | null): FieldRefusal | null {
  const [refusal, setRefusal] = useState<FieldRefusal | null>(null);
  useEffect(() => {
    if (!outbox || !docId) return;
    const sub = outbox.watch(table, docId).subscribe((entry) => setRefusal(refusedFields(entry)));
    return () => {
      sub.unsubscribe();
      setRefusal(null);
    };
  }, [outbox, table, docId]);
  return refusal;
}

type Outcome = { outcome: 'landed' } | { outcome: 'refused'; refusal: FieldRefusal } | { outcome: 'waiting' };

/** How long a submission waits for the server before saying it will be sent later. */
export const SEND_WAIT_MS = 8000;

/**
 * What became of this device's latest write of one row: 'landed' once the server has it, 'refused'
 * with the server's words, or 'waiting' when neither happened within `ms` (offline, or the server
 * slow). Used to say 'submitted' only when it is true.
 *
 * RxDB finishes recording an incremental write in the outbox after the write resolves (its
 * post-write hook is not awaited): so the record is waited for, and 'landed' is the entry gone
 * after it was seen, or none waiting when read afresh once the record is written (the push was
 * answered first); never a live query's replay of an older result.
 */
/**
 * Nothing of this document waits, read now rather than from a live query's replay: its record
 * written (`recorded`) and then settled, the push answered before the watch began.
 */
async function landedBeforeWatched(outbox: Outbox, table: string, docId: string): Promise<boolean> {
  const waiting = await outbox.entries();
  return !waiting.some((entry) => entry.table === table && entry.docId === docId);
}

export function whenServerHas(
  outbox: Outbox,
  table: string,
  docId: string,
  // Offline there is nothing to wait for: it is saved here and sent later.
  ms = navigator.onLine ? SEND_WAIT_MS : 0,
): Promise<Outcome> {
  if (ms <= 0) return Promise.resolve({ outcome: 'waiting' });
  return new Promise<Outcome>((resolve) => {
    let seen = false;
    let done = false;
    let sub: { unsubscribe(): void } | null = null;
    const finish = (outcome: Outcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // Unsubscribing inside the first emission: the subscription may not be assigned yet.
      queueMicrotask(() => sub?.unsubscribe());
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ outcome: 'waiting' }), ms);
    // The write's own record first: the entry seen is then this write's, not an older change's
    // whose push is about to settle.
    void outbox.recorded(table, docId).then(() => {
      if (done) return;
      sub = outbox.watch(table, docId).subscribe((entry) => {
        if (!entry) {
          if (seen) finish({ outcome: 'landed' });
          else void landedBeforeWatched(outbox, table, docId).then((landed) => landed && finish({ outcome: 'landed' }));
          return;
        }
        seen = true;
        const found = refusedFields(entry);
        if (found) finish({ outcome: 'refused', refusal: found });
      });
      if (done) sub.unsubscribe();
    });
  });
}
