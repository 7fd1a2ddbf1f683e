// What a conflict is merged against, from what the device kept (merge-base.ts), and what the merge
// then makes of two devices' edits.
import { describe, expect, it } from 'vitest';
import { merge3 } from './merge';
import { judgedAgainst, mergeBase } from './merge-base';
import type { TableRules } from './rules';

const rules: TableRules = { listFields: [], serverOwned: ['updated_at'] };
const none = { refusal: null, sent: [], base: null };

describe('mergeBase', () => {
  it('is what RxDB assumes the server holds, when nothing else is known', () => {
    const assumed = { id: 'd', name: 'A' };
    expect(mergeBase(assumed, { id: 'd', name: 'B' }, none, rules)).toBe(assumed);
    expect(mergeBase(undefined, { id: 'd' }, null, rules)).toBeUndefined();
  });

  it('for a document made here, what it was made from: a default nobody typed is no change', () => {
    const made = { id: 'd', name: null, shares: 5000 };
    const local = { id: 'd', name: 'Mine', shares: 5000 };
    const server = { id: 'd', name: 'Theirs', shares: 7000, phone: '0100' };
    const base = mergeBase(undefined, server, { ...none, base: made }, rules);
    expect(base).toEqual(made);
    // Merged field by field: theirs stands where both typed, each side's own field is kept.
    expect(merge3(base, { ...local, phone: null }, server, rules)).toEqual({
      doc: { id: 'd', name: 'Theirs', shares: 7000, phone: '0100' },
      lost: [{ field: 'name', local: 'Mine', server: 'Theirs' }],
    });
  });

  it('after a refusal, the row the server kept', () => {
    const refused = { id: 'd', name: 'Refused' };
    const server = { id: 'd', name: 'Kept' };
    const kept = { ...none, refusal: { message: 'no', code: null, column: null, constraint: null, server, refused } };
    expect(mergeBase(refused, server, kept, rules)).toEqual(server);
    expect(judgedAgainst(refused, kept.refusal, rules)).toEqual(server);
    expect(judgedAgainst({ id: 'd', name: 'Other' }, kept.refusal, rules)).toEqual({ id: 'd', name: 'Other' });
  });

  it('after a lost answer, a field the server holds as this device sent it is this device’s own', () => {
    const assumed = { id: 'd', name: 'x', email: 'e' };
    const sent = [{ id: 'd', name: 'y', email: 'e' }];
    // The server took "y" (the answer was lost), then another device changed the email.
    const server = { id: 'd', name: 'y', email: 'other@device', updated_at: 'later' };
    const base = mergeBase(assumed, server, { ...none, sent }, rules);
    expect(base).toEqual({ id: 'd', name: 'y', email: 'e' });
    // So the name typed since ("y2") wins over this device's own older "y", and nothing is lost.
    const local = { id: 'd', name: 'y2', email: 'e' };
    expect(merge3(base, local, server, rules)).toEqual({
      doc: { id: 'd', name: 'y2', email: 'other@device', updated_at: 'later' },
      lost: [],
    });
  });

  const lists: TableRules = { listFields: ['tone'], serverOwned: ['updated_at'] };

  it('after a lost answer, a list item the server holds as this device sent it is its own, item by item', () => {
    // Soak seed 9385: A ticked Calm (the answer was lost), B ticked Polished over it, A unticked Calm.
    const assumed = { id: 'd', tone: [], name: 'A' };
    const sent = [{ id: 'd', tone: ['Calm'], name: 'A' }];
    const server = { id: 'd', tone: ['Calm', 'Polished'], name: 'A', updated_at: 'later' };
    const base = mergeBase(assumed, server, { ...none, sent }, lists);
    expect(base).toEqual({ id: 'd', tone: ['Calm'], name: 'A' });
    expect(merge3(base, { id: 'd', tone: [], name: 'A' }, server, lists).doc.tone).toEqual(['Polished']);
  });

  it('after a lost answer, an item this device sent unticked and the server lacks is its removal', () => {
    // A unticked Calm (the answer was lost), B ticked Polished, A ticked Calm again.
    const assumed = { id: 'd', tone: ['Calm'] };
    const sent = [{ id: 'd', tone: [] }];
    const server = { id: 'd', tone: ['Polished'] };
    const base = mergeBase(assumed, server, { ...none, sent }, lists);
    expect(base).toEqual({ id: 'd', tone: [] });
    expect(merge3(base, { id: 'd', tone: ['Calm'] }, server, lists).doc.tone).toEqual(['Polished', 'Calm']);
  });

  it('counts only what was sent after the state it starts from: an answered state is in it already', () => {
    // "y" and Calm were sent, then "z" and no Calm, which the server took; later another device
    // stored "y" and Calm itself. Those are its values, not this device's older ones.
    const older = { id: 'd', name: 'y', tone: ['Calm'] };
    const taken = { id: 'd', name: 'z', tone: [] };
    const server = { id: 'd', name: 'y', tone: ['Calm'], updated_at: 'later' };
    const base = mergeBase(taken, server, { ...none, sent: [older, taken] }, lists);
    expect(base).toBe(taken);
    expect(merge3(base, { ...taken, phone: '0100' }, server, lists).doc).toEqual({ ...server, phone: '0100' });
  });
});
