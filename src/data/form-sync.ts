// A form over a synced document: it writes only what the user changed, and shows what a pull
// changed in the fields the user is not editing
// (docs/decisions/013-sync-never-loses-an-edit.md#forms-write-only-what-changed). Both judge
// against `base`: per field, the stored value the form last agreed with (when it loaded, when it
// took a pulled value, when it saved). Pure functions over stored values, unit-tested.
import { mergeList as applyListEdit, sameValue, type LostValue } from '../sync/merge';

export type Fields = Record<string, unknown>;

export interface FieldWrite {
  /** What to write: only fields the user changed; empty when nothing changed (write nothing). */
  patch: Fields;
  /** Values another device stored that this write replaces (both changed one field): each is
   * set aside (`local`) for what this user typed (`server`, as it now stands). */
  replaced: LostValue[];
}

/**
 * The write for a save. A scalar the user changed is written as typed; a list as the stored list
 * plus what the user added minus what they removed. Fields the user did not change are left out,
 * so a value another device stored meanwhile stays.
 */
export function fieldWrite(base: Fields, edited: Fields, stored: Fields, listFields: readonly string[]): FieldWrite {
  const patch: Fields = {};
  const replaced: LostValue[] = [];
  for (const [field, value] of Object.entries(edited)) {
    const was = base[field] ?? null;
    const now = stored[field] ?? null;
    if (sameValue(value ?? null, was)) continue;
    if (listFields.includes(field)) {
      const merged = applyListEdit(was, value, now);
      if (!sameValue(merged, now)) patch[field] = merged;
      continue;
    }
    if (sameValue(value ?? null, now)) continue;
    patch[field] = value;
    if (!sameValue(now, was)) replaced.push({ field, local: now, server: value });
  }
  return { patch, replaced };
}

export interface Rebased {
  /** The form's new agreement with the stored document. */
  base: Fields;
  /** Fields to set in the form (stored values). */
  updates: Fields;
}

/**
 * Takes a newer stored document into the form: a field the user has neither changed nor is
 * editing shows the stored value; a list shows the stored list with the user's unsaved additions
 * and removals; a field the user changed or is editing keeps what they typed (a save then writes
 * it, replacing the stored value — see `fieldWrite`).
 */
export function rebase(
  base: Fields,
  edited: Fields,
  stored: Fields,
  listFields: readonly string[],
  editing: ReadonlySet<string> = new Set(),
): Rebased {
  const next: Fields = { ...base };
  const updates: Fields = {};
  for (const field of Object.keys(edited)) {
    const was = base[field] ?? null;
    const now = stored[field] ?? null;
    if (sameValue(now, was)) continue;
    const value = edited[field] ?? null;
    if (listFields.includes(field)) {
      const shown = applyListEdit(was, value, now);
      if (!sameValue(shown, value)) updates[field] = shown;
      next[field] = now;
      continue;
    }
    if (editing.has(field) || !sameValue(value, was)) continue;
    updates[field] = now;
    next[field] = now;
  }
  return { base: next, updates };
}

/** The fields of `doc` named in `fields` (a form's stored values). */
export function pick(doc: Fields, fields: readonly string[]): Fields {
  return Object.fromEntries(fields.map((f) => [f, doc[f] ?? null]));
}

/** A document's newest state as a page goes, and the change it holds over what is stored. */
export interface NewestState {
  /** The whole document as this device has it or is writing it. */
  doc: Fields;
  /** The fields written or typed and not yet seen stored, with their values… */
  changed: Fields;
  /** …and the stored values they were typed over. */
  base: Fields;
  /** Made by this page's form: the server may not have it yet. */
  created: boolean;
  /** Every field this page's form wrote or is writing. */
  touched: string[];
}

/**
 * The document as this device now has it or is writing it: what was last stored, what was
 * written since, and what the user changed and is not written yet (as `fieldWrite` would write it).
 * Null while there is no document (nothing typed yet).
 */
export function newestState(
  s: {
    stored: Fields | null;
    /** The document being made, until it is stored (null: none). */
    making: Fields | null;
    base: Fields;
    dirty: Set<string>;
    unconfirmed: Fields;
    created: boolean;
    touched: Set<string>;
  },
  now: Fields,
  listFields: readonly string[],
): NewestState | null {
  const stored = s.stored ?? s.making;
  if (!stored) return null;
  const known = { ...stored, ...s.unconfirmed };
  const { patch } = fieldWrite(s.base, pick(now, [...s.dirty]), known, listFields);
  const doc = { ...known, ...patch };
  // Not stored yet, all of it is the change.
  const changed = s.stored ? { ...s.unconfirmed, ...patch } : doc;
  const touched = [...new Set([...s.touched, ...Object.keys(patch)])];
  return {
    doc,
    changed,
    base: pick(s.stored ?? {}, Object.keys(changed)),
    created: s.created || !s.stored,
    touched,
  };
}

/** All mutable state of a synced form's agreement with its document, in one place (synced-form.ts). */
export interface FormAgreement {
  id: string | null;
  /** Per field, the stored value the form last agreed with. */
  base: Fields;
  /** The stored document as last seen. */
  stored: Fields | null;
  /** The form's values as stored values, as last seen: a difference is the user's change. */
  shown: Fields;
  /** Fields the user changed that are not written yet. */
  dirty: Set<string>;
  /** Values a pull put in a field, and when (see SEEN_AFTER_MS). */
  pulledAt: Map<string, { before: unknown; at: number }>;
  applying: boolean;
  scheduled: ReturnType<typeof setTimeout> | null;
  /** Writes queued or under way. */
  writing: number;
  /** What is being or was written and not yet seen stored (for a push as the page goes). */
  unconfirmed: Fields;
  /** The document the first change makes, until it is written (SyncedDocument.make). */
  making: Fields | null;
  /** This form made the document (its first change). */
  created: boolean;
  /** The document has a change waiting to be sent (its outbox entry). */
  waiting: boolean;
  /** Every field this form has written. */
  touched: Set<string>;
}
