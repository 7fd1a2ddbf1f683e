// Display formatting shared by features and ui: one place for currency and sizes.

/**
 * A formatter made on its first use: making one loads the locale's data, which every page that
 * imports this module would otherwise pay for while it starts, formatting or not.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

// Whole numbers and whole pounds are written here rather than through Intl: the first Intl
// formatter a page makes loads the locale's data, 16–60 ms of a new browser's main thread, in the
// first render of the saved-properties list (ADR 038). The same text as en-GB's Intl, tested so.
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** '5,000': a whole number as en-GB writes it (rounded half away from zero, like Intl). */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const whole = Math.round(Math.abs(n));
  return `${n < 0 && whole !== 0 ? '-' : ''}${grouped(whole.toFixed(0))}`;
}

/** '£450,000'; null when there is no usable price. */
export function formatPrice(price: number | null | undefined): string | null {
  if (price === null || price === undefined || !Number.isFinite(price)) return null;
  return formatCount(price).replace(/^-?/, '$&£');
}

const gbpPence = onFirstUse(() => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }));

/** '£10,000.00': an amount to pay, to the penny. */
export const formatAmount = (amount: number): string => gbpPence().format(amount);

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const oneDecimal = onFirstUse(() => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }));

/** '0 B', '512 B', '1.5 KB', '24.3 MB' (decimal units, as browsers report storage). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? Math.round(value) : oneDecimal().format(value)} ${BYTE_UNITS[unit]}`;
}

const clockTime = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }));

/** '10:02': a moment today, on this device's clock. */
export const formatClock = (ms: number) => clockTime().format(ms);

/** '1 change', '3 changes'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

const longDate = onFirstUse(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
);

/** '22 November 2026': a legal date (effective date, deadline) as the server counts it, in UTC. */
export const formatLongDate = (date: Date | string) =>
  longDate().format(typeof date === 'string' ? new Date(date) : date);

const dateAndTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/London',
      timeZoneName: 'short',
    }),
);

/** '23 November 2026 at 11:50 GMT': a moment, in UK time, in the same words as formatLongDate. */
export const formatLongDateTime = (date: Date | string) =>
  dateAndTime().format(typeof date === 'string' ? new Date(date) : date);

const shortDate = onFirstUse(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
);

/** '22 Nov 2026' in the reader's time zone; '—' when there is no date. */
export const formatShortDate = (iso: string | null | undefined) => (iso ? shortDate().format(new Date(iso)) : '—');
