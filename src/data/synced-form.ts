// One way to keep a form in step with a synced document, used by both wizards
// (docs/decisions/019-one-synced-form.md, 030-two-writers-one-truth.md):
// - every change the user makes is written to the device's database as it is made (within a
//   task), and nothing else is: a write holds only the fields the user changed, each written only
//   over the value the form agrees with (form-machine.ts);
// - a value stored elsewhere shows at once in every field the user is not typing in; a field
//   being typed in that another tab or device stored first keeps what is typed until the burst
//   ends, then shows the value that stands, and says so beside it (the typed one is kept);
// - leaving the page by any route (a link, Back, closing the tab) writes what is still pending,
//   and the database is not closed before it has (WriteQueue);
// - a value the server refused is named next to its field while the field still holds it.
// The hook only wires events to the form's controller (form-sync.ts).
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { registerUnsavedCheck } from '../lib/unsaved-input';
import type { FieldRefusal } from '../sync/refusal';
import type { Fields } from './form-machine';
import { FormSync, type FormView } from './form-sync';
import { useReplaced, type ReplacedValues } from './replaced-values';
import { useRefusal } from './refusals';
import type { SyncedDocument } from './synced-document';

/** What the synced form needs of a TanStack Form (any form made with useForm or useAppForm). */
export interface FormLike<V> {
  state: { values: V };
  store: { subscribe: (listener: () => void) => { unsubscribe: () => void } };
  setFieldValue(name: string, value: unknown): void;
}

export interface SyncedFormOptions<V> {
  document: SyncedDocument;
  form: FormLike<V>;
  /** The stored document when the form opened (null: it is made by the first change). */
  initial: Fields | null;
  /** The form's values as stored values, every field (`base`: what is stored, for a field whose
   * input cannot be stored as typed). */
  toStored: (values: V, base: Fields) => Fields;
  /** Stored values as the form holds them (only the fields given). */
  toForm: (stored: Fields) => Record<string, unknown>;
  /** The form field that shows a stored field (default: the same name). */
  formName?: (storedField: string) => string;
  /** Stored fields whose input cannot be stored as typed (too many shares): they keep what was
   * typed when a stored value arrives. */
  unstorable?: (values: V) => readonly string[];
  /** A write failed: say so (what was typed stays in the form, and is written with the next change). */
  onWriteError: (error: unknown) => void;
}

export interface SyncedForm extends ReplacedValues {
  id: string;
  /** The stored document as last read (null until it exists on this device). */
  doc: Fields | null;
  /** What the server refused of this document, while its refused state is the latest attempt. */
  refusal: FieldRefusal | null;
  /** Resolves once every change made so far is on this device (`create`: make the document even
   * if nothing was typed). Rejects when the write failed. */
  flush: (options?: { create?: boolean }) => Promise<string>;
  /** Runs `write` after every form write before it (a status change, a step marker). */
  after: <T>(write: (id: string) => Promise<T>) => Promise<T>;
}

export function useSyncedForm<V>(options: SyncedFormOptions<V>): SyncedForm {
  const { document: synced, form } = options;
  const [doc, setDoc] = useState<Fields | null>(options.initial);
  const [sync] = useState(() => new FormSync({ document: synced, initial: options.initial, view: viewOf(options) }));
  // The form as it renders now, for the callbacks made once (its listener, the document's watcher).
  useLayoutEffect(() => {
    sync.follow(viewOf(options));
  });
  useEffect(() => wireForm(sync, synced, form), [sync, synced, form]);

  const refusal = useRefusal(synced.local.outbox, synced.table, synced.id);
  const replacedValues = useReplaced(synced, sync, options);
  const flush = useCallback(
    async ({ create = false } = {}) => {
      await sync.flush({ create });
      return synced.id;
    },
    [sync, synced],
  );
  const after = useCallback(
    async <T>(write: (id: string) => Promise<T>) => {
      await sync.flush();
      return synced.local.writes.run(() => write(synced.id));
    },
    [sync, synced],
  );
  useEffect(() => {
    const sub = synced.watch().subscribe(setDoc);
    return () => sub.unsubscribe();
  }, [synced]);
  return { id: synced.id, doc, refusal, flush, after, ...replacedValues };
}

/** How the controller reaches the form: its values as stored values, and putting stored ones in it. */
function viewOf<V>({
  document,
  form,
  toStored,
  toForm,
  formName = (f) => f,
  unstorable,
  onWriteError,
}: SyncedFormOptions<V>): FormView {
  return {
    read: (stored) => toStored(form.state.values, stored),
    show: (values) => {
      const shown = toForm(values);
      // A stored field no form field shows (a total that follows the shares) has nothing to set.
      for (const field of Object.keys(values)) {
        const name = formName(field);
        if (name in shown) form.setFieldValue(name, shown[name]);
      }
    },
    keepTyped: () => unstorable?.(form.state.values) ?? [],
    storedField: (name) => document.fields.find((f) => formName(f) === name),
    onWriteError,
  };
}

/** The form's changes, the stored document, the page going and the unsaved-input check, wired. */
function wireForm<V>(sync: FormSync, synced: SyncedDocument, form: FormLike<V>) {
  // Typing in a field is a burst even when its value does not change (input events, by name).
  const onInput = (event: Event) => {
    const target = event.target as { name?: unknown; value?: unknown } | null;
    const field = typeof target?.name === 'string' ? sync.view.storedField(target.name) : undefined;
    if (field) sync.keyed(field, typeof target?.value === 'string' ? target.value : undefined);
  };
  window.addEventListener('input', onInput, true);
  const subs = [
    form.store.subscribe(() => sync.typed()),
    synced.watch().subscribe((doc) => doc && sync.storedChanged(doc)),
    synced.local.outbox.watch(synced.table, synced.id).subscribe((entry) => sync.outboxSays(entry !== null)),
  ];
  const pageGoes = () => sync.pageGoes();
  window.addEventListener('pagehide', pageGoes);
  const unregister = registerUnsavedCheck(() => sync.unwritten());
  return () => {
    for (const s of subs) s.unsubscribe();
    window.removeEventListener('pagehide', pageGoes);
    window.removeEventListener('input', onInput, true);
    unregister();
    sync.dispose();
  };
}
