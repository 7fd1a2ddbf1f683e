// Text as listings write it: prices in pounds, counts of bedrooms, whitespace, and the bounds the
// database keeps (saved_properties' named checks, migration 20261123000011).

export const BOUNDS = { title: 500, address: 500, short: 200, features: 50, feature: 200 } as const;

/** Trimmed, one space between words, tags and entities of embedded HTML gone; null when empty. */
export function clean(value: unknown, max: number = BOUNDS.short): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  return text.length > max ? text.slice(0, max).trimEnd() : text;
}

/**
 * The whole pounds of a price as shown: '£450,000', 'Offers over £1.2m', '£1,500 pcm', 450000;
 * null for 'POA', 'Price on application' or no amount.
 */
export function pounds(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
  if (typeof value !== 'string') return null;
  if (/\b(poa|price on (application|request)|on request)\b/i.test(value)) return null;
  const match = /£\s*(\d[\d,]*(?:\.\d+)?)\s*(m\b|million\b|k\b)?/i.exec(value);
  if (!match) return null;
  const amount = Number(match[1]!.replace(/,/g, ''));
  const unit = match[2]?.toLowerCase();
  const scaled = unit === 'k' ? amount * 1e3 : unit ? amount * 1e6 : amount;
  return Number.isFinite(scaled) && scaled >= 0 ? Math.round(scaled) : null;
}

/** A count of bedrooms: 3, '3', '3 bedroom semi-detached house', 'Studio' (0); null otherwise. */
export function bedrooms(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value < 100 ? value : null;
  if (typeof value !== 'string') return null;
  if (/^\s*\d{1,2}\s*$/.test(value)) return Number(value);
  const match = /(\d{1,2})\s*(?:-\s*)?(?:bed(?:room)?s?)\b/i.exec(value);
  if (match) return Number(match[1]);
  return /\bstudio\b/i.test(value) ? 0 : null;
}

/** The property type in a listing title: '3 bedroom semi-detached house for sale' → 'semi-detached house'. */
export function typeFromTitle(title: string | null): string | null {
  if (!title) return null;
  const match = /(?:\d{1,2}\s*(?:bed(?:room)?s?)\s+)?(.+?)\s+(?:for sale|to rent|for rent)\b/i.exec(title);
  const type = match?.[1]?.trim();
  return type && !/\d/.test(type) ? clean(type) : null;
}

/** Key features: cleaned, without repeats (the database refuses duplicates), 50 at most. */
export function features(values: unknown): string[] {
  if (!Array.isArray(values)) return [];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const value of values) {
    const text = clean(
      typeof value === 'object' && value !== null
        ? ((value as Record<string, unknown>).text ?? (value as Record<string, unknown>).feature)
        : value,
      BOUNDS.feature,
    );
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    out.push(text);
    if (out.length === BOUNDS.features) break;
  }
  return out;
}
