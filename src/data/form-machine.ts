// A synced form as a plain state machine (docs/decisions/030-two-writers-one-truth.md): per field,
// the stored value the form agrees with, what the user is typing, and what a stored change means
// for it. Every event is a named transition returning the next state and what to do (effects);
// the form's controller (form-sync.ts) feeds it events and carries the effects out. No React, no
// database, no clock of its own: each event says when it happened.
//
//   field:   agreed ──typed──▶ typing ──burst ends──▶ agreed
//                                │  ▲
//            stored value from   │  │ more typing (held back: never written)
//            another writer,     ▼  │
//            or a write refused ▶ lost ──burst ends──▶ agreed: the standing value shown, the
//                                                      typed one kept in the conflict log
//
// The first writer to store a value wins a field: a tab writes only over the value it agrees with
// (a compare-and-set per field), and a device's push only over the row it last saw (sync_push).
import { mergeList, sameValue, type LostValue } from '../sync/merge';

export type Fields = Record<string, unknown>;
/** Who stored the value that stands: another device (through the server) or another tab. */
export type Origin = 'other-device' | 'other-tab';

/** A field is being typed in until this long after its last change: one burst of typing. */
export const BURST_IDLE_MS = 700;
/** A stored value shown in a field for less than this before typing over it was not seen. */
export const SEEN_AFTER_MS = 1000;

interface Typing {
  since: number;
  lastAt: number;
  /** The burst lost to a value another writer stored first: it is held back, never written. */
  lostTo: Origin | null;
}

export interface FormState {
  readonly fields: readonly string[];
  readonly lists: readonly string[];
  /** The stored document as last seen (null: not on this device yet). */
  readonly stored: Fields | null;
  /** Per field, the stored value the form agrees with: what a write is judged against. */
  readonly base: Fields;
  /** The form's values as stored values, as last seen: a difference is the user's change. */
  readonly values: Fields;
  /** Fields changed and not handed to a write yet. */
  readonly pending: readonly string[];
  /** Values handed to writes and not seen stored yet, by field: their echo is not news. */
  readonly writing: Readonly<Record<string, readonly unknown[]>>;
  readonly typing: Readonly<Record<string, Typing>>;
  /** When a stored value was last put in a field, what the field agreed with before, and who stored it. */
  readonly shownAt: Readonly<Record<string, { at: number; before: unknown; by: Origin }>>;
}

export type Effect =
  /** Write the pending fields (within a task). */
  | { kind: 'write' }
  /** Put these stored values in the form's fields. */
  | { kind: 'show'; values: Fields }
  /** Keep these typed values in the conflict log: they lost to values stored first. */
  | { kind: 'keep'; lost: LostValue[]; by: Origin }
  /** Call `tick` at this time: a burst of typing ends. */
  | { kind: 'wake'; at: number };

export interface Step {
  state: FormState;
  effects: Effect[];
}

/** One write: the values typed, each judged against the stored value it was typed over. */
export interface WriteRequest {
  edited: Fields;
  judged: Fields;
  /** The server time of the stored document the form last saw: a newer one came from the server. */
  serverModified: unknown;
  /** Fields judged against what they held before a value shown too briefly: who stored that value. */
  unseen: Readonly<Record<string, Origin>>;
  /** The document is not on this device yet: the write makes it. */
  create: boolean;
}

/** What a write came to: the values now stored, and the fields another writer had stored first. */
export interface WriteOutcome {
  written: Fields;
  lost: { field: string; by: Origin }[];
}

const same = (a: unknown, b: unknown) => sameValue(a ?? null, b ?? null);
const pick = (doc: Fields, fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, doc[f] ?? null]));
const without = <T>(record: Readonly<Record<string, T>>, field: string) =>
  Object.fromEntries(Object.entries(record).filter(([f]) => f !== field));

export function open(
  fields: readonly string[],
  lists: readonly string[],
  stored: Fields | null,
  values: Fields,
): FormState {
  return {
    fields,
    lists,
    stored,
    base: pick(stored ?? {}, fields),
    values: pick(values, fields),
    pending: [],
    writing: {},
    typing: {},
    shownAt: {},
  };
}

/** The user changed the form: what changed waits to be written, and a burst goes on. */
export function typed(state: FormState, values: Fields, now: number): Step {
  const changed = state.fields.filter((f) => !same(values[f], state.values[f]));
  if (changed.length === 0) return { state: { ...state, values: pick(values, state.fields) }, effects: [] };
  const typing = { ...state.typing };
  for (const f of changed) {
    if (state.lists.includes(f)) continue;
    typing[f] = { since: typing[f]?.since ?? now, lastAt: now, lostTo: typing[f]?.lostTo ?? null };
  }
  const next = {
    ...state,
    values: pick(values, state.fields),
    pending: [...new Set([...state.pending, ...changed])],
    typing,
  };
  return { state: next, effects: [{ kind: 'write' }, { kind: 'wake', at: now + BURST_IDLE_MS }] };
}

/**
 * The pending fields, handed to a write (null: nothing to write). A field whose burst has lost is
 * held back. A field typed over a stored value shown less than SEEN_AFTER_MS before is judged
 * against what it held before: the value it was typed over first.
 */
export function startWrite(state: FormState, create = false): { state: FormState; write: WriteRequest | null } {
  const held = (f: string) => state.typing[f]?.lostTo != null;
  const fields = state.pending.filter((f) => !held(f));
  if (fields.length === 0 && !(create && state.stored === null))
    return { state: { ...state, pending: [] }, write: null };
  const judged: Fields = {};
  const unseen: Record<string, Origin> = {};
  const writing: Record<string, readonly unknown[]> = { ...state.writing };
  for (const f of fields) {
    const shown = state.shownAt[f];
    const typing = state.typing[f];
    const notSeen = shown && typing && typing.since - shown.at < SEEN_AFTER_MS;
    judged[f] = notSeen ? shown.before : state.base[f];
    if (notSeen) unseen[f] = shown.by;
    writing[f] = [...(writing[f] ?? []), state.values[f] ?? null];
  }
  const write: WriteRequest = {
    edited: pick(state.values, fields),
    judged,
    serverModified: state.stored?.serverModified ?? null,
    unseen,
    create: state.stored === null,
  };
  return { state: { ...state, pending: [], writing }, write };
}

