// Values of a synced form's document that were replaced where the user did not see it happen
// (another device's or tab's save came first): by the form field that shows them, with a way to
// put the value set aside back (docs/decisions/023-replaced-values-announced.md).
import { useEffect, useState } from 'react';
import type { KeptValue } from '../sync/conflict-log';
import type { SyncedDocument } from './synced-document';
import type { Fields } from './form-machine';

/** How the form shows stored fields (the synced form's options). */
export interface FormView {
  toForm: (stored: Fields) => Record<string, unknown>;
  formName?: (storedField: string) => string;
}

export interface ReplacedValues {
  /** By form field: the newest value of this document replaced and not yet seen (conflict log). */
  replaced: Partial<Record<string, KeptValue>>;
  /** Puts the value set aside back in its field (written as any change is), and marks it seen. */
  restore: (kept: KeptValue) => void;
  /** Keeps the value that stands; marks the replaced one seen (it stays in the conflict log). */
  dismiss: (kept: KeptValue) => void;
}

/** The document's replaced values not yet seen, by the form field that shows them. */
export function useReplaced(
  synced: Pick<SyncedDocument, 'table' | 'local' | 'id'>,
  form: { putBack(field: string, value: unknown): void },
  view: FormView,
): ReplacedValues {
  const [kept, setKept] = useState<KeptValue[]>([]);
  useEffect(() => {
    const sub = synced.local.conflictLog.toReview$({ table: synced.table, docId: synced.id }).subscribe(setKept);
    return () => {
      sub.unsubscribe();
      setKept([]);
    };
  }, [synced]);
  // The form field that shows a stored field, or null (a total that follows the shares).
  const shownAs = (field: string, value: unknown) => {
    const { toForm, formName = (f: string) => f } = view;
    const name = formName(field);
    return name in toForm({ [field]: value }) ? name : null;
  };
  const replaced: Partial<Record<string, KeptValue>> = {};
  // Oldest first: the newest of a field is the one shown.
  for (const k of kept) {
    const name = k.replacedBy === 'final' ? null : shownAs(k.field, k.local);
    if (name) replaced[name] = k;
  }
  const seen = (one: KeptValue) => {
    // With it, every older one of its field and those of fields no form field shows, logged with it.
    const ids = kept
      .filter((k) => k.field === one.field || (k.at === one.at && shownAs(k.field, k.local) === null))
      .map((k) => k.id);
    void synced.local.conflictLog.review(ids);
  };
  // Put back on purpose: written over the value that stands now, as typing it again would be.
  const restore = (one: KeptValue) => {
    if (shownAs(one.field, one.local)) form.putBack(one.field, one.local);
    seen(one);
  };
  return { replaced, restore, dismiss: seen };
}
