// One way to keep a form in step with a synced document, used by both wizards
// (docs/decisions/019-one-synced-form.md):
// - every change the user makes is written to the device's database as it is made (within a
//   task), and nothing else is: a write holds only the fields the user changed (form-sync.ts);
// - a value pulled from another device shows in every field the user is not typing in;
// - leaving the page by any route (a link, Back, closing the tab) writes what is still pending,
//   and the database is not closed before it has (WriteQueue);
// - a value the server refused is named next to its field while the field still holds it;
// - a value replaced where the user did not see it (another device's save won, or this device's
//   save replaced another's) is named at its field, with a way to put the other value back.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { registerUnsavedCheck } from '../lib/unsaved-input';
import { useReplaced, type ReplacedValues } from './replaced-values';
import { sameValue, type LostValue } from '../sync/merge';
import type { FieldRefusal } from '../sync/refusal';
import { fieldWrite, newestState, pick, rebase, type Fields, type FormAgreement } from './form-sync';
import type { SyncedDocument } from './synced-document';
import { useRefusal } from './refusals';

/** Less than this between a pulled value appearing and typing over it: it was not seen. */
const SEEN_AFTER_MS = 1000;

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
  initialId: string | null;
  /** The form's values as stored values, every field (`base`: what is stored, for a field whose
   * input cannot be stored as typed). */
  toStored: (values: V, base: Fields) => Fields;
  /** Stored values as the form holds them (only the fields given). */
  toForm: (stored: Fields) => Record<string, unknown>;
  /** The form field that shows a stored field (default: the same name). */
  formName?: (storedField: string) => string;
  /** Stored fields whose input cannot be stored as typed (too many shares): like a field the user
   * is in, they keep what was typed when a pulled value arrives. */
  unstorable?: (values: V) => readonly string[];
  /** A write failed: say so (what was typed stays in the form, and is written with the next change). */
  onWriteError: (error: unknown) => void;
}

export interface SyncedForm extends ReplacedValues {
  /** The stored document's id (null until the first change made it). */
  id: string | null;
  /** The stored document as last read (null until it exists). */
  doc: Fields | null;
  /** What the server refused of this document, while its refused state is the latest attempt. */
  refusal: FieldRefusal | null;
  /** Resolves once every change made so far is on this device (`create`: make the document even
   * if nothing was typed). Rejects when the write failed. */
  flush: (options?: { create?: boolean }) => Promise<string | null>;
  /** Runs `write` after every form write before it (a status change, a step marker). */
  after: <T>(write: (id: string | null) => Promise<T>) => Promise<T>;
}

