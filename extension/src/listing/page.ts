// The visible page, when a portal's structured data does not say: the heading, the address line,
// the price, the key features list and who markets the property, by the markup both portals use
// (data-testid, itemprop, class names with "price" and the like) and by the words on the page.
import { bedrooms, clean, features, pounds, typeFromTitle, BOUNDS } from './text';
import type { ListingFields } from './types';

const textOf = (el: Element | null | undefined) => clean(el?.textContent ?? null, 5000);

function firstText(doc: Document, selectors: string[], max: number = BOUNDS.short): string | null {
  for (const selector of selectors) {
    const text = clean(doc.querySelector(selector)?.textContent ?? null, max);
    if (text) return text;
  }
  return null;
}

/** A UK postcode, or its outward half at the end of an address line. */
const POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?(?:\s*\d[A-Z]{2})?\b/;

/** The list after a heading whose words match `heading`. */
function listAfter(doc: Document, heading: RegExp): string[] {
  for (const h of Array.from(doc.querySelectorAll('h2, h3, h4'))) {
    if (!heading.test(h.textContent ?? '')) continue;
    const list =
      (h.nextElementSibling?.matches('ul, ol') ? h.nextElementSibling : null) ??
      h.parentElement?.querySelector('ul, ol');
    if (list) return features(Array.from(list.querySelectorAll('li')).map((li) => li.textContent));
  }
  return [];
}

/** The text after a label such as 'Marketed by' (in the same element or the next one). */
function afterLabel(doc: Document, label: RegExp): string | null {
  for (const el of Array.from(doc.querySelectorAll('p, div, span, dt, h3, h4'))) {
    if (el.children.length > 2) continue;
    const own = textOf(el);
    if (!own || !label.test(own)) continue;
    const rest = clean(own.replace(label, '').replace(/^[:\s]+/, ''));
    if (rest) return rest;
    const next = textOf(el.nextElementSibling);
    if (next) return clean(next);
  }
  return null;
}

export function fromPage(doc: Document): Partial<ListingFields> {
  const title = firstText(doc, ['[data-testid="listing-title"]', '[itemprop="name"]', 'h1'], BOUNDS.title);
  let address = firstText(
    doc,
    ['[data-testid="address-label"]', '[data-testid="address"]', '[itemprop="streetAddress"]', 'address'],
    BOUNDS.address,
  );
  if (!address) {
    // The line under the heading, when it reads like an address (short, with a postcode).
    const next = textOf(doc.querySelector('h1')?.nextElementSibling);
    if (next && next.length <= 200 && POSTCODE.test(next)) address = clean(next, BOUNDS.address);
  }
  const priceText = firstText(doc, [
    '[data-testid="price"]',
    '[itemprop="price"]',
    '[data-testid*="price" i]',
    '[class*="price" i]',
  ]);
  const bedText = firstText(doc, ['[data-testid="beds-label"]', '[data-testid*="bed" i]', '[class*="bedroom" i]']);
  return {
    title,
    address,
    price: pounds(priceText),
    bedrooms: bedrooms(bedText) ?? bedrooms(title),
    propertyType: firstText(doc, ['[data-testid="property-type"]', '[itemprop="category"]']) ?? typeFromTitle(title),
    keyFeatures: listAfter(doc, /key features|features/i),
    agentName:
      firstText(doc, ['[data-testid="agent-name"]', '[itemprop="seller"] [itemprop="name"]']) ??
      afterLabel(doc, /^marketed by/i),
    agencyName: firstText(doc, ['[data-testid="agency-name"]', '[itemprop="brand"]']),
  };
}
