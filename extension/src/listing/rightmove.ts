// Rightmove: a listing is /properties/<id>; its page embeds `window.PAGE_MODEL = {...}` with the
// listing under `propertyData`.
import { assignedObject, at, firstOf, isObject } from './json';
import { bedrooms, clean, features, pounds, BOUNDS } from './text';
import type { ListingFields } from './types';

export function rightmoveId(url: URL): string | null {
  if (!/(^|\.)rightmove\.co\.uk$/i.test(url.hostname)) return null;
  return /^\/properties\/(\d{1,20})(?:\/|$)/.exec(url.pathname)?.[1] ?? null;
}

export const rightmoveUrl = (id: string) => `https://www.rightmove.co.uk/properties/${id}`;

export function fromRightmoveModel(doc: Document): Partial<ListingFields> {
  const data = at(assignedObject(doc, 'window.PAGE_MODEL'), 'propertyData');
  if (!isObject(data)) return {};
  return {
    title: clean(firstOf(at(data, 'text', 'propertyPhrase'), at(data, 'text', 'pageTitle')), BOUNDS.title),
    address: clean(at(data, 'address', 'displayAddress'), BOUNDS.address),
    price: pounds(firstOf(at(data, 'prices', 'primaryPrice'), at(data, 'prices', 'secondaryPrice'))),
    bedrooms: bedrooms(data.bedrooms),
    propertyType: clean(firstOf(data.propertySubType, data.propertyType)),
    keyFeatures: features(data.keyFeatures),
    agentName: clean(firstOf(at(data, 'customer', 'branchDisplayName'), at(data, 'customer', 'branchName'))),
    agencyName: clean(firstOf(at(data, 'customer', 'companyName'), at(data, 'customer', 'brandTradingName'))),
  };
}
