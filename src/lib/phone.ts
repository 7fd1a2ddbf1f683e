// UK phone numbers as the pages show and dial them. Numbers are stored as national digits
// ('02079460018'); shown grouped for reading ('020 7946 0018') and dialled in E.164 ('tel:+442079460018').

// '+44 (0)20 …' carries the trunk 0 in brackets: it is not dialled after +44.
const digitsOf = (phone: string) => phone.replace(/\(0\)/g, '').replace(/\D/g, '');

/** National digits, with a leading +44 / 0044 turned back into 0. */
export function nationalDigits(phone: string): string {
  const digits = digitsOf(phone);
  if (digits.startsWith('0044')) return `0${digits.slice(4)}`;
  if (digits.startsWith('44') && phone.trim().startsWith('+')) return `0${digits.slice(2)}`;
  return digits;
}

/**
 * Grouped the way UK numbers are read: 02x numbers as 3-4-4 (020 7946 0018), 03/08/07 and other
 * 11-digit numbers as 5-6 (07700 900123, 0800 123 4567 is 4-3-4). Anything else is left as digits.
 */
export function formatUkPhone(phone: string): string {
  const d = nationalDigits(phone);
  if (d.length !== 11 || !d.startsWith('0')) return d;
  if (d.startsWith('02')) return `${d.slice(0, 3)} ${d.slice(3, 7)} ${d.slice(7)}`;
  if (/^0(3|8|9)/.test(d)) return `${d.slice(0, 4)} ${d.slice(4, 7)} ${d.slice(7)}`;
  return `${d.slice(0, 5)} ${d.slice(5)}`;
}

/** The tel: link of a UK number, in international form so it dials from abroad too. */
export function telHref(phone: string): string {
  const d = nationalDigits(phone);
  return d.startsWith('0') ? `tel:+44${d.slice(1)}` : `tel:${d}`;
}
