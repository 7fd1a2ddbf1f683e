// A row as the sync RPCs send it, as a document: a column this app's schema does not know (the
// server migrated ahead of it) is left out rather than failing the whole pull.
import { describe, expect, it } from 'vitest';
import { rowToDoc } from './rows';

describe('rowToDoc', () => {
  const row = {
    id: 'a',
    title: 'Flat',
    portal: 'rightmove',
    _modified: '2026-11-24 10:00:00.123456+00',
    _deleted: false,
    _writer: 'device-1',
    _landed: {},
  };

  it('keeps the known fields, the server time as serverModified, and drops the push bookkeeping', () => {
    expect(rowToDoc(row, new Set(['id', 'title']))).toEqual({
      id: 'a',
      title: 'Flat',
      serverModified: '2026-11-24 10:00:00.123456+00',
      _deleted: false,
    });
  });

  it('without a schema to go by, keeps every column', () => {
    expect(rowToDoc(row)).toMatchObject({ id: 'a', title: 'Flat', portal: 'rightmove' });
  });
});
