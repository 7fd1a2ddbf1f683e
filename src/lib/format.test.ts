import { describe, expect, it } from 'vitest';
import { formatAmount, formatBytes, formatCount, formatLongDate, formatPrice, formatShortDate, plural } from './format';

describe('formatAmount', () => {
  it('shows pounds to the penny', () => {
    expect(formatAmount(10000)).toBe('£10,000.00');
    expect(formatAmount(1.25)).toBe('£1.25');
  });
});

describe('formatPrice', () => {
  it('formats pounds sterling without pence, with thousands separators', () => {
    expect(formatPrice(450000)).toBe('£450,000');
    expect(formatPrice(1250)).toBe('£1,250');
    expect(formatPrice(2_750_000)).toBe('£2,750,000');
    expect(formatPrice(0)).toBe('£0');
  });

  it('rounds to whole pounds', () => {
    expect(formatPrice(349999.6)).toBe('£350,000');
    expect(formatPrice(199.4)).toBe('£199');
  });

  it('gives null when there is no usable price', () => {
    expect(formatPrice(null)).toBeNull();
    expect(formatPrice(undefined)).toBeNull();
    expect(formatPrice(Number.NaN)).toBeNull();
  });
});

describe('whole numbers and pounds without Intl', () => {
  // Samples across every digit count, halves and large sums; not (-1, 0), which Intl writes '-0'.
  const samples = [0, 1, 9, 10, 99.5, 100, 999, 1000, 1234.5, 9999.49, 10_000, 45_000.5, 450_000, 999_999.5]
    .flatMap((n) => [n, n * 1000 + 7, n * 1_000_000 + 13])
    .flatMap((n) => [n, -n - 1]);

  it("formatCount writes what en-GB's Intl writes", () => {
    const intl = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
    for (const n of samples) expect(formatCount(n), String(n)).toBe(intl.format(n));
    expect(formatCount(5000)).toBe('5,000');
  });

  it("formatPrice writes what en-GB's Intl writes for pounds", () => {
    const intl = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: 'GBP',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    for (const n of samples) expect(formatPrice(n), String(n)).toBe(intl.format(n));
  });
});

describe('formatBytes', () => {
  it('uses decimal units with at most one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1500)).toBe('1.5 KB');
    expect(formatBytes(24_340_000)).toBe('24.3 MB');
    expect(formatBytes(2_000_000_000)).toBe('2 GB');
  });
});

describe('plural', () => {
  it('counts with the right noun', () => {
    expect(plural(1, 'change')).toBe('1 change');
    expect(plural(0, 'change')).toBe('0 changes');
    expect(plural(3, 'property', 'properties')).toBe('3 properties');
  });
});

describe('dates', () => {
  it("a long date in UTC, whatever the reader's zone", () => {
    expect(formatLongDate('2026-11-22')).toBe('22 November 2026');
    expect(formatLongDate(new Date('2026-12-31T23:30:00Z'))).toBe('31 December 2026');
  });

  it('a short date, or a dash when there is none', () => {
    expect(formatShortDate('2026-11-22T12:00:00Z')).toBe('22 Nov 2026');
    expect(formatShortDate(null)).toBe('—');
  });
});
