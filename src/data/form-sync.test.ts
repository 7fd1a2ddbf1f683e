import { describe, expect, it } from 'vitest';
import { fieldWrite, rebase } from './form-sync';

const lists = ['tone_of_voice'];

describe('fieldWrite: a save writes only what the user changed', () => {
  it('leaves a field another device changed alone when this user did not touch it', () => {
    const base = { name: 'Old', phone: '0100' };
    const stored = { name: 'New from A', phone: '0100' };
    const edited = { name: 'Old', phone: '0200' };
    expect(fieldWrite(base, edited, stored, [])).toEqual({ patch: { phone: '0200' }, replaced: [] });
  });

  it('writes a list as the stored list plus what this user added, minus what they removed', () => {
    const base = { tone_of_voice: ['Professional'] };
    const stored = { tone_of_voice: ['Professional', 'Calm & Reassuring'] }; // device A ticked
    const edited = { tone_of_voice: ['Friendly & Casual'] }; // B unticked one, ticked another
    expect(fieldWrite(base, edited, stored, lists).patch).toEqual({
      tone_of_voice: ['Calm & Reassuring', 'Friendly & Casual'],
    });
  });

  it('writes nothing when nothing changed (a save on a second device)', () => {
    const doc = { name: 'Same', tone_of_voice: ['Professional'] };
    expect(fieldWrite(doc, doc, doc, lists)).toEqual({ patch: {}, replaced: [] });
  });

  it('reports the stored value it replaces when both changed one field', () => {
    const result = fieldWrite({ name: 'Old' }, { name: 'Mine' }, { name: 'Theirs' }, []);
    expect(result).toEqual({ patch: { name: 'Mine' }, replaced: [{ field: 'name', local: 'Theirs', server: 'Mine' }] });
  });
});

describe('rebase: the form shows pulled changes in fields the user is not editing', () => {
  it('takes the stored value into an untouched field and keeps a changed one', () => {
    const base = { name: 'Old', phone: '0100' };
    const edited = { name: 'Old', phone: '0200' };
    const stored = { name: 'New', phone: '0300' };
    expect(rebase(base, edited, stored, [])).toEqual({
      base: { name: 'New', phone: '0100' },
      updates: { name: 'New' },
    });
  });

  it('leaves the field being edited alone until the user leaves it', () => {
    const doc = { name: 'Old' };
    expect(rebase(doc, doc, { name: 'New' }, [], new Set(['name']))).toEqual({ base: doc, updates: {} });
  });

  it('shows a list as the stored list with the unsaved ticks applied', () => {
    const base = { tone_of_voice: ['Professional'] };
    const edited = { tone_of_voice: ['Professional', 'Friendly & Casual'] };
    const stored = { tone_of_voice: ['Professional', 'Calm & Reassuring'] };
    const { base: next, updates } = rebase(base, edited, stored, lists, new Set(['tone_of_voice']));
    expect(updates).toEqual({ tone_of_voice: ['Professional', 'Calm & Reassuring', 'Friendly & Casual'] });
    expect(next).toEqual(stored);
    // Saved now, the write is the tick the user made, on top of what is stored.
    expect(fieldWrite(next, updates, stored, lists).patch).toEqual(updates);
  });
});
