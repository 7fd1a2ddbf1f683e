import { describe, expect, it } from 'vitest';
import { NOT_PHONES, PHONES } from '../../tests/phone-cases';
import { isPhone } from './limits';

describe('isPhone', () => {
  it.each(PHONES)('takes %j', (phone) => expect(isPhone(phone)).toBe(true));
  it.each(NOT_PHONES)('refuses %j', (text) => expect(isPhone(text)).toBe(false));
});