const settleWriting = (state: FormState, request: WriteRequest) => {
  const writing: Record<string, readonly unknown[]> = { ...state.writing };
  for (const [f, value] of Object.entries(request.edited)) {
    const left = (writing[f] ?? []).filter((v, i, all) => i !== all.findIndex((w) => same(w, value)));
    if (left.length > 0) writing[f] = left;
    else delete writing[f];
  }
  return writing;
};

/** A write was done: what it stored is agreed; a field another writer stored first has lost. */
export function wrote(state: FormState, request: WriteRequest, outcome: WriteOutcome, now: number): Step {
  const base = { ...state.base, ...outcome.written };
  const typing = { ...state.typing };
  for (const { field, by } of outcome.lost) {
    typing[field] = { since: typing[field]?.since ?? now, lastAt: typing[field]?.lastAt ?? now, lostTo: by };
  }
  const next = { ...state, base, typing, writing: settleWriting(state, request) };
  return { state: next, effects: outcome.lost.length > 0 ? [{ kind: 'wake', at: now + BURST_IDLE_MS }] : [] };
}

/** A write failed: its fields wait to be written again. */
export function writeFailed(state: FormState, request: WriteRequest): FormState {
  const fields = Object.keys(request.edited).filter((f) => same(state.values[f], request.edited[f]));
  return { ...state, pending: [...new Set([...state.pending, ...fields])], writing: settleWriting(state, request) };
}

/**
 * The stored document changed (a pull, another tab, this form's own write). A field the user is
 * not typing in shows the stored value at once; a field being typed in that another writer
 * stored first has lost its burst. `keepTyped`: fields whose input cannot be stored as typed,
 * which keep what was typed.
 */
export function storedChanged(
  state: FormState,
  doc: Fields,
  now: number,
  by: Origin,
  keepTyped: readonly string[] = [],
): Step {
  const base = { ...state.base };
  const values = { ...state.values };
  const typing = { ...state.typing };
  const shownAt = { ...state.shownAt };
  const show: Fields = {};
  for (const f of state.fields) {
    const stored = doc[f] ?? null;
    if (same(stored, base[f])) continue;
    if (state.lists.includes(f)) {
      const merged = mergeList(base[f], values[f], stored);
      if (!same(merged, values[f])) show[f] = values[f] = merged;
      base[f] = stored;
    } else if ((state.writing[f] ?? []).some((v) => same(v, stored)) || same(stored, values[f])) {
      base[f] = stored;
    } else if (typing[f] || state.pending.includes(f)) {
      typing[f] = { since: typing[f]?.since ?? now, lastAt: typing[f]?.lastAt ?? now, lostTo: by };
    } else if (!keepTyped.includes(f)) {
      shownAt[f] = { at: now, before: base[f], by };
      show[f] = values[f] = base[f] = stored;
    }
  }
  const next = { ...state, stored: doc, base, values, typing, shownAt };
  return { state: next, effects: Object.keys(show).length > 0 ? [{ kind: 'show', values: show }] : [] };
}

/**
 * Time passes: a burst with no change for BURST_IDLE_MS ends. One that lost shows the value that
 * stands and keeps the value typed in the conflict log (once per burst).
 */
export function tick(state: FormState, now: number): Step {
  const typing = { ...state.typing };
  const base = { ...state.base };
  const values = { ...state.values };
  const shownAt = { ...state.shownAt };
  const show: Fields = {};
  const effects: Effect[] = [];
  for (const [f, burst] of Object.entries(state.typing)) {
    if (burst.lastAt + BURST_IDLE_MS > now) {
      effects.push({ kind: 'wake', at: burst.lastAt + BURST_IDLE_MS });
      continue;
    }
    delete typing[f];
    if (!burst.lostTo) continue;
    const standing = state.stored?.[f] ?? null;
    if (!same(values[f], standing)) {
      effects.push({
        kind: 'keep',
        lost: [{ field: f, local: values[f] ?? null, server: standing }],
        by: burst.lostTo,
      });
      shownAt[f] = { at: now, before: base[f], by: burst.lostTo };
      show[f] = values[f] = standing;
    }
    base[f] = standing;
  }
  if (Object.keys(show).length > 0) effects.unshift({ kind: 'show', values: show });
  return { state: { ...state, typing, base, values, shownAt }, effects };
}

/** The user puts a value back on purpose (a replaced value): judged against what is stored now. */
export function putBack(state: FormState, field: string, value: unknown, now: number): Step {
  const stored = state.stored?.[field] ?? null;
  const next: FormState = {
    ...state,
    base: { ...state.base, [field]: stored },
    values: { ...state.values, [field]: value },
    pending: [...new Set([...state.pending, field])],
    typing: { ...state.typing, [field]: { since: now, lastAt: now, lostTo: null } },
    shownAt: without(state.shownAt, field),
  };
  return {
    state: next,
    effects: [
      { kind: 'show', values: { [field]: value } },
      { kind: 'write' },
      { kind: 'wake', at: now + BURST_IDLE_MS },
    ],
  };
}

/** Whether anything typed is not on this device yet (leaving asks first). */
export const unwritten = (state: FormState) => state.pending.length > 0 || Object.keys(state.writing).length > 0;
