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
import { mergeList, sameValue, type BurstOf, type LostValue } from '../sync/merge';

export type Fields = Record<string, unknown>;
/** Who stored the value that stands: another device (through the server) or another tab. */
export type Origin = 'other-device' | 'other-tab';

/** A field is being typed in until this long after its last change: one burst of typing. */
export const BURST_IDLE_MS = 700;
/** A stored value shown in a field for less than this before typing over it was not seen: it is
 * replaced, and kept in the conflict log with a word at the field. */
export const SEEN_AFTER_MS = 1000;
/** How many of a burst's values are remembered as its own (a burst is a few words). */
const MAX_TYPED = 200;

export interface Typing {
  since: number;
  lastAt: number;
  /** The burst lost to a value another writer stored first: it is held back, never written. */
  lostTo: Origin | null;
  /** Only keys that changed nothing so far: nothing of the user's to keep if it loses. */
  keyOnly?: boolean;
  /** The values the burst went through (each key's): stored by anyone, they are this burst's own
   * (two writers typing the same first letters store the same values). */
  typed?: readonly unknown[];
  /** The burst replaced a value shown too briefly to be seen (kept, said again when it ends). */
  replaced?: { value: unknown; by: 'this-device' | 'this-tab' };
}

export interface FormState {
  /** This form, among every writer of its document (a burst's id starts with it). */
  readonly writer: string;
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
  /** When a stored value was last put in a field, and who stored it. */
  readonly shownAt: Readonly<Record<string, { at: number; by: Origin }>>;
  /** A lost burst's value, kept as its burst ended, while the value that beat it still moves. */
  readonly said: Readonly<Record<string, Said>>;
}

/** A loss kept: until the standing value stays still for SEEN_AFTER_MS, its later values are the
 * winner's burst going on, and the entry follows them (soak seed 9615). */
export interface Said {
  burst: BurstOf;
  local: unknown;
  by: Origin;
  at: number;
}

export type Effect =
  /** Write the pending fields (within a task). */
  | { kind: 'write' }
  /** Put these stored values in the form's fields. */
  | { kind: 'show'; values: Fields }
  /** Keep these values in the conflict log: typed ones that lost to values stored first, or
   * (this-device, this-tab) values this form replaced unseen. */
  | { kind: 'keep'; lost: LostValue[]; by: Origin | 'this-device' | 'this-tab' }
  /** Call `tick` at this time: a burst of typing ends. */
  | { kind: 'wake'; at: number };

export interface Step {
  state: FormState;
  effects: Effect[];
}

export const same = (a: unknown, b: unknown) => sameValue(a ?? null, b ?? null);
const pick = (doc: Fields, fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, doc[f] ?? null]));
export const without = <T>(record: Readonly<Record<string, T>>, field: string) =>
  Object.fromEntries(Object.entries(record).filter(([f]) => f !== field));

/** A burst as the conflict log knows it: its entry is its own. */
export const burstOf = (state: FormState, field: string, burst: Typing): BurstOf => ({
  id: `${state.writer}:${field}:${burst.since}`,
  since: burst.since,
  typed: burst.typed ?? [],
});

/** Another writer's value a burst replaced unseen: an entry of the replacing burst's, until the
 * burst that typed the value claims it (`again`: said once more as the burst ends, never anew). */
export const replacedBurst = (state: FormState, field: string, burst: Typing, again = false): BurstOf => ({
  id: `${state.writer}:${field}:${burst.since}:replaced`,
  since: burst.since,
  typed: [],
  again,
});

export function open(
  fields: readonly string[],
  lists: readonly string[],
  stored: Fields | null,
  values: Fields,
  writer = 'form',
): FormState {
  return {
    writer,
    fields,
    lists,
    stored,
    base: pick(stored ?? {}, fields),
    values: pick(values, fields),
    pending: [],
    writing: {},
    typing: {},
    shownAt: {},
    said: {},
  };
}

/**
 * The user typed in a field, whether or not its value changed (a key that types what another
 * writer's value, just shown, already holds): a burst goes on, so no stored value is put under
 * their fingers until it ends. `input`: the field's text after the key (told before the form's
 * value changes); equal to the value shown, the key typed that value, so it is the burst's own.
 */
export function keyed(state: FormState, field: string, now: number, input?: string): Step {
  if (!state.fields.includes(field) || state.lists.includes(field)) return { state, effects: [] };
  const burst = state.typing[field];
  const shown = state.values[field] ?? null;
  const retyped = input !== undefined && shown !== null && same(input, shown) && !burst?.typed?.includes(shown);
  const typing = {
    ...state.typing,
    [field]: {
      ...burst,
      since: burst?.since ?? now,
      lastAt: now,
      lostTo: burst?.lostTo ?? null,
      keyOnly: burst?.keyOnly ?? true,
      ...(retyped ? { typed: [...(burst?.typed ?? []).slice(-(MAX_TYPED - 1)), shown] } : {}),
    },
  };
  const said = without(state.said, field);
  return { state: { ...state, typing, said }, effects: [{ kind: 'wake', at: now + BURST_IDLE_MS }] };
}

