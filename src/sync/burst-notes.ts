// Which burst of typing wrote a value, kept with the document's outbox entry. A push refused by the
// server says only the value it set aside; under a slow connection one burst's pushes ("B", "Be",
// ... "Bea Khan") are refused one by one, often after the burst has ended, and each would be a
// value of its own to review. Kept with the entry (stored, read alike by every tab), the burst
// names each refusal, and the conflict log keeps one entry per burst (ADR 047).
import type { BurstOf } from './merge';

/** A burst as the outbox keeps it: its id, when it began, and its values, hashed (kept small). */
export interface BurstNote {
  id: string;
  since: number;
  typed: string[];
}

/** Per field, the latest bursts (newest last): a refusal may come after the next burst began. */
export type BurstNotes = Record<string, BurstNote[]>;

/** Bursts kept per field. */
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

/** A form's bursts (by field) as notes. */
export function toNotes(bursts: Readonly<Record<string, BurstOf>>): Record<string, BurstNote> {
  return Object.fromEntries(
    Object.entries(bursts).map(([field, b]) => [
      field,
      { id: b.id, since: b.since, typed: [...new Set(b.typed.map(valueHash))].slice(-TYPED_KEPT) },
    ]),
  );
}

/** `kept` with `latest` over it: a burst noted again is replaced, a new one goes last. */
export function withNotes(kept: BurstNotes, latest: Readonly<Record<string, BurstNote>> | undefined): BurstNotes {
  if (!latest) return kept;
  const next: BurstNotes = { ...kept };
  for (const [field, note] of Object.entries(latest)) {
    const others = (kept[field] ?? []).filter((b) => b.id !== note.id);
    next[field] = [...others, note].slice(-BURSTS_KEPT);
  }
  return next;
}

/** The burst that typed `value` in `field`, as the conflict log knows one (undefined: none kept). */
export function burstThatTyped(notes: BurstNotes, field: string, value: unknown): BurstOf | undefined {
  const hash = valueHash(value);
  const note = (notes[field] ?? []).findLast((b) => b.typed.includes(hash));
  return note && { id: note.id, since: note.since, typed: [value] };
}

/** Bursts noted before a write, by outbox entry, until the write's record takes them. */
export class NotedBursts {
  readonly #noted = new Map<string, Record<string, BurstNote>>();

  note(entry: string, bursts: Readonly<Record<string, BurstOf>>) {
    this.#noted.set(entry, { ...this.#noted.get(entry), ...toNotes(bursts) });
  }

  take(entry: string): Record<string, BurstNote> | undefined {
    const noted = this.#noted.get(entry);
    this.#noted.delete(entry);
    return noted;
  }
}
