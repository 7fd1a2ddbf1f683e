import { describe, expect, it } from 'vitest';
import { redactPath } from './redact-path';

describe('redactPath', () => {
  it.each([
    ['/no/such/page', '/no/such/page'],
    ['/demo/haus%26haus-old', '/demo/haus%26haus-old'],
    ['/agent-assessment/3f9c1e7a2b4d4c0e9a8b7c6d5e4f3a2b/extra', '/agent-assessment/:redacted/extra'],
    ['/agent-assessment/Zk3_q-9aB1cD2eF3gH4iJ5/x', '/agent-assessment/:redacted/x'],
    ['/reset/access_token=abc', '/reset/:redacted'],
    ['/users/ann%40example.test', '/users/:redacted'],
    ['/page?token=secret#access_token=x', '/page'],
    ['/a-very-long-but-plain-words-path', '/a-very-long-but-plain-words-path'],
  ])('%s is logged as %s', (path, logged) => {
    expect(redactPath(path)).toBe(logged);
  });

  it('cuts an absurdly long path', () => {
    expect(redactPath(`/${'a'.repeat(1000)}`)).toHaveLength(301);
  });
});