/** The user changed the form: what changed waits to be written, and a burst goes on. */
export function typed(state: FormState, values: Fields, now: number): Step {
  const changed = state.fields.filter((f) => !same(values[f], state.values[f]));
  if (changed.length === 0) return { state: { ...state, values: pick(values, state.fields) }, effects: [] };
  const typing = { ...state.typing };
  for (const f of changed) {
    if (state.lists.includes(f)) continue;
    typing[f] = {
      ...typing[f],
      since: typing[f]?.since ?? now,
      lastAt: now,
      lostTo: typing[f]?.lostTo ?? null,
      keyOnly: false,
      typed: [...(typing[f]?.typed ?? []).slice(-(MAX_TYPED - 1)), values[f] ?? null],
    };
  }
  const next = {
    ...state,
    values: pick(values, state.fields),
    pending: [...new Set([...state.pending, ...changed])],
    typing,
    said: Object.fromEntries(Object.entries(state.said).filter(([f]) => !changed.includes(f))),
  };
  return { state: next, effects: [{ kind: 'write' }, { kind: 'wake', at: now + BURST_IDLE_MS }] };
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
  const said = { ...state.said };
  const show: Fields = {};
  const effects: Effect[] = [];
  for (const f of state.fields) {
    const stored = doc[f] ?? null;
    if (same(stored, base[f])) continue;
    // A value this burst went through (any its writes replaced were), told of late: not news.
    const passed = (typing[f]?.typed ?? []).some((v) => same(v, stored));
    if (state.lists.includes(f)) {
      const merged = mergeList(base[f], values[f], stored);
      if (!same(merged, values[f])) show[f] = values[f] = merged;
      base[f] = stored;
    } else if ((state.writing[f] ?? []).some((v) => same(v, stored)) || same(stored, values[f])) {
      base[f] = stored;
    } else if (passed) {
      continue;
    } else if (typing[f] || state.pending.includes(f)) {
      // The value it lost to, stored again (a pull bringing the server's time): still that writer's.
      const again = state.stored !== null && same(stored, state.stored[f]) ? typing[f]?.lostTo : null;
      typing[f] = {
        ...typing[f],
        since: typing[f]?.since ?? now,
        lastAt: typing[f]?.lastAt ?? now,
        lostTo: again ?? by,
      };
    } else if (!keepTyped.includes(f)) {
      shownAt[f] = { at: now, by };
      show[f] = values[f] = base[f] = stored;
      const kept = said[f];
      // The lost value itself stored again is put back, not the winner's burst going on.
      if (kept && now - kept.at <= SEEN_AFTER_MS && !same(stored, kept.local)) {
        said[f] = { ...kept, at: now };
        const burst = { ...kept.burst, again: true };
        effects.push({ kind: 'keep', lost: [{ field: f, local: kept.local, server: stored, burst }], by: kept.by });
      }
    }
  }
  if (Object.keys(show).length > 0) effects.unshift({ kind: 'show', values: show });
  return { state: { ...state, stored: doc, base, values, typing, shownAt, said }, effects };
}

/**
 * Time passes: a burst with no change for BURST_IDLE_MS ends (`all`: every burst ends now, as the
 * form goes). One that lost shows the value that stands and keeps the value typed in the conflict
 * log (once per burst).
 */
export function tick(state: FormState, now: number, { all = false } = {}): Step {
  const typing = { ...state.typing };
  const base = { ...state.base };
  const values = { ...state.values };
  const shownAt = { ...state.shownAt };
  const said = { ...state.said };
  const show: Fields = {};
  const effects: Effect[] = [];
  for (const [f, burst] of Object.entries(state.typing)) {
    if (!all && burst.lastAt + BURST_IDLE_MS > now) {
      effects.push({ kind: 'wake', at: burst.lastAt + BURST_IDLE_MS });
      continue;
    }
    delete typing[f];
    if (burst.replaced && !burst.lostTo) {
      const lost = [
        {
          field: f,
          local: burst.replaced.value,
          server: values[f] ?? null,
          burst: replacedBurst(state, f, burst, true),
        },
      ];
      effects.push({ kind: 'keep', lost, by: burst.replaced.by });
    }
    if (!burst.lostTo) continue;
    const standing = state.stored?.[f] ?? null;
    if (!same(values[f], standing)) {
      if (!burst.keyOnly) {
        const kept = { burst: burstOf(state, f, burst), local: values[f] ?? null, by: burst.lostTo, at: now };
        said[f] = kept;
        effects.push({
          kind: 'keep',
          lost: [{ field: f, local: kept.local, server: standing, burst: kept.burst }],
          by: kept.by,
        });
      }
      shownAt[f] = { at: now, by: burst.lostTo };
      show[f] = values[f] = standing;
    }
    base[f] = standing;
  }
  if (Object.keys(show).length > 0) effects.unshift({ kind: 'show', values: show });
  return { state: { ...state, typing, base, values, shownAt, said }, effects };
}

/** Whether anything typed is not on this device yet (leaving asks first). */
export const unwritten = (state: FormState) => state.pending.length > 0 || Object.keys(state.writing).length > 0;
