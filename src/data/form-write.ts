// The write side of a synced form's state machine (form-machine.ts;
// docs/decisions/030-two-writers-one-truth.md): what is handed to a write, the write rule itself
// — a compare-and-set per field, run against the document as it is stored at the moment of writing
// (RxDB's incrementalModify runs it again when another tab wrote meanwhile) — and what its outcome
// does to the form's state.
import { mergeList, type BurstOf } from '../sync/merge';
import {
  BURST_IDLE_MS,
  SEEN_AFTER_MS,
  burstOf,
  replacedBurst,
  same,
  type Effect,
  type Fields,
  type FormState,
  type Origin,
  type Step,
} from './form-machine';
const pick = (doc: Fields, fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, doc[f] ?? null]));

/** One write: the values typed, each judged against the stored value it was typed over. */
export interface WriteRequest {
  edited: Fields;
  judged: Fields;
  /** The server time of the stored document the form last saw: a newer one came from the server. */
  serverModified: unknown;
  /** Fields typed over a value shown too briefly to be seen: who stored that value. */
  unseen: Readonly<Record<string, Origin>>;
  /** Values of these fields this form itself was writing (a write that may land before this one). */
  own?: Readonly<Record<string, readonly unknown[]>>;
  /** The document is not on this device yet: the write makes it. */
  create: boolean;
}

/**
 * What a write came to: the values now stored, the fields another writer had stored first, and
 * the values it replaced unseen (typed over a moment after they were shown).
 */
export interface WriteOutcome {
  written: Fields;
  lost: { field: string; by: Origin }[];
  replaced: { field: string; value: unknown; by: Origin }[];
}

/** The request without the fields whose burst has lost since it was made: held, never written. */
export function withoutHeld(request: WriteRequest, state: FormState): WriteRequest {
  const held = Object.keys(request.edited).filter((f) => state.typing[f]?.lostTo != null);
  if (held.length === 0) return request;
  const edited = Object.fromEntries(Object.entries(request.edited).filter(([f]) => !held.includes(f)));
  return { ...request, edited };
}

/**
 * The pending fields, handed to a write (null: nothing to write). A field whose burst has lost is
 * held back. A field typed over a stored value shown less than SEEN_AFTER_MS before is marked
 * `unseen`: writing it replaces that value, which is kept (wrote).
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
    judged[f] = state.base[f];
    if (shown && typing && typing.since - shown.at < SEEN_AFTER_MS) unseen[f] = shown.by;
    writing[f] = [...(writing[f] ?? []), state.values[f] ?? null];
  }
  // A value this burst went through, or one being written, found stored is this form's own.
  const own = Object.fromEntries(fields.map((f) => [f, [...(state.typing[f]?.typed ?? []), ...(writing[f] ?? [])]]));
  const write: WriteRequest = {
    edited: pick(state.values, fields),
    judged,
    own,
    serverModified: state.stored?.serverModified ?? null,
    unseen,
    create: state.stored === null,
  };
  return { state: { ...state, pending: [], writing }, write };
}

/**
 * A write judged against the document as it is stored now (`current`): per field, written if it
 * still holds the value the user typed over (or one this form was writing itself); a list takes
 * the user's additions and removals; otherwise another writer stored the field first, and the
 * typed value loses.
 */
export function compareAndSet(request: WriteRequest, current: Fields, lists: readonly string[]) {
  const patch: Fields = {};
  const outcome: WriteOutcome = { written: {}, lost: [], replaced: [] };
  const by: Origin = same(current.serverModified, request.serverModified) ? 'other-tab' : 'other-device';
  const own = (f: string, value: unknown) => (request.own?.[f] ?? []).some((v) => same(value, v));
  for (const [f, mine] of Object.entries(request.edited)) {
    const now = current[f] ?? null;
    if (lists.includes(f)) {
      const merged = mergeList(request.judged[f], mine, now);
      if (!same(merged, now)) patch[f] = merged;
      outcome.written[f] = merged;
    } else if (same(now, mine)) outcome.written[f] = mine;
    else if (same(now, request.judged[f]) || own(f, now)) {
      patch[f] = mine;
      outcome.written[f] = mine;
      // A value this form typed too (two writers' same first letters) is nobody's to keep.
      const unseen = request.unseen[f];
      if (unseen && !own(f, now)) outcome.replaced.push({ field: f, value: now, by: unseen });
    } else outcome.lost.push({ field: f, by });
  }
  return { patch, outcome };
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

/**
 * A write was done: what it stored is agreed; a field another writer stored first has lost; a
 * value replaced unseen is kept, said as replaced by this device (or tab).
 */
export function wrote(state: FormState, request: WriteRequest, outcome: WriteOutcome, now: number): Step {
  const base = { ...state.base, ...outcome.written };
  const typing = { ...state.typing };
  for (const { field, by } of outcome.lost) {
    // The burst goes on held, remembering what it typed (its loss is told by those values).
    typing[field] = {
      ...typing[field],
      since: typing[field]?.since ?? now,
      lastAt: typing[field]?.lastAt ?? now,
      lostTo: by,
    };
  }
  const effects: Effect[] = outcome.lost.length > 0 ? [{ kind: 'wake', at: now + BURST_IDLE_MS }] : [];
  for (const { field, value, by } of outcome.replaced) {
    const replaced = { value, by: by === 'other-tab' ? ('this-tab' as const) : ('this-device' as const) };
    // Kept at once, and again with the value the burst ends on (the same entry: conflict-log.ts).
    const burst = typing[field] ?? { since: now, lastAt: now, lostTo: null };
    effects.push({
      kind: 'keep',
      lost: [
        { field, local: value, server: outcome.written[field] ?? null, burst: replacedBurst(state, field, burst) },
      ],
      by: replaced.by,
    });
    if (typing[field]) typing[field] = { ...typing[field], replaced };
  }
  const shownAt = Object.fromEntries(Object.entries(state.shownAt).filter(([f]) => !(f in outcome.written)));
  const next = { ...state, base, typing, shownAt, writing: settleWriting(state, request) };
  return { state: next, effects };
}

/** A write failed: its fields wait to be written again. */
export function writeFailed(state: FormState, request: WriteRequest): FormState {
  const fields = Object.keys(request.edited).filter((f) => same(state.values[f], request.edited[f]));
  return { ...state, pending: [...new Set([...state.pending, ...fields])], writing: settleWriting(state, request) };
}

/** The bursts that typed a write's fields (the outbox keeps them: a refusal is told as its burst's). */
export function burstsOf(state: FormState, request: WriteRequest): Record<string, BurstOf> {
  const typing = Object.keys(request.edited).flatMap((f) => {
    const burst = state.typing[f];
    return burst ? [[f, burstOf(state, f, burst)] as const] : [];
  });
  return Object.fromEntries(typing);
}

/** The values typed in bursts that lost to a value stored first: held back, never written. */
export function pickHeld(state: FormState): Fields {
  const held = Object.entries(state.typing).filter(([, burst]) => burst.lostTo != null);
  return Object.fromEntries(held.map(([f]) => [f, state.values[f] ?? null]));
}

/** The values typed and not known to be stored: pending, or handed to a write not seen stored. */
export function pickTyped(state: FormState): Fields {
  const held = (f: string) => state.typing[f]?.lostTo != null;
  const fields = [...state.pending, ...Object.keys(state.writing)].filter((f) => !held(f));
  return Object.fromEntries(fields.map((f) => [f, state.values[f] ?? null]));
}
