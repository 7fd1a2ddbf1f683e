// schema.org JSON-LD, which both portals can carry: a listing (RealEstateListing, a Residence and
// its kinds, a Product with an offer) with its name, address, price and rooms.
import { at, firstOf, isObject, parse, type Json } from './json';
import { bedrooms, clean, pounds, BOUNDS } from './text';
import type { ListingFields } from './types';

const LISTING_TYPE = /^(RealEstateListing|Residence|SingleFamilyResidence|House|Apartment|Accommodation|Product)$/;

function nodes(value: unknown, out: Json[] = []): Json[] {
  if (Array.isArray(value)) for (const item of value) nodes(item, out);
  else if (isObject(value)) {
    out.push(value);
    if (Array.isArray(value['@graph'])) nodes(value['@graph'], out);
  }
  return out;
}

const typesOf = (node: Json) => (Array.isArray(node['@type']) ? node['@type'] : [node['@type']]).map(String);

/** A PostalAddress (or a plain string) as one line. */
function addressLine(value: unknown): string | null {
  if (typeof value === 'string') return clean(value, BOUNDS.address);
  if (!isObject(value)) return null;
  const parts = ['streetAddress', 'addressLocality', 'addressRegion', 'postalCode']
    .map((key) => clean(value[key]))
    .filter((part): part is string => Boolean(part));
  return parts.length ? clean(parts.join(', '), BOUNDS.address) : null;
}

export function fromJsonLd(doc: Document): Partial<ListingFields> {
  const all = Array.from(doc.querySelectorAll('script[type="application/ld+json"]')).flatMap((s) =>
    nodes(parse(s.textContent)),
  );
  const listing = all.find((node) => typesOf(node).some((t) => LISTING_TYPE.test(t)));
  if (!listing) return {};
  // A RealEstateListing describes its residence in `about` or `mainEntity`; an offer its item in `itemOffered`.
  const place = [listing.about, listing.mainEntity, listing.itemOffered].find(isObject) ?? listing;
  const offerValue = firstOf(listing.offers, place.offers);
  const offer = Array.isArray(offerValue) ? offerValue.find(isObject) : isObject(offerValue) ? offerValue : undefined;
  const currency = offer ? at(offer, 'priceCurrency') : undefined;
  const rawPrice = offer ? firstOf(offer.price, at(offer, 'priceSpecification', 'price')) : undefined;
  return {
    title: clean(firstOf(listing.name, place.name), BOUNDS.title),
    address: addressLine(firstOf(place.address, listing.address)),
    price:
      currency === undefined || currency === 'GBP'
        ? pounds(typeof rawPrice === 'string' && /^\d+(\.\d+)?$/.test(rawPrice) ? Number(rawPrice) : rawPrice)
        : null,
    bedrooms: bedrooms(firstOf(place.numberOfBedrooms, place.numberOfRooms)),
  };
}
