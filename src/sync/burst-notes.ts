// Which burst of typing wrote a value, kept with the document's outbox entry. A push refused by the
// server says only the value it set aside; under a slow connection one burst's pushes ("B", "Be",
// ... "Bea Khan") are refused one by one, often after the burst has ended, and each would be a
// value of its own to review. Kept with the entry (stored, read alike by every tab), the burst
// names each refusal, and the conflict log keeps one entry per burst (ADR 047). A page that
// stalls mid-word ends a burst (700 ms idle) the person never paused: bursts of one form in one
// field, each begun soon after the last one's latest write, are kept as one typing (ADR 048).
import type { BurstOf } from './merge';

/** Refusals of one field this close together, bursts not known, are taken as one burst's; bursts
 * of one form begun this soon after its last write in the field are one typing. */
export const REFUSALS_MS = 2_000;

/** A typing as the outbox keeps it: its id (its first burst's), when it began and was last
 * written, its bursts, and its values in the order typed, hashed (kept small). */
export interface BurstNote {
  id: string;
  since: number;
  lastAt: number;
  bursts: string[];
  typed: string[];
}

/** Per field, the latest typings (newest last): a refusal may come after the next one began. */
export type BurstNotes = Record<string, BurstNote[]>;

/** Notes as version 4 of the outbox kept them: each burst on its own. */
export type BurstNotesV4 = Record<string, { id: string; since: number; typed: string[] }[]>;

/** Each burst of version 4 a typing of its own, last written as it began (not known). */
export const fromBurstsV4 = (old: BurstNotesV4): BurstNotes =>
  Object.fromEntries(
    Object.entries(old).map(([field, notes]) => [
      field,
      notes.map((b) => ({ id: b.id, since: b.since, lastAt: b.since, bursts: [b.id], typed: b.typed })),
    ]),
  );

/** Typings kept per field. */
const BURSTS_KEPT = 2;
/** Hashes kept per burst: as many values as the conflict log remembers of one. */
const TYPED_KEPT = 200;

/** A short hash of a value (FNV-1a over its JSON): membership, not secrecy. */
export function valueHash(value: unknown): string {
  const text = JSON.stringify(value ?? null);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

const hashes = (typed: readonly unknown[]) => [...new Set(typed.map(valueHash))].slice(-TYPED_KEPT);
/** The values of both, in the order typed: a value typed again keeps its first place. */
const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])].slice(-TYPED_KEPT);
/** The form and field of a burst (its id without its start). */
const writerOf = (burstId: string) => burstId.slice(0, Math.max(0, burstId.lastIndexOf(':'))) || burstId;

/** A form's bursts (by field) as notes, written at `now`. */
export function toNotes(bursts: Readonly<Record<string, BurstOf>>, now = Date.now()): Record<string, BurstNote> {
  return Object.fromEntries(
    Object.entries(bursts).map(([field, b]) => [
      field,
      { id: b.id, since: b.since, lastAt: now, bursts: [b.id], typed: hashes(b.typed) },
    ]),
  );
}

/** The kept typing `note` goes on: the one it is in, or the field's latest if `note` began soon
 * after that one's last write, by the same form. */
function typingGoneOn(kept: readonly BurstNote[], note: BurstNote): BurstNote | undefined {
  const within = kept.find((t) => t.bursts.includes(note.id));
  if (within) return within;
  const latest = kept.at(-1);
  const soon = latest && note.since >= latest.since && note.since - latest.lastAt <= REFUSALS_MS;
  return soon && writerOf(latest.id) === writerOf(note.id) ? latest : undefined;
}

/** `kept` with `latest` over it: a burst noted again, or begun soon after its form's last write in
 * the field, goes on that typing; another begins a typing, last. */
export function withNotes(kept: BurstNotes, latest: Readonly<Record<string, BurstNote>> | undefined): BurstNotes {
  if (!latest) return kept;
  const next: BurstNotes = { ...kept };
  for (const [field, note] of Object.entries(latest)) {
    const typings = kept[field] ?? [];
    const typing = typingGoneOn(typings, note);
    const goneOn: BurstNote = typing
      ? {
          ...typing,
          lastAt: Math.max(typing.lastAt, note.lastAt),
          bursts: [...new Set([...typing.bursts, note.id])],
          typed: union(typing.typed, note.typed),
        }
      : note;
    next[field] = [...typings.filter((t) => t !== typing), goneOn].slice(-BURSTS_KEPT);
  }
  return next;
}

/** The typing that typed `value` in `field`, as the conflict log knows one (undefined: none kept). */
export function burstThatTyped(notes: BurstNotes, field: string, value: unknown): BurstOf | undefined {
  const hash = valueHash(value);
  const note = (notes[field] ?? []).findLast((b) => b.typed.includes(hash));
  return note && { id: note.id, since: note.since, typed: [value] };
}

/** The typing a form's burst is part of: its entry is the typing's (the burst itself if none kept). */
export function typingOf(notes: BurstNotes, field: string, burst: BurstOf): BurstOf {
  const typing = (notes[field] ?? []).find((t) => t.bursts.includes(burst.id));
  return typing && typing.id !== burst.id ? { ...burst, id: typing.id, since: typing.since } : burst;
}

/** Whether `value` was typed before `then` in one kept typing of `field` (a refusal of it is late). */
export function typedBefore(notes: BurstNotes, field: string, value: unknown, then: unknown): boolean {
  const [a, b] = [valueHash(value), valueHash(then)];
  return (notes[field] ?? []).some((t) => {
    const at = t.typed.indexOf(a);
    return at >= 0 && at < t.typed.indexOf(b);
  });
}

/** `kept` with every typing of `noted` over it, oldest first. */
export function withAllNotes(kept: BurstNotes, noted: BurstNotes | undefined): BurstNotes {
  let next = kept;
  for (const [field, typings] of Object.entries(noted ?? {}))
    for (const typing of typings) next = withNotes(next, { [field]: typing });
  return next;
}

/** Bursts noted before a write, by outbox entry, until the write's record takes them (two
 * bursts of a field noted before one record are both kept). */
export class NotedBursts {
  readonly #noted = new Map<string, BurstNotes>();

  note(entry: string, bursts: Readonly<Record<string, BurstOf>>) {
    this.#noted.set(entry, withNotes(this.#noted.get(entry) ?? {}, toNotes(bursts)));
  }

  take(entry: string): BurstNotes | undefined {
    const noted = this.#noted.get(entry);
    this.#noted.delete(entry);
    return noted;
  }
}
