import { describe, expect, it } from 'vitest';
import { formatUkPhone, nationalDigits, telHref } from './phone';

describe('UK phone numbers', () => {
  it.each([
    ['02079460018', '020 7946 0018'],
    ['020 7946 0018', '020 7946 0018'],
    ['+44 20 7946 0018', '020 7946 0018'],
    ['07700900123', '07700 900123'],
    ['08081570192', '0808 157 0192'],
    ['0303123456', '0303123456'],
  ])('shows %s as %s', (raw, shown) => {
    expect(formatUkPhone(raw)).toBe(shown);
  });

  it('dials in international form', () => {
    expect(telHref('020 7946 0018')).toBe('tel:+442079460018');
    expect(telHref('+44 (0)20 7946 0018')).toBe('tel:+442079460018');
  });

  it('keeps national digits', () => {
    expect(nationalDigits('0044 20 7946 0018')).toBe('02079460018');
  });
});
