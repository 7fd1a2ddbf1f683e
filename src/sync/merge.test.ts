import { describe, expect, it } from 'vitest';
import { merge3, sameData } from './merge';

const serverOwned = ['created_at', 'updated_at', 'serverModified'];
const opts = { listFields: ['key_features'], serverOwned };
const base = { id: 'a', title: 'Flat', price: 100, key_features: ['garden', 'parking'], _deleted: false };

describe('merge3 (the conflict rule of docs/decisions/003-sync.md)', () => {
  it('keeps the side that changed a field when only one side did', () => {
    const local = { ...base, title: 'Flat with view' };
    const server = { ...base, price: 120 };
    const { doc, lost } = merge3(base, local, server, opts);
    expect(doc).toMatchObject({ title: 'Flat with view', price: 120 });
    expect(lost).toEqual([]);
  });

  it('merges lists: the server list minus what this device removed plus what it added', () => {
    const local = { ...base, key_features: ['garden', 'balcony'] }; // removed parking, added balcony
    const server = { ...base, key_features: ['garden', 'parking', 'lift'] }; // added lift
    expect(merge3(base, local, server, opts).doc.key_features).toEqual(['garden', 'lift', 'balcony']);
  });

  it('when both changed one scalar the server (first to arrive) wins and the local value is logged', () => {
    const local = { ...base, title: 'Mine' };
    const server = { ...base, title: 'Theirs' };
    const { doc, lost } = merge3(base, local, server, opts);
    expect(doc.title).toBe('Theirs');
    expect(lost).toEqual([{ field: 'title', local: 'Mine', server: 'Theirs' }]);
  });

  it('a device-owned field (its progress marker) keeps the local value, even against a newer server value', () => {
    const b = { ...base, last_step: 3 };
    const { doc, lost } = merge3(
      b,
      { ...b, last_step: 7 },
      { ...b, last_step: 4 },
      { ...opts, deviceOwned: ['last_step'] },
    );
    expect(doc.last_step).toBe(7);
    expect(lost).toEqual([]);
  });

  it('equal edits on both sides are not a conflict', () => {
    const { lost } = merge3(base, { ...base, title: 'Same' }, { ...base, title: 'Same' }, opts);
    expect(lost).toEqual([]);
  });

  it('a removal elsewhere stands; what this device changed since is logged, not dropped', () => {
    const local = { ...base, title: 'Mine', price: 100, key_features: ['garden'] };
    const server = { ...base, price: 110, _deleted: true };
    const { doc, lost } = merge3(base, local, server, opts);
    expect(doc).toEqual(server);
    expect(lost).toEqual([
      { field: 'title', local: 'Mine', server: 'Flat' },
      { field: 'key_features', local: ['garden'], server: ['garden', 'parking'] },
    ]);
    // Nothing changed here since: nothing to log.
    expect(merge3(base, { ...base }, server, opts).lost).toEqual([]);
  });

  it('a removal here of a row changed elsewhere since does not apply: the row stands, the removal is logged', () => {
    // Removed offline while the extension saved the listing again (new title and price).
    const local = { ...base, _deleted: true };
    const server = { ...base, title: 'Flat, reduced', price: 90, serverModified: 'later' };
    const { doc, lost } = merge3(base, local, server, opts);
    expect(doc).toEqual(server);
    expect(doc._deleted).toBe(false);
    expect(lost).toEqual([{ field: '_deleted', local: true, server: false }]);
  });

  it('a removal that does not apply still merges what this device changed before removing', () => {
    const local = { ...base, title: 'Mine', _deleted: true };
    const server = { ...base, price: 90 };
    const { doc, lost } = merge3(base, local, server, opts);
    expect(doc).toMatchObject({ title: 'Mine', price: 90, _deleted: false });
    expect(lost).toEqual([{ field: '_deleted', local: true, server: false }]);
  });

  it('a removal here applies when the row did not change elsewhere (server-owned fields aside)', () => {
    const local = { ...base, _deleted: true };
    const server = { ...base, serverModified: 'later', updated_at: 'later' };
    expect(merge3(base, local, server, opts)).toEqual({ doc: { ...server, _deleted: true }, lost: [] });
  });

  it('a removal here of a row this device never saw from the server does not apply, and is logged', () => {
    const server = { ...base, title: 'Saved by the extension' };
    const { doc, lost } = merge3(undefined, { ...base, _deleted: true }, server, opts);
    expect(doc._deleted).toBe(false);
    expect(doc.title).toBe('Saved by the extension');
    expect(lost).toContainEqual({ field: '_deleted', local: true, server: false });
  });

  it('removed on both sides: removed, nothing logged', () => {
    const local = { ...base, title: 'Mine', _deleted: true };
    const server = { ...base, price: 130, _deleted: true };
    expect(merge3(base, local, server, opts)).toEqual({ doc: server, lost: [] });
  });

  it('a row final elsewhere stands over a removal here, and the removal is logged', () => {
    const seen = { id: 's', status: 'draft', subscriber_name: 'Base' };
    const out = merge3(
      seen,
      { ...seen, _deleted: true },
      { ...seen, status: 'signed' },
      {
        listFields: [],
        serverOwned,
        serverIsFinal: (s) => s.status === 'signed',
      },
    );
    expect(out.doc).toEqual({ ...seen, status: 'signed' });
    expect(out.lost).toEqual([{ field: '_deleted', local: true, server: false }]);
  });

  it('fields the server owns are always the server’s, and a final server row is taken whole', () => {
    const local = { ...base, serverModified: 'old', created_at: 'x' };
    const server = { ...base, serverModified: 'new', created_at: 'y' };
    expect(merge3(base, local, server, opts).doc).toMatchObject({ serverModified: 'new', created_at: 'y' });

    const signed = { id: 's', status: 'signed', subscriber_name: 'Server' };
    const mine = { id: 's', status: 'draft', subscriber_name: 'Mine' };
    const out = merge3({ id: 's', status: 'draft', subscriber_name: 'Base' }, mine, signed, {
      listFields: [],
      serverOwned,
      serverIsFinal: (s) => s.status === 'signed',
    });
    expect(out.doc).toEqual(signed);
    // What this device changed is not dropped without a word: it goes to the conflict log.
    expect(out.lost).toEqual([{ field: 'subscriber_name', local: 'Mine', server: 'Server' }]);
  });

  it('a submitted row elsewhere stands; every answer this device changed since is logged', () => {
    const seen: Record<string, unknown> & { id: string } = {
      id: 'a',
      status: 'pending',
      agency_name: 'Base',
      crm_platform: null,
      last_step: 2,
    };
    const mine = { ...seen, crm_platform: 'Reapit', last_step: 3 };
    const submitted = { ...seen, status: 'completed', agency_name: 'Theirs' };
    const out = merge3(seen, mine, submitted, {
      listFields: [],
      serverOwned,
      deviceOwned: ['last_step'],
      serverIsFinal: (s) => s.status === 'completed',
    });
    expect(out.doc).toEqual(submitted);
    expect(out.lost).toEqual([{ field: 'crm_platform', local: 'Reapit', server: null }]);
  });

  it('without a base (the device thought the row was new) the server wins where they differ', () => {
    const { doc, lost } = merge3(undefined, { ...base, title: 'Mine' }, { ...base, title: 'Theirs' }, opts);
    expect(doc.title).toBe('Theirs');
    expect(lost.map((l) => l.field)).toContain('title');
  });

  it('sameData ignores RxDB meta and server-owned fields', () => {
    expect(
      sameData({ ...base, _rev: '1-a', serverModified: 'a' }, { ...base, _rev: '2-b', serverModified: 'b' }, opts),
    ).toBe(true);
    expect(sameData(base, { ...base, price: 1 }, opts)).toBe(false);
  });
});
