// What the server refused, per field, for the forms to say next to the field (DESIGN.md Sync: a
// refused change is shown in words next to its field and stays editable).
import { useEffect, useState } from 'react';
import type { RxCollection } from 'rxdb';
import { sameValue, type Doc } from './conflict';
import type { OutboxEntry } from './database';
import { parseRefusal, type Refusal } from './outbox';

export interface FieldRefusal {
  /** The fields whose refused values the server does not have (or the column it named). */
  fields: string[];
  /** The refused state (a form shows the message while its field still holds this value). */
  refused: Doc;
  refusal: Refusal;
}

const NOT_FIELDS = new Set(['id', '_deleted', '_meta', '_rev', '_attachments', 'serverModified']);

/** The refused fields of an outbox entry, while its refused state is the latest attempt. */
export function refusedFields(entry: OutboxEntry | null | undefined): FieldRefusal | null {
  const found = parseRefusal(entry);
  if (!found || !entry?.lastError) return null;
  const { refused, refusal } = found;
  const fields = refusal.column
    ? [refusal.column]
    : Object.keys(refused).filter(
        (f) => !NOT_FIELDS.has(f) && !sameValue(refused[f] ?? null, refusal.server?.[f] ?? null),
      );
  return { fields, refused, refusal };
}

/** The live refusal of one document, or null. */
export function useRefusal(
  outbox: RxCollection<OutboxEntry> | null,
  table: string,
  docId: string | null,
): FieldRefusal | null {
  const [refusal, setRefusal] = useState<FieldRefusal | null>(null);
  useEffect(() => {
    if (!outbox || !docId) return;
    const sub = outbox.findOne(`${table}:${docId}`).$.subscribe((entry) => setRefusal(refusedFields(entry)));
    return () => {
      sub.unsubscribe();
      setRefusal(null);
    };
  }, [outbox, table, docId]);
  return refusal;
}

/** Words for a refused field: 'The number of shares is too large' rather than Postgres' text. */
export function refusalMessage(label: string, refusal: Refusal): string {
  // 22003 out of range; 23514 a check (the bounds); 22P02 not a valid value of the column's type.
  if (refusal.code === '22003' || /_at_most_/.test(refusal.constraint ?? '')) return `${label} is too large`;
  if (refusal.code === '22P02' || refusal.code === '23514') return `${label} was not accepted`;
  return `${label} was not saved: ${refusal.message}`;
}