export function useSyncedForm<V>(options: SyncedFormOptions<V>): SyncedForm {
  const { document: synced, form } = options;
  // The latest options, for callbacks made once (the form's listener, the document's watcher).
  const opts = useRef(options);
  useLayoutEffect(() => {
    opts.current = options;
  });
  const [id, setId] = useState(options.initialId);
  const [doc, setDoc] = useState<Fields | null>(options.initial);
  const state = useRef<FormAgreement | null>(null);
  if (state.current === null) {
    const base = pick(options.initial ?? {}, synced.fields);
    state.current = {
      id: options.initialId,
      base,
      stored: options.initial,
      shown: options.toStored(form.state.values, base),
      dirty: new Set(),
      pulledAt: new Map(),
      applying: false,
      scheduled: null,
      writing: 0,
      unconfirmed: {},
      making: null,
      created: false,
      waiting: false,
      touched: new Set(),
    };
  }

  const flush = useCallback(
    ({ create = false } = {}) => {
      const s = state.current!;
      if (s.scheduled) clearTimeout(s.scheduled);
      s.scheduled = null;
      s.writing++;
      const written = synced.local.writes.run(async () => {
        const { toStored } = opts.current;
        if (s.dirty.size === 0 && (s.id !== null || !create)) return s.id;
        const now = toStored(form.state.values, s.base);
        const fields = [...s.dirty];
        s.dirty.clear();
        const edited = pick(now, fields);
        try {
          if (s.id === null) {
            if (!synced.make || !synced.insert) throw new Error('This document is not on this device.');
            // Its id stays the one the page would send if it went now (and on a retry).
            const made = { ...(s.making ?? synced.make(now)), ...now };
            s.making = made;
            await synced.insert(made);
            s.id = String(made.id);
            s.created = true;
            s.base = pick(now, synced.fields);
            // Known at once, not at the document's first emission: a page that goes now has it.
            s.stored = await synced.read(s.id);
            s.making = null;
            setId(s.id);
            return s.id;
          }
          // A value a pull put in a field and the user typed over at once was not seen: the write
          // is judged against what the field held before, so the pulled value goes to the log.
          const judged = { ...s.base };
          for (const field of fields) {
            const pulled = s.pulledAt.get(field);
            if (pulled && Date.now() - pulled.at < SEEN_AFTER_MS) judged[field] = pulled.before;
          }
          // In flight from here, no longer dirty: a page going before the write lands (a tab closed
          // on 'Save & Continue Later') still keeps and sends them (newestState).
          s.unconfirmed = { ...s.unconfirmed, ...edited };
          const stored = (await synced.read(s.id)) ?? {};
          const { patch, replaced } = fieldWrite(judged, edited, stored, synced.listFields);
          for (const field of fields) if (!(field in patch)) delete s.unconfirmed[field];
          await synced.local.conflictLog.keep(synced.table, s.id, replaced, 'this-device');
          if (Object.keys(patch).length > 0) {
            s.unconfirmed = { ...s.unconfirmed, ...patch };
            for (const field of Object.keys(patch)) s.touched.add(field);
            // Judged again at the write: another tab's save landed since the read is logged, not lost.
            let late: LostValue[] = [];
            await synced.write(s.id, (now) => {
              const write = fieldWrite(judged, edited, now, synced.listFields);
              late = write.replaced.filter((r) => !replaced.some((k) => sameValue(k, r)));
              return write.patch;
            });
            // A change waits from now (its outbox entry comes a moment later): a page going sends it.
            s.waiting = true;
            await synced.local.conflictLog.keep(synced.table, s.id, late, 'this-device');
          }
          for (const field of fields) s.pulledAt.delete(field);
          s.base = { ...s.base, ...edited };
          return s.id;
        } catch (error) {
          // Still to be written: the next change (or Next, or leaving) tries again.
          for (const field of fields) s.dirty.add(field);
          throw error;
        }
      });
      void written.then(
        () => s.writing--,
        () => s.writing--,
      );
      return written;
    },
    [form, synced],
  );

  const takePulled = useCallback(() => {
    const s = state.current!;
    if (!s.stored || synced.editable?.(s.stored) === false) return;
    const { toForm, formName = (f: string) => f } = opts.current;
    // The user's text stays in a field they are in, or whose input cannot be stored as typed.
    const focused = globalThis.document?.activeElement?.getAttribute('name');
    const editing = new Set([
      ...synced.fields.filter((f) => formName(f) === focused),
      ...(opts.current.unstorable?.(form.state.values) ?? []),
    ]);
    // What the user has changed and not written yet is theirs; every other field is as agreed.
    const edited = Object.fromEntries(synced.fields.map((f) => [f, s.dirty.has(f) ? s.shown[f] : s.base[f]]));
    const { base: next, updates } = rebase(s.base, edited, pick(s.stored, synced.fields), synced.listFields, editing);
    for (const field of Object.keys(updates)) {
      if (!synced.listFields.includes(field)) s.pulledAt.set(field, { before: s.base[field] ?? null, at: Date.now() });
    }
    s.base = next;
    if (Object.keys(updates).length === 0) return;
    const shown = toForm(updates);
    s.applying = true;
    try {
      // A stored field no form field shows (a total that follows the shares) has nothing to set.
      for (const field of Object.keys(updates)) {
        const name = formName(field);
        if (name in shown) form.setFieldValue(name, shown[name]);
      }
    } finally {
      s.applying = false;
    }
    s.shown = { ...s.shown, ...pick(opts.current.toStored(form.state.values, s.base), Object.keys(updates)) };
  }, [form, synced]);

  // The user's changes, from any field: each is written within a task.
  useEffect(() => {
    const s = state.current!;
    const sub = form.store.subscribe(() => {
      if (s.applying) return;
      const now = opts.current.toStored(form.state.values, s.base);
      let changed = false;
      for (const field of synced.fields) {
        if (sameValue(now[field] ?? null, s.shown[field] ?? null)) continue;
        s.dirty.add(field);
        changed = true;
      }
      s.shown = now;
      // Made at the first change, not when its write's turn comes: a page that goes has it.
      if (changed && s.id === null && !s.making && synced.make) s.making = synced.make(now);
      if (!changed || s.scheduled) return;
      s.scheduled = setTimeout(() => void flush().catch(opts.current.onWriteError), 0);
    });
    // Leaving the app (a link, Back): what is pending is written now; the replication, which
    // goes on, sends it. The page going (a tab closed, another address): the newest state is also
    // sent as the page goes, as the replication goes with it.
    const leave = () => void flush().catch(opts.current.onWriteError);
    const pageGoes = () => {
      const newest = newestState(s, opts.current.toStored(form.state.values, s.base), synced.listFields);
      leave();
      if (newest && (s.waiting || Object.keys(newest.changed).length > 0)) synced.asThePageGoes?.(newest);
    };
    window.addEventListener('pagehide', pageGoes);
    const unregister = registerUnsavedCheck(() => s.dirty.size > 0 || s.scheduled !== null || s.writing > 0);
    return () => {
      sub.unsubscribe();
      window.removeEventListener('pagehide', pageGoes);
      unregister();
      if (s.dirty.size > 0) leave();
    };
  }, [form, synced, flush]);

  // Pulled changes: shown in every field the user is not in; leaving a field shows what arrived
  // while the user was in it (focus has moved by then).
  useEffect(() => {
    if (!id) return;
    const s = state.current!;
    const waiting = synced.local.outbox.watch(synced.table, id).subscribe((entry) => (s.waiting = entry !== null));
    const sub = synced.watch(id).subscribe((stored) => {
      if (!stored) return;
      s.stored = stored;
      for (const [field, value] of Object.entries(s.unconfirmed)) {
        if (sameValue(stored[field] ?? null, value ?? null)) delete s.unconfirmed[field];
      }
      setDoc(stored);
      takePulled();
    });
    const onFocusOut = () => setTimeout(takePulled, 0);
    globalThis.document.addEventListener('focusout', onFocusOut);
    return () => {
      sub.unsubscribe();
      waiting.unsubscribe();
      globalThis.document.removeEventListener('focusout', onFocusOut);
    };
  }, [id, synced, takePulled]);

  const refusal = useRefusal(synced.local.outbox, synced.table, id);
  const replacedValues = useReplaced(synced, form, id, options);
  // Putting a value back is deliberate: never judged as typing over a value pulled a moment ago.
  const restore = (kept: Parameters<ReplacedValues['restore']>[0]) => {
    state.current!.pulledAt.delete(kept.field);
    replacedValues.restore(kept);
  };
  const { replaced, dismiss } = replacedValues;
  const after = useCallback(
    async <T>(write: (id: string | null) => Promise<T>) => {
      await flush();
      return synced.local.writes.run(() => write(state.current!.id));
    },
    [flush, synced],
  );
  return { id, doc, refusal, flush, after, replaced, restore, dismiss };
}
