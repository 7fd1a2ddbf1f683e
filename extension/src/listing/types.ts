// What the extension reads off a listing page, and what it makes of a page that is not one.

export type Portal = 'rightmove' | 'zoopla';

export interface ListingFields {
  title: string | null;
  address: string | null;
  /** Whole pounds (a rent is its amount per period, as the listing states it). */
  price: number | null;
  bedrooms: number | null;
  propertyType: string | null;
  keyFeatures: string[];
  /** The person or office who handles the listing. */
  agentName: string | null;
  /** The agency (the company). */
  agencyName: string | null;
}

export type FieldName = keyof ListingFields;

/** Where a field was read: the portal's embedded page model, the page's JSON-LD, or the visible page. */
export type Source = 'page model' | 'structured data' | 'page';

export type Extraction =
  | {
      kind: 'listing';
      portal: Portal;
      portalId: string;
      /** The listing's address without query or fragment: the link back from Saved Properties. */
      url: string;
      fields: ListingFields;
      /** Fields found nowhere on the page. */
      missing: FieldName[];
      sources: Partial<Record<FieldName, Source>>;
    }
  | { kind: 'not-listing'; reason: string };

export const FIELD_LABELS: Record<FieldName, string> = {
  title: 'title',
  address: 'address',
  price: 'price',
  bedrooms: 'bedrooms',
  propertyType: 'property type',
  keyFeatures: 'key features',
  agentName: 'agent',
  agencyName: 'agency',
};

export const EMPTY_FIELDS: ListingFields = {
  title: null,
  address: null,
  price: null,
  bedrooms: null,
  propertyType: null,
  keyFeatures: [],
  agentName: null,
  agencyName: null,
};
