// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canSave, identify, NO_LISTING, NOT_A_PORTAL, parseListing } from './parse';
import { bedrooms, features, pounds, typeFromTitle } from './text';

// Listing pages shaped like each portal's (Rightmove's PAGE_MODEL, Zoopla's __NEXT_DATA__, JSON-LD,
// visible markup only), read as the content script reads them.
const page = (name: string) =>
  new DOMParser().parseFromString(
    readFileSync(path.join(import.meta.dirname, 'fixtures', `${name}.html`), 'utf8'),
    'text/html',
  );

describe('Rightmove', () => {
  it('reads the page model: every field, features cleaned and without repeats', () => {
    const read = parseListing(
      page('rightmove-page-model'),
      'https://www.rightmove.co.uk/properties/148213977#/?channel=RES_BUY',
    );
    expect(read).toEqual({
      kind: 'listing',
      portal: 'rightmove',
      portalId: '148213977',
      url: 'https://www.rightmove.co.uk/properties/148213977',
      fields: {
        title: '3 bedroom semi-detached house for sale',
        address: 'Mill Lane, Bristol, BS3',
        price: 415000,
        bedrooms: 3,
        propertyType: 'Semi-Detached',
        keyFeatures: ['Garden', 'Loft conversion potential', 'Off-street parking', 'Close to Temple Meads'],
        agentName: 'Harbourside Homes, Bedminster',
        agencyName: 'Harbourside Homes',
      },
      missing: [],
      sources: {
        title: 'page model',
        address: 'page model',
        price: 'page model',
        bedrooms: 'page model',
        propertyType: 'page model',
        keyFeatures: 'page model',
        agentName: 'page model',
        agencyName: 'page model',
      },
    });
  });

  it('reads the visible page when there is no page model', () => {
    const read = parseListing(page('rightmove-visible-only'), 'https://www.rightmove.co.uk/properties/87654321');
    expect(read).toMatchObject({
      kind: 'listing',
      portalId: '87654321',
      fields: {
        title: '2 bedroom flat for sale',
        address: 'Flat 4, 12 Albion Road, London, N16 9PH',
        price: 525000,
        bedrooms: 2,
        propertyType: 'Flat',
        keyFeatures: ['Private balcony', 'Chain free', 'Close to Overground'],
        agentName: 'Demo Estates, Stoke Newington',
        agencyName: 'Demo Estates',
      },
      missing: [],
      sources: { title: 'page', price: 'page', agentName: 'page' },
    });
  });

  it('a listing with no price: saved without one, and the popup says it was not found', () => {
    const read = parseListing(page('rightmove-no-price'), 'https://www.rightmove.co.uk/properties/150001234');
    expect(read.kind).toBe('listing');
    if (read.kind !== 'listing') return;
    expect(read.fields).toMatchObject({
      title: '4 bedroom detached house for sale',
      address: 'Church Road, Bath, BA1',
      price: null,
      bedrooms: 4,
    });
    expect(read.missing).toEqual(['price', 'keyFeatures', 'agentName']);
    expect(canSave(read.fields)).toBe(true);
  });

  it('a removed listing at a listing’s address is not a listing', () => {
    expect(parseListing(page('rightmove-removed'), 'https://www.rightmove.co.uk/properties/111')).toEqual({
      kind: 'not-listing',
      reason: NO_LISTING,
    });
  });
});

describe('Zoopla', () => {
  it('reads __NEXT_DATA__', () => {
    const read = parseListing(
      page('zoopla-next-data'),
      'https://www.zoopla.co.uk/for-sale/details/66123456/?search_identifier=abc',
    );
    expect(read).toMatchObject({
      kind: 'listing',
      portal: 'zoopla',
      portalId: '66123456',
      url: 'https://www.zoopla.co.uk/for-sale/details/66123456/',
      fields: {
        title: '2 bed flat for sale',
        address: 'Albion Road, London N16',
        price: 525000,
        bedrooms: 2,
        propertyType: 'flat',
        keyFeatures: ['Private balcony', 'Chain free', 'Close to Overground'],
        agentName: 'Demo Estates - Stoke Newington',
        agencyName: 'Demo Estates',
      },
      missing: [],
    });
  });

  it('reads JSON-LD (a RealEstateListing about a residence) and the page for what it lacks', () => {
    const read = parseListing(page('zoopla-jsonld'), 'https://www.zoopla.co.uk/to-rent/details/66999999/');
    expect(read).toMatchObject({
      kind: 'listing',
      url: 'https://www.zoopla.co.uk/to-rent/details/66999999/',
      fields: {
        title: '3 bed terraced house to rent',
        address: '27 Mill Lane, Bristol, BS3 4QT',
        price: 1650,
        bedrooms: 3,
        propertyType: 'terraced house',
        keyFeatures: ['Garden', 'Available now'],
        agentName: 'Harbourside Lettings',
        agencyName: null,
      },
      missing: ['agencyName'],
      sources: { title: 'structured data', address: 'structured data', price: 'structured data', keyFeatures: 'page' },
    });
  });

  it('a studio with no price: 0 bedrooms, the price missing', () => {
    const read = parseListing(page('zoopla-no-price'), 'https://www.zoopla.co.uk/for-sale/details/67000001/');
    expect(read).toMatchObject({
      kind: 'listing',
      fields: {
        title: 'Studio for sale',
        address: 'Canal Street, Manchester M1',
        price: null,
        bedrooms: 0,
        propertyType: 'studio',
      },
    });
    if (read.kind === 'listing') expect(read.missing).toEqual(['price', 'keyFeatures', 'agentName', 'agencyName']);
  });

  it('a search page, or a page of another site, is not a listing', () => {
    expect(parseListing(page('zoopla-search'), 'https://www.zoopla.co.uk/for-sale/property/london/')).toEqual({
      kind: 'not-listing',
      reason: NOT_A_PORTAL,
    });
    expect(parseListing(page('zoopla-next-data'), 'https://example.com/for-sale/details/66123456/').kind).toBe(
      'not-listing',
    );
    expect(identify('not a url')).toBeNull();
    expect(identify('javascript:alert(1)')).toBeNull();
  });
});

describe('the words of a listing', () => {
  it('prices in whole pounds', () => {
    expect(
      ['£450,000', 'Offers over £1.2m', '£1,500 pcm', 'Guide price £350k', '£ 99,950', 450000.4].map(pounds),
    ).toEqual([450000, 1200000, 1500, 350000, 99950, 450000]);
    expect(['POA', 'Price on application', 'Offers invited', '', -5, null].map(pounds)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('bedrooms, types and features', () => {
    expect([3, '3', '3 bedroom house', '2 bed flat', 'Studio flat', 'flat', 250].map(bedrooms)).toEqual([
      3,
      3,
      3,
      2,
      0,
      null,
      null,
    ]);
    expect(typeFromTitle('3 bedroom semi-detached house for sale')).toBe('semi-detached house');
    expect(typeFromTitle('Property for sale in 2024')).toBe('Property');
    expect(features(Array.from({ length: 80 }, (_, i) => `Feature ${i}`))).toHaveLength(50);
    expect(features(['x'.repeat(500)])[0]).toHaveLength(200);
    expect(features('not a list')).toEqual([]);
  });
});
