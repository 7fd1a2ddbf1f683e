// The write side of the synced form's state machine: what two writers typing one field at once
// leave of each other (docs/decisions/030-two-writers-one-truth.md).
import { describe, expect, it } from 'vitest';
import { keyed, open, storedChanged, typed, type Fields, type FormState } from './form-machine';
import { compareAndSet, startWrite, withoutHeld, wrote, type WriteRequest } from './form-write';

const FIELDS = ['name', 'phone', 'tone_of_voice'];
const LISTS = ['tone_of_voice'];
const stored = (values: Fields): Fields => ({ id: 'd', serverModified: 'm1', ...values });
const start = (doc: Fields = stored({ name: 'Old', phone: '0100', tone_of_voice: [] })) =>
  open(FIELDS, LISTS, doc, doc);

function typeAndWrite(state: FormState, values: Fields, at: number): { state: FormState; write: WriteRequest } {
  const s = typed(state, { ...state.values, ...values }, at).state;
  const { state: next, write } = startWrite(s);
  return { state: next, write: write! };
}

describe('two writers of one field', () => {
  it('two writers typing the same first letters: a value written over as its own is no loss when told of late', () => {
    // This form writes 'Off' while another tab's 'Of' (which this form was writing too) is stored.
    const { state, write } = typeAndWrite(start(), { name: 'Of' }, 1000);
    const second = typeAndWrite(state, { name: 'Off' }, 1030);
    const current = stored({ name: 'Of', phone: '0100', tone_of_voice: [] });
    const { patch, outcome } = compareAndSet({ ...second.write, own: second.state.writing }, current, LISTS);
    expect(patch).toEqual({ name: 'Off' });
    const after = wrote(
      wrote(second.state, write, { written: {}, lost: [], replaced: [] }, 1040).state,
      second.write,
      outcome,
      1050,
    );
    // The other tab's 'Of', told of only now, does not make this burst lose.
    const late = storedChanged(after.state, current, 1060, 'other-tab');
    expect(late.state.typing.name?.lostTo).toBeNull();
    expect(late.effects).toEqual([]);
  });

  it('a write waiting its turn leaves out a field whose burst lost meanwhile', () => {
    const { state, write } = typeAndWrite(start(), { name: 'B', phone: '0200' }, 1000);
    const lost = storedChanged(state, stored({ name: 'Alice', phone: '0100', tone_of_voice: [] }), 1010, 'other-tab');
    expect(withoutHeld(write, lost.state).edited).toEqual({ phone: '0200' });
  });

  it('a value this burst went through, stored again by the other writer, is its own: no loss, written over', () => {
    let state = start();
    for (const [at, name] of [
      [1000, 'M'],
      [1030, 'Ma'],
      [1060, 'Mai'],
    ] as const)
      state = typed(state, { ...state.values, name }, at).state;
    // The other writer, typing the same first letters, stores 'Ma' after this form moved on.
    const late = storedChanged(state, stored({ name: 'Ma', phone: '0100', tone_of_voice: [] }), 1070, 'other-device');
    expect(late.state.typing.name?.lostTo).toBeNull();
    const { write } = startWrite(late.state);
    const { patch } = compareAndSet(write!, stored({ name: 'Ma', phone: '0100', tone_of_voice: [] }), LISTS);
    expect(patch).toEqual({ name: 'Mai' });
    // A value it never typed is the other writer's: this burst has lost.
    const theirs = storedChanged(state, stored({ name: 'Mo', phone: '0100', tone_of_voice: [] }), 1070, 'other-device');
    expect(theirs.state.typing.name?.lostTo).toBe('other-device');
  });

  it('a key that types the value another tab just showed types it too: typed over, it is not kept as replaced', () => {
    // Both tabs select 'Old' and type 'A': the other tab's 'A' is shown here first, then this
    // tab's own 'A' changes nothing (soak seed 9739), and 'Ag' follows.
    const shown = storedChanged(start(), stored({ name: 'A', phone: '0100', tone_of_voice: [] }), 1000, 'other-tab');
    const key = keyed(shown.state, 'name', 1050, 'A').state;
    expect(key.typing.name?.typed).toEqual(['A']);
    const { write } = typeAndWrite(key, { name: 'Ag' }, 1080);
    expect(write.unseen).toEqual({ name: 'other-tab' });
    const { patch, outcome } = compareAndSet(write, stored({ name: 'A', phone: '0100', tone_of_voice: [] }), LISTS);
    expect(patch).toEqual({ name: 'Ag' });
    expect(outcome.replaced).toEqual([]);
    // A key that changes the value (told before the form's value changes) types nothing shown.
    expect(keyed(shown.state, 'name', 1050, 'Ab').state.typing.name?.typed).toBeUndefined();
  });

  it('typed over a value shown a moment before, and never typed here: it is replaced, and kept', () => {
    const shown = storedChanged(
      start(),
      stored({ name: 'Theirs', phone: '0100', tone_of_voice: [] }),
      1000,
      'other-tab',
    );
    const { write } = typeAndWrite(keyed(shown.state, 'name', 1050, 'Theirs!').state, { name: 'Theirs!' }, 1050);
    const { outcome } = compareAndSet(write, stored({ name: 'Theirs', phone: '0100', tone_of_voice: [] }), LISTS);
    expect(outcome.replaced).toEqual([{ field: 'name', value: 'Theirs', by: 'other-tab' }]);
  });
});
