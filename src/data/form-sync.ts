// A form over a synced document (docs/decisions/003-sync.md, "Forms"): it writes only what the
// user changed, and shows what a pull changed in the fields the user is not editing. Both judge
// against `base`: per field, the stored value the form last agreed with (when it loaded, when it
// took a pulled value, when it saved). Pure functions over stored values, unit-tested.
import { mergeList as applyListEdit, sameValue, type LostValue } from './conflict';

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
