// Zoopla: a listing is /for-sale/details/<id>/ (or to-rent, new-homes); its page is a Next.js page
// whose `__NEXT_DATA__` script carries the listing under pageProps.
import { at, firstOf, isObject, parse } from './json';
import { bedrooms, clean, features, pounds, BOUNDS } from './text';
import type { ListingFields } from './types';

export function zooplaId(url: URL): string | null {
  if (!/(^|\.)zoopla\.co\.uk$/i.test(url.hostname)) return null;
  return /^\/(?:for-sale|to-rent|new-homes)\/details\/(\d{1,20})(?:\/|$)/.exec(url.pathname)?.[1] ?? null;
}

export function zooplaUrl(url: URL, id: string) {
  const kind = /^\/(for-sale|to-rent|new-homes)\//.exec(url.pathname)?.[1] ?? 'for-sale';
  return `https://www.zoopla.co.uk/${kind}/details/${id}/`;
}

/** 'semi_detached' → 'semi-detached', 'flat' → 'flat'. */
const typeWords = (value: unknown) => (typeof value === 'string' ? value.replace(/_/g, '-') : value);

export function fromZooplaModel(doc: Document): Partial<ListingFields> {
  const props = at(parse(doc.querySelector('script#__NEXT_DATA__')?.textContent), 'props', 'pageProps');
  const listing = [at(props, 'listingDetails'), at(props, 'listing'), at(props, 'data', 'listing')].find(isObject);
  if (!listing) return {};
  return {
    title: clean(firstOf(listing.title, listing.displayTitle), BOUNDS.title),
    address: clean(firstOf(listing.displayAddress, at(listing, 'address', 'display')), BOUNDS.address),
    price: pounds(firstOf(at(listing, 'pricing', 'internalValue'), at(listing, 'pricing', 'label'), listing.price)),
    bedrooms: bedrooms(firstOf(at(listing, 'counts', 'numBedrooms'), listing.numBedrooms)),
    propertyType: clean(typeWords(listing.propertyType)),
    keyFeatures: features(firstOf(at(listing, 'features', 'bullets'), listing.bullets, listing.keyFeatures)),
    agentName: clean(firstOf(at(listing, 'branch', 'branchName'), at(listing, 'agent', 'name'))),
    agencyName: clean(firstOf(at(listing, 'branch', 'name'), at(listing, 'branch', 'brandName'))),
  };
}
