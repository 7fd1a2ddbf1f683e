import { describe, expect, it } from 'vitest';
import { asError, errorMessage } from './errors';

describe('errorMessage', () => {
  it("takes an Error's message, a Supabase error object's message, or the value as text", () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage({ message: 'new row violates row-level security policy', code: '42501' })).toBe(
      'new row violates row-level security policy',
    );
    expect(errorMessage('quota exceeded')).toBe('quota exceeded');
    expect(errorMessage(null)).toBe('null');
    expect(errorMessage({ message: 42 })).toBe('[object Object]');
  });
});

describe('asError', () => {
  it('keeps an Error as it is and wraps anything else', () => {
    const error = new Error('kept');
    expect(asError(error)).toBe(error);
    const wrapped = asError({ message: 'The database is in use' });
    expect(wrapped).toBeInstanceOf(Error);
    expect(wrapped.message).toBe('The database is in use');
  });
});
