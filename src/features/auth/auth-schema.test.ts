import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { authSchema } from './auth-schema';

function messages(input: unknown) {
  const result = v.safeParse(authSchema, input);
  return result.success ? [] : result.issues.map((issue) => issue.message);
}

describe('authSchema', () => {
  it('accepts an email and a password, trimming the email', () => {
    const result = v.safeParse(authSchema, { email: '  ada@example.com ', password: 'secret' });
    expect(result.success).toBe(true);
    expect(result.output).toEqual({ email: 'ada@example.com', password: 'secret' });
  });

  it('requires both fields', () => {
    const issues = messages({ email: '', password: '' });
    expect(issues[0]).toBe('Email is required');
    expect(issues).toContain('Password is required');
  });

  it('treats a blank email as missing', () => {
    expect(messages({ email: '   ', password: 'x' })[0]).toBe('Email is required');
  });

  it('rejects a malformed email', () => {
    expect(messages({ email: 'ada@', password: 'x' })).toEqual(['Please enter a valid email address.']);
    expect(messages({ email: 'not an email', password: 'x' })).toEqual(['Please enter a valid email address.']);
  });

  it('does not impose its own password length: the auth service owns that rule', () => {
    expect(messages({ email: 'ada@example.com', password: 'a' })).toEqual([]);
  });
});
