// A listing page read into the fields of a saved property: the portal's embedded page model first,
// then the page's JSON-LD, then the visible page, field by field. A page that is not a listing (a
// search, a removed property, another site) says so.
import { fromJsonLd } from './jsonld';
import { fromPage } from './page';
import { fromRightmoveModel, rightmoveId, rightmoveUrl } from './rightmove';
import { EMPTY_FIELDS, type Extraction, type FieldName, type ListingFields, type Portal, type Source } from './types';
import { fromZooplaModel, zooplaId, zooplaUrl } from './zoopla';

export const NOT_A_PORTAL = 'This page is not a property listing on Rightmove or Zoopla.';
export const NO_LISTING =
  'No property listing was found on this page: it may be a search, or the property may have been removed.';

/** Which portal and listing an address is, or null. */
export function identify(href: string): { portal: Portal; portalId: string; url: string } | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const rightmove = rightmoveId(url);
  if (rightmove) return { portal: 'rightmove', portalId: rightmove, url: rightmoveUrl(rightmove) };
  const zoopla = zooplaId(url);
  if (zoopla) return { portal: 'zoopla', portalId: zoopla, url: zooplaUrl(url, zoopla) };
  return null;
}

const found = (value: unknown) => (Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined);

export function parseListing(doc: Document, href: string): Extraction {
  const listing = identify(href);
  if (!listing) return { kind: 'not-listing', reason: NOT_A_PORTAL };
  const readers: [Source, Partial<ListingFields>][] = [
    ['page model', listing.portal === 'rightmove' ? fromRightmoveModel(doc) : fromZooplaModel(doc)],
    ['structured data', fromJsonLd(doc)],
    ['page', fromPage(doc)],
  ];
  const fields: ListingFields = { ...EMPTY_FIELDS, keyFeatures: [] };
  const sources: Partial<Record<FieldName, Source>> = {};
  for (const name of Object.keys(EMPTY_FIELDS) as FieldName[]) {
    for (const [source, read] of readers) {
      const value = read[name];
      if (!found(value)) continue;
      (fields as Record<FieldName, unknown>)[name] = value;
      sources[name] = source;
      break;
    }
  }
  // Nothing structured and no address: a removed listing or a page of another kind at a listing's
  // address (its heading is not a property's title).
  const structured = readers.slice(0, 2).some(([, read]) => Object.values(read).some(found));
  if ((!fields.title && !fields.address) || (!fields.address && !structured)) {
    return { kind: 'not-listing', reason: NO_LISTING };
  }
  const missing = (Object.keys(EMPTY_FIELDS) as FieldName[]).filter((name) => !found(fields[name]));
  return { kind: 'listing', ...listing, fields, missing, sources };
}

/** Whether what was read may be saved: a saved property needs at least a title and an address. */
export const canSave = (fields: ListingFields) => Boolean(fields.title && fields.address);
