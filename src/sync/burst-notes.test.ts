// Which burst typed a value, as the outbox keeps it: small, the latest two per field.
import { describe, expect, it } from 'vitest';
import {
  burstThatTyped,
  fromBurstsV4,
  NotedBursts,
  REFUSALS_MS,
  toNotes,
  typedBefore,
  typingOf,
  valueHash,
  withAllNotes,
  withNotes,
} from './burst-notes';

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

  it('keep the latest two typings per field; a burst noted again replaces itself', () => {
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

  it('keep bursts of one form in one field, each begun soon after the last write, as one typing', () => {
    // A page stalled mid-word: its form ended the burst; the person typed on.
    const first = { id: 'tab1:name:1000', since: 1_000, typed: ['R', 'Ro', 'Road Q'] };
    const second = { id: 'tab1:name:3000', since: 3_000, typed: ['Road Qu', 'Road Quarry 7'] };
    let notes = withNotes({}, toNotes({ name: first }, 1_500));
    notes = withNotes(notes, toNotes({ name: second }, 3_400));
    expect(notes.name).toHaveLength(1);
    expect(notes.name?.[0]).toMatchObject({ id: first.id, since: 1_000, lastAt: 3_400, bursts: [first.id, second.id] });
    expect(typingOf(notes, 'name', second)).toEqual({ ...second, id: first.id, since: 1_000 });
    expect(burstThatTyped(notes, 'name', 'Road Quarry 7')?.id).toBe(first.id);
    expect(typedBefore(notes, 'name', 'Road Q', 'Road Quarry 7')).toBe(true);
    expect(typedBefore(notes, 'name', 'Road Quarry 7', 'Road Q')).toBe(false);
    expect(typedBefore(notes, 'name', 'Zed', 'Road Q')).toBe(false);

    // Begun later, or by another form (tab, device): a typing of its own.
    const later = { id: 'tab1:name:6000', since: 3_400 + REFUSALS_MS + 1, typed: ['X'] };
    const other = { id: 'tab2:name:6100', since: 6_100, typed: ['Y'] };
    const apart = withNotes(withNotes(notes, toNotes({ name: later }, 6_000)), toNotes({ name: other }, 6_200));
    expect(apart.name?.map((t) => t.id)).toEqual([later.id, other.id]);
    expect(typingOf(apart, 'name', later)).toEqual(later);
  });

  it('keep both bursts of a field noted before one record, and read version 4 notes as typings', () => {
    const noted = new NotedBursts();
    noted.note('t:d', { name: { id: 'tab1:name:1', since: 1, typed: ['A'] } });
    noted.note('t:d', { name: { id: 'tab2:name:2', since: 2, typed: ['B'] } });
    expect(withAllNotes({}, noted.take('t:d')).name?.map((t) => t.id)).toEqual(['tab1:name:1', 'tab2:name:2']);
    const v4 = fromBurstsV4({ name: [{ id: 'f:name:5', since: 5, typed: ['h'] }] });
    expect(v4.name).toEqual([{ id: 'f:name:5', since: 5, lastAt: 5, bursts: ['f:name:5'], typed: ['h'] }]);
  });
});
