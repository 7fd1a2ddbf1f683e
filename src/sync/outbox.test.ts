import { afterEach, describe, expect, it } from 'vitest';
import { closeOutboxes, entries, eventually, property, stateOf, tracked } from '../testing/outbox';
import { Outbox } from './outbox';
import { fromVersion2, OUTBOX_COLLECTION } from './outbox-entry';

afterEach(closeOutboxes);

describe('the outbox', () => {
  it('records each local write once, keeping the time of the oldest', async () => {
    const local = await tracked();
    const { db } = local;
    const doc = await db.saved_properties.insert(property('Flat'));
    const [first] = await entries(local);
    expect(first).toMatchObject({ table: 'saved_properties', docId: doc.id, lastError: null, waiting: true });
    await doc.incrementalPatch({ title: 'Flat 2' });
    await eventually(async () => expect((await entries(local))[0]?.state.title).toBe('Flat 2'));
    expect((await entries(local))[0]?.since).toBe(first!.since);
    expect(await entries(local)).toHaveLength(1);
  });

  it('a settled write leaves it; a later change is recorded again', async () => {
    const local = await tracked();
    const { db } = local;
    const doc = await db.saved_properties.insert(property('Flat'));
    await local.outbox.settle('saved_properties', stateOf(doc));
    expect(await entries(local)).toEqual([]);
    await doc.getLatest().incrementalPatch({ title: 'Changed after the push' });
    await eventually(async () => expect(await entries(local)).toHaveLength(1));
  });

  it('a write the server accepted before the outbox recorded it is not left behind', async () => {
    const local = await tracked();
    const { db } = local;
    const data = property('Flat');
    // The push can be accepted while RxDB is still running the post-write hooks: what the server
    // holds is stored, so a hook run later (in any tab) knows it.
    await local.outbox.settle('saved_properties', { ...data, _deleted: false });
    await db.saved_properties.insert(data);
    expect(await entries(local)).toEqual([]);
    expect(await local.outbox.count()).toBe(0);
  });

  it('an accepted state is not settled while a later change of it waits', async () => {
    const local = await tracked();
    const doc = await local.db.saved_properties.insert(property('Flat'));
    const pushed = stateOf(doc);
    await doc.incrementalPatch({ title: 'Typed during the push' });
    await eventually(async () => expect((await entries(local))[0]?.state.title).toBe('Typed during the push'));
    await local.outbox.settle('saved_properties', pushed);
    expect(await entries(local)).toHaveLength(1);
  });

  it('an answered push is no longer unanswered, though a later change waits', async () => {
    const local = await tracked();
    await local.outbox.ready;
    const doc = await local.db.saved_properties.insert(property('Flat'));
    const pushed = stateOf(doc);
    await local.outbox.noteSent('saved_properties', [pushed]);
    await doc.incrementalPatch({ title: 'Typed during the push' });
    await local.outbox.recorded('saved_properties', doc.id);
    await local.outbox.settle('saved_properties', pushed);
    // RxDB then takes a pulled row in as the server's, rather than holding it back for an answer.
    expect(local.outbox.unanswered('saved_properties', doc.id)).toBe(false);
    expect((await entries(local)).map((e) => [e.waiting, e.state.title])).toEqual([[true, 'Typed during the push']]);
  });

  it('a write has its record written by the time `recorded` resolves', async () => {
    const local = await tracked();
    const doc = await local.db.saved_properties.insert(property('Flat'));
    await doc.incrementalPatch({ title: 'Typed' });
    await local.outbox.recorded('saved_properties', doc.id);
    expect((await entries(local)).map((e) => e.state.title)).toEqual(['Typed']);
  });

  it('an answer settled while a write lands waits on that write, whichever is stored first', async () => {
    const local = await tracked();
    const doc = await local.db.saved_properties.insert(property('Flat'));
    const pushed = stateOf(doc);
    // The answer to the push of 'Flat' is settled as 'Typed' is stored and recorded.
    await Promise.all([local.outbox.settle('saved_properties', pushed), doc.incrementalPatch({ title: 'Typed' })]);
    await local.outbox.recorded('saved_properties', doc.id);
    expect((await entries(local)).map((e) => e.state.title)).toEqual(['Typed']);
  });

  it('a removal made while nothing else waits keeps the state it was made over', async () => {
    const local = await tracked();
    const doc = await local.db.saved_properties.insert(property('Flat'));
    await local.outbox.settle('saved_properties', stateOf(doc));
    await doc.getLatest().remove();
    await eventually(async () => expect((await entries(local))[0]?.state._deleted).toBe(true));
    expect((await entries(local))[0]?.base).toMatchObject({ id: doc.id, title: 'Flat', _deleted: false });
    expect((await entries(local))[0]?.base).not.toHaveProperty('_rev');
  });

  it('a refused change stays, with its error and the refused state', async () => {
    const local = await tracked();
    const { db } = local;
    const doc = await db.saved_properties.insert(property('Flat'));
    const refusal = { message: 'new row violates check', code: '23514', column: null, constraint: null, server: null };
    await local.outbox.refuse('saved_properties', doc.id, { ...refusal, refused: { id: doc.id } });
    const [entry] = await entries(local);
    expect(entry).toMatchObject({
      lastError: 'new row violates check',
      refusal: { ...refusal, refused: { id: doc.id } },
    });
    // A new edit clears the message (a new attempt) but keeps the refusal: the next push is
    // judged against the server's row, not the refused state.
    await doc.getLatest().incrementalPatch({ title: 'Fixed' });
    await eventually(async () => expect((await entries(local))[0]?.lastError).toBeNull());
    expect((await entries(local))[0]?.refusal).toEqual({ ...refusal, refused: { id: doc.id } });
  });

  it('a removal is a change to sync, also of a state the server had accepted', async () => {
    const local = await tracked();
    const { db } = local;
    const doc = await db.saved_properties.insert(property('Flat'));
    await local.outbox.settle('saved_properties', stateOf(doc));
    expect(await entries(local)).toEqual([]);
    await doc.getLatest().remove();
    await eventually(async () => expect(await entries(local)).toHaveLength(1));
  });

  it('a document equal to what the server has settles its entry, unless a write came since', async () => {
    const local = await tracked();
    const doc = await local.db.saved_properties.insert(property('Flat'));
    await local.outbox.settleUnchanged('saved_properties', doc.id, () => Promise.resolve(null));
    expect(await entries(local)).toHaveLength(1);
    await local.outbox.settleUnchanged('saved_properties', doc.id, () => Promise.resolve(stateOf(doc)));
    expect(await entries(local)).toEqual([]);
  });

  it('a refused state equal to what RxDB assumes keeps its refusal and message', async () => {
    const local = await tracked();
    const doc = await local.db.saved_properties.insert(property('Flat'));
    const state = stateOf(doc);
    const refusal = { message: 'too long', code: '23514', column: 'title', constraint: null, server: null };
    await local.outbox.refuse('saved_properties', doc.id, { ...refusal, refused: state });
    await local.outbox.settleUnchanged('saved_properties', doc.id, () => Promise.resolve(state));
    expect((await entries(local))[0]).toMatchObject({ lastError: 'too long' });
  });

  it('keeps what was sent and what a new document was made from, stored for a later merge', async () => {
    const local = await tracked();
    const doc = await local.db.saved_properties.insert(property('Flat'));
    await local.outbox.noteMadeFrom('saved_properties', doc.id, { id: doc.id, title: null });
    const sent = (title: string) => ({ ...stateOf(doc), title });
    await local.outbox.noteSent('saved_properties', ['A', 'B', 'C', 'D', 'E', 'F'].map(sent));
    const kept = (await local.outbox.kept('saved_properties', [doc.id])).get(doc.id);
    expect(kept?.base).toEqual({ id: doc.id, title: null });
    expect(kept?.sent.map((s) => s.title)).toEqual(['B', 'C', 'D', 'E', 'F']);
    await doc.incrementalPatch({ title: 'G' });
    await local.outbox.recorded('saved_properties', doc.id);
    // Accepted while a later change waits: the sends up to the accepted one are answered, and a
    // send after it may still be merged from.
    await local.outbox.noteSent('saved_properties', [sent('G')]);
    await local.outbox.settle('saved_properties', sent('F'));
    expect((await local.outbox.kept('saved_properties', [doc.id])).get(doc.id)).toMatchObject({
      waiting: true,
      sent: [sent('G')],
    });
    // The state this device holds, accepted: nothing waits, nothing is left to merge from.
    await local.outbox.settle('saved_properties', sent('G'));
    expect((await local.outbox.kept('saved_properties', [doc.id])).get(doc.id)).toBeUndefined();
  });

  it('knows, without waiting, which documents have a push sent and not answered', async () => {
    const local = await tracked();
    await local.outbox.ready;
    const doc = await local.db.saved_properties.insert(property('Flat'));
    const unanswered = () => local.outbox.unanswered('saved_properties', doc.id);
    const sent = { ...stateOf(doc), title: 'Sent' };
    expect(unanswered()).toBe(false);
    await local.outbox.noteSent('saved_properties', [sent]);
    expect(unanswered()).toBe(true);
    expect(local.outbox.unanswered('other_table', doc.id)).toBe(false);
    // Read from storage too (the app opened again, or another tab sent it).
    const reopened = new Outbox(local.db.outbox, {});
    await reopened.ready;
    expect(reopened.unanswered('saved_properties', doc.id)).toBe(true);
    // A refusal is an answer: the row the server kept is what later merges start from.
    const refusal = { message: 'no', code: '23514', column: null, constraint: null, server: null, refused: sent };
    await local.outbox.refuse('saved_properties', doc.id, refusal);
    expect(unanswered()).toBe(false);
    await local.outbox.noteSent('saved_properties', [sent]);
    expect(unanswered()).toBe(true);
    await local.outbox.settle('saved_properties', stateOf(doc));
    expect(unanswered()).toBe(false);
    await eventually(async () => expect(reopened.unanswered('saved_properties', doc.id)).toBe(false));
  });

  it('two tabs changing one entry at once: neither change is lost', async () => {
    const local = await tracked();
    const doc = await local.db.saved_properties.insert(property('Flat'));
    const refusal = {
      message: 'no',
      code: '23514',
      column: null,
      constraint: null,
      server: null,
      refused: stateOf(doc),
    };
    await Promise.all([
      local.outbox.noteSent('saved_properties', [stateOf(doc)]),
      local.outbox.refuse('saved_properties', doc.id, refusal),
      local.outbox.noteMadeFrom('saved_properties', doc.id, { id: doc.id }),
    ]);
    const kept = (await local.outbox.kept('saved_properties', [doc.id])).get(doc.id)!;
    expect(kept.refusal).toEqual(refusal);
    expect(kept.base).toEqual({ id: doc.id });
  });

  it('keeps with the entry the bursts that typed what was written, the latest two per field', async () => {
    const local = await tracked();
    const doc = await local.db.saved_properties.insert(property('F'));
    // Bursts of three tabs: one form's bursts close together would be one typing (burst-notes.test.ts).
    const burst = (tab: string, typed: string[]) => ({ title: { id: `${tab}:title:1`, since: 1, typed } });
    const ids = async () => (await kept()).title?.map((b) => b.id.split(':')[0]);
    local.outbox.noteBursts('saved_properties', doc.id, burst('b1', ['F', 'Fl']));
    await doc.getLatest().incrementalPatch({ title: 'Fl' });
    const kept = async () => (await local.outbox.kept('saved_properties', [doc.id])).get(doc.id)!.bursts;
    await eventually(async () => expect(await ids()).toEqual(['b1']));
    // Noted again as it goes on: the same burst, more values.
    local.outbox.noteBursts('saved_properties', doc.id, burst('b1', ['F', 'Fl', 'Fla']));
    await doc.getLatest().incrementalPatch({ title: 'Fla' });
    await eventually(async () => expect((await kept()).title?.[0]?.typed).toHaveLength(3));
    for (const [id, title] of [
      ['b2', 'Flat'],
      ['b3', 'Flat 2'],
    ]) {
      local.outbox.noteBursts('saved_properties', doc.id, burst(id!, [title!]));
      await doc.getLatest().incrementalPatch({ title });
    }
    await eventually(async () => expect(await ids()).toEqual(['b2', 'b3']));
    expect(JSON.stringify(await kept())).not.toContain('Flat');
  });

  it('entries of version 3 migrate with no bursts kept, and of version 4 with each burst a typing', () => {
    const v3 = { ...fromVersion2({ id: 'p:d', table: 'p', docId: 'd', since: 5, lastError: null, refused: null }) };
    const v4 = OUTBOX_COLLECTION.migrationStrategies[4](v3);
    expect(v4).toEqual({ ...v3, bursts: {} });
    const typed = { ...v4, bursts: { title: [{ id: 'f:title:7', since: 7, typed: ['x1', 'x2'] }] } };
    expect(OUTBOX_COLLECTION.migrationStrategies[5](typed).bursts).toEqual({
      title: [{ id: 'f:title:7', since: 7, lastAt: 7, bursts: ['f:title:7'], typed: ['x1', 'x2'] }],
    });
  });

  it('entries of version 2 (JSON strings) migrate to typed fields', () => {
    const refused = { id: 'd', title: 'x' };
    const refusal = { message: 'no', code: '1', column: null, constraint: null, server: null };
    expect(
      fromVersion2({
        id: 'saved_properties:d',
        table: 'saved_properties',
        docId: 'd',
        since: 5,
        lastError: 'no',
        refused: JSON.stringify(refused),
        refusal: JSON.stringify(refusal),
        sent: JSON.stringify([{ writeId: 'w', state: refused }]),
      }),
    ).toEqual({
      id: 'saved_properties:d',
      table: 'saved_properties',
      docId: 'd',
      waiting: true,
      since: 5,
      state: refused,
      lastError: 'no',
      refusal: { ...refusal, refused },
      sent: [refused],
      base: null,
    });
  });
});
