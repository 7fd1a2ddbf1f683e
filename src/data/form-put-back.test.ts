// Putting a value set aside back on purpose (docs/decisions/023-replaced-values-announced.md): it is
// written over the value that stands, and a burst of the field still held is kept first.
import { describe, expect, it } from 'vitest';
import { open, storedChanged, typed, type Fields, type Step } from './form-machine';
import { putBack } from './form-put-back';
import { startWrite } from './form-write';

const FIELDS = ['name', 'phone', 'tone_of_voice'];
const stored = (values: Fields): Fields => ({ id: 'd', serverModified: 'm1', ...values });
const start = () => {
  const doc = stored({ name: 'Old', phone: '0100', tone_of_voice: [] });
  return open(FIELDS, ['tone_of_voice'], doc, doc);
};
const kinds = (step: Step) => step.effects.map((e) => e.kind);
const theirs = stored({ name: 'Theirs', phone: '0100', tone_of_voice: [] });

describe('putBack: a value set aside, put back on purpose', () => {
  it('shows it and writes it over the value that stands', () => {
    const s = storedChanged(start(), theirs, 1000, 'other-device').state;
    const step = putBack(s, 'name', 'Mine', 1100);
    expect(kinds(step)).toEqual(['show', 'write', 'wake']);
    expect(startWrite(step.state).write?.judged).toEqual({ name: 'Theirs' });
  });

  it('over a burst of the field that lost and is still held: the held value is kept first', () => {
    const typing = typed(start(), { name: 'Held', phone: '0100', tone_of_voice: [] }, 1000).state;
    const lost = storedChanged(typing, theirs, 1050, 'other-device').state;
    const step = putBack(lost, 'name', 'Mine', 1100);
    expect(step.effects[0]).toEqual({
      kind: 'keep',
      lost: [
        {
          field: 'name',
          local: 'Held',
          server: 'Theirs',
          burst: { id: 'form:name:1000', since: 1000, typed: ['Held'] },
        },
      ],
      by: 'other-device',
    });
    expect(kinds(step)).toEqual(['keep', 'show', 'write', 'wake']);
  });
});
