import { describe, expect, it } from 'vitest';
import { savedProperty } from '../../testing/saved-property';
import { viewOf, type ListedProperty } from './list-view';

const listed = (id: string, over: Partial<ListedProperty>): ListedProperty =>
  savedProperty({ id, created_at: '2026-11-20T10:00:00.000Z', ...over });

const leeds = listed('a', {
  title: '3 bed terraced house',
  address: '12 Acacia Avenue, Leeds LS6 2AB',
  price: 450000,
  agent_name: 'Sam Patel',
  created_at: '2026-11-22T12:00:00.000Z',
});
const york = listed('b', {
  title: '1 bed flat',
  address: 'Station Road, York',
  price: 150000,
  key_features: ['Garden', 'Chain free'],
  agency_name: 'Yopa',
  created_at: '2026-11-21T12:00:00.000Z',
});
const unpriced = listed('c', { title: 'Bungalow', created_at: '2026-11-23T12:00:00.000Z' });
const unsent = listed('d', { title: 'Saved offline', created_at: null });
const all = [leeds, york, unpriced, unsent];
const ids = (xs: ListedProperty[]) => xs.map((x) => x.id);

describe('viewOf: search and sort of saved properties', () => {
  it('newest first by default, a property the server has not stamped yet first of all', () => {
    expect(ids(viewOf(all, '', 'newest'))).toEqual(['d', 'c', 'a', 'b']);
    expect(ids(viewOf(all, '', 'oldest'))).toEqual(['b', 'a', 'c', 'd']);
  });

  it('by price either way, unpriced properties last both times', () => {
    expect(ids(viewOf(all, '', 'price-low'))).toEqual(['b', 'a', 'd', 'c']);
    expect(ids(viewOf(all, '', 'price-high'))).toEqual(['a', 'b', 'd', 'c']);
  });

  it('finds every word, in any field and any order, whatever the case', () => {
    expect(ids(viewOf(all, 'leeds', 'newest'))).toEqual(['a']);
    expect(ids(viewOf(all, '  PATEL   acacia ', 'newest'))).toEqual(['a']);
    expect(ids(viewOf(all, 'chain yopa', 'newest'))).toEqual(['b']);
    expect(ids(viewOf(all, 'bed', 'price-high'))).toEqual(['a', 'b']);
    expect(viewOf(all, 'leeds york', 'newest')).toEqual([]);
  });

  it('leaves the list it was given alone', () => {
    const given = [york, leeds];
    viewOf(given, '', 'newest');
    expect(ids(given)).toEqual(['b', 'a']);
  });
});
