// @vitest-environment node
// Where an auth link may send the browser: the parsed URL against the site URL and the allowed
// globs, as Supabase Auth matches them; a prefix of the text is never enough.
import { describe, expect, it } from 'vitest';
import { globToRegExp, isRedirectAllowed, redirectTarget } from './redirects.mjs';

const site = 'http://localhost:4173';
const prod = 'https://chloe.example';

describe('redirect targets', () => {
  it('refuses the takeover URL whose text starts with the site origin', () => {
    expect(isRedirectAllowed('http://localhost:4173@evil.example/steal', site, [])).toBe(false);
    expect(redirectTarget('http://localhost:4173@evil.example/steal', site, [])).toBe(site);
    expect(isRedirectAllowed('https://chloe.example@evil.example/', prod, ['https://chloe.example/**'])).toBe(false);
    expect(isRedirectAllowed('https://chloe.example.evil.example/', prod, [])).toBe(false);
    expect(isRedirectAllowed('https://evil.example/?https://chloe.example', prod, [])).toBe(false);
  });

  it('never accepts a user or password in the URL', () => {
    expect(isRedirectAllowed('https://user:pw@chloe.example/account', prod, [])).toBe(false);
    expect(isRedirectAllowed('http://me@localhost:4173/account', site, [])).toBe(false);
  });

  it('accepts the site itself, any port on a loopback host, and a loopback IP', () => {
    expect(isRedirectAllowed('https://chloe.example/account?x=1', prod, [])).toBe(true);
    expect(isRedirectAllowed('http://chloe.example/account', prod, [])).toBe(false); // scheme
    expect(isRedirectAllowed('https://chloe.example:8443/account', prod, [])).toBe(false); // port
    expect(isRedirectAllowed('http://localhost:5999/account', site, [])).toBe(true);
    expect(isRedirectAllowed('http://127.0.0.1:5999/account', prod, [])).toBe(true);
    expect(isRedirectAllowed('http://localhost:5999/account', prod, [])).toBe(false);
  });

  it('refuses odd hosts: a decimal IP, another IP, characters a host does not use', () => {
    expect(isRedirectAllowed('http://2130706433/', prod, ['**'])).toBe(false);
    expect(isRedirectAllowed('http://10.0.0.1/', prod, ['**'])).toBe(false);
    expect(isRedirectAllowed('http://evil_example.com/', prod, ['**'])).toBe(false);
  });

  it('matches additional_redirect_urls as globs whose * stops at . and /', () => {
    const allowed = ['https://*.chloe-preview.example/**', 'https://staging.example/account', 'chloe://callback'];
    expect(isRedirectAllowed('https://pr-12.chloe-preview.example/account', prod, allowed)).toBe(true);
    expect(isRedirectAllowed('https://a.b.chloe-preview.example/account', prod, allowed)).toBe(false);
    expect(isRedirectAllowed('https://evil.example/x.chloe-preview.example/', prod, allowed)).toBe(false);
    expect(isRedirectAllowed('https://staging.example/account#x', prod, allowed)).toBe(true);
    expect(isRedirectAllowed('https://staging.example/account/more', prod, allowed)).toBe(false);
    expect(isRedirectAllowed('chloe://callback', prod, allowed)).toBe(true);
  });

  it('reads the glob syntax: ?, classes, alternatives and escapes', () => {
    expect(globToRegExp('https://app-?.example').test('https://app-1.example')).toBe(true);
    expect(globToRegExp('https://app-?.example').test('https://app-/.example')).toBe(false);
    expect(globToRegExp('https://[ab].example').test('https://b.example')).toBe(true);
    expect(globToRegExp('https://[!ab].example').test('https://b.example')).toBe(false);
    expect(globToRegExp('https://{one,two}.example').test('https://two.example')).toBe(true);
    expect(globToRegExp('https://x.example/\\*').test('https://x.example/*')).toBe(true);
    expect(globToRegExp('https://x.example/\\*').test('https://x.example/a')).toBe(false);
  });

  it('falls back to the site URL for nothing or something unparsable', () => {
    expect(redirectTarget(null, site, [])).toBe(site);
    expect(redirectTarget('not a url', site, [])).toBe(site);
    expect(redirectTarget('javascript:alert(1)', site, [])).toBe(site);
  });
});
