// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_JWT_SECRET } from './keys.mjs';
import { localSettings } from './settings.mjs';

describe('the local stack’s settings', () => {
  it('JWT_SECRET replaces the well-known secret; one shorter than 32 characters is refused', () => {
    expect(localSettings({})).toMatchObject({ jwtSecret: DEFAULT_JWT_SECRET, wellKnownSecret: true });
    const own = 'a-secret-of-our-own-that-is-long-enough';
    expect(localSettings({ JWT_SECRET: own })).toMatchObject({ jwtSecret: own, wellKnownSecret: false });
    expect(() => localSettings({ JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be at least 32 characters long.');
  });
});

describe('the Norman password', () => {
  it('is NORMAN_PASSWORD when set, else the local default (said so)', () => {
    expect(localSettings({})).toMatchObject({ normanPassword: 'norman-local-demo', normanPasswordIsDefault: true });
    expect(localSettings({ NORMAN_PASSWORD: '  ' })).toMatchObject({ normanPasswordIsDefault: true });
    expect(localSettings({ NORMAN_PASSWORD: ' our-own \n' })).toMatchObject({
      normanPassword: 'our-own',
      normanPasswordIsDefault: false,
    });
  });
});

describe('the local Google', () => {
  it('listens on GOOGLE_PORT (54326 by default) and keeps its mailboxes beside the data folder', () => {
    expect(localSettings({})).toMatchObject({ googlePort: 54326, googleUrl: 'http://127.0.0.1:54326' });
    expect(localSettings({ GOOGLE_PORT: '6000', CHLOE_DATA_DIR: '/tmp/chloe-x/' })).toMatchObject({
      googlePort: 6000,
      googleUrl: 'http://127.0.0.1:6000',
      googleStateFile: '/tmp/chloe-x-google.json',
    });
    expect(() => localSettings({ GOOGLE_PORT: 'mail' })).toThrow('GOOGLE_PORT must be a port number');
  });
});
