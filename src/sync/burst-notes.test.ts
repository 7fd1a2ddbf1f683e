// Which burst typed a value, as the outbox keeps it: small, the latest two per field.
import { describe, expect, it } from 'vitest';
import { burstThatTyped, NotedBursts, toNotes, valueHash, withNotes } from './burst-notes';

const burst = (id: string, typed: unknown[]) => ({ id, since: 1, typed });

describe('burst notes', () => {
  it('hash values by their JSON: equal values alike, others apart', () => {
    expect(valueHash('Bea')).toBe(valueHash('Bea'));
    expect(valueHash(undefined)).toBe(valueHash(null));
    const values = ['B', 'Be', 'Bea', 'Bea ', 'bea', 1, '1', null, ['B'], { B: 1 }];
    expect(new Set(values.map(valueHash)).size).toBe(values.length);
    // Kept small: a long value is a short hash.
    expect(valueHash('x'.repeat(10_000)).length).toBeLessThanOrEqual(7);
  });

  it('find the burst that typed a value: the newest that did, none when none did', () => {
    let notes = withNotes({}, toNotes({ name: burst('b1', ['A', 'Al']) }));
    notes = withNotes(notes, toNotes({ name: burst('b2', ['Al', 'Ali']) }));
    expect(burstThatTyped(notes, 'name', 'A')).toEqual({ id: 'b1', since: 1, typed: ['A'] });
    expect(burstThatTyped(notes, 'name', 'Al')?.id).toBe('b2');
    expect(burstThatTyped(notes, 'name', 'Alice')).toBeUndefined();
    expect(burstThatTyped(notes, 'phone', 'A')).toBeUndefined();
  });

  it('keep the latest two bursts per field; a burst noted again replaces itself', () => {
    let notes = withNotes({}, toNotes({ name: burst('b1', ['A']), phone: burst('p1', ['0']) }));
    notes = withNotes(notes, toNotes({ name: burst('b1', ['A', 'Al']) }));
    expect(notes.name?.map((b) => [b.id, b.typed.length])).toEqual([['b1', 2]]);
    notes = withNotes(notes, toNotes({ name: burst('b2', ['B']) }));
    notes = withNotes(notes, toNotes({ name: burst('b3', ['C']) }));
    expect(notes.name?.map((b) => b.id)).toEqual(['b2', 'b3']);
    expect(notes.phone?.map((b) => b.id)).toEqual(['p1']);
  });

  it('hold what a form noted until the write’s record takes it, once', () => {
    const noted = new NotedBursts();
    noted.note('t:d', { name: burst('b1', ['A']) });
    noted.note('t:d', { phone: burst('p1', ['0']) });
    expect(Object.keys(noted.take('t:d') ?? {})).toEqual(['name', 'phone']);
    expect(noted.take('t:d')).toBeUndefined();
  });
});
