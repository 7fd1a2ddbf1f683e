// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SERVER_CLOCK,
  deviceExpiresAt,
  forgetServerClock,
  noteTokenIssued,
  serverClockKnown,
  serverNow,
  serverOffsetMs,
} from './server-clock';

const DAY = 86_400_000;
const TRUE_NOW = Date.UTC(2026, 10, 23, 9, 0, 0);
const b64url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: object) => `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify(claims))}.sig`;
const issuedNow = (extra: object = {}) => jwt({ iat: TRUE_NOW / 1000, exp: TRUE_NOW / 1000 + 3600, ...extra });

beforeEach(() => {
  forgetServerClock();
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => vi.useRealTimers());

describe('the server clock', () => {
  it('is the device clock until a token says otherwise', () => {
    vi.setSystemTime(TRUE_NOW + DAY);
    expect(serverClockKnown()).toBe(false);
    expect(serverOffsetMs()).toBe(0);
    expect(serverNow().getTime()).toBe(TRUE_NOW + DAY);
  });

  it.each([
    ['a day ahead', DAY],
    ['a day behind', -DAY],
  ])('learns from a token just issued, with the device %s', (_, skew) => {
    vi.setSystemTime(TRUE_NOW + skew);
    noteTokenIssued(issuedNow());
    expect(serverOffsetMs()).toBe(-skew);
    expect(serverNow().getTime()).toBe(TRUE_NOW);
    // The token's hour, on the device's clock.
    expect(deviceExpiresAt(issuedNow())).toBe((TRUE_NOW + skew) / 1000 + 3600);
    vi.advanceTimersByTime(5 * 60_000);
    expect(serverNow().getTime()).toBe(TRUE_NOW + 5 * 60_000);
  });

  it('is kept for the next page load', async () => {
    vi.setSystemTime(TRUE_NOW + DAY);
    noteTokenIssued(issuedNow());
    expect(localStorage.getItem(SERVER_CLOCK)).toBe(String(-DAY));
    vi.resetModules();
    const reloaded = await import('./server-clock');
    expect(reloaded.serverNow().getTime()).toBe(TRUE_NOW);
  });

  it('ignores what is not a token issued in this century', () => {
    vi.setSystemTime(TRUE_NOW + DAY);
    for (const token of [
      'not-a-jwt',
      '',
      'a.%%%.c',
      jwt({ exp: TRUE_NOW / 1000 }),
      jwt({ iat: 0 }),
      jwt({ iat: String(TRUE_NOW / 1000) }),
      jwt({ iat: 1e12 }),
      jwt({ iat: Number.NaN }),
    ]) {
      noteTokenIssued(token);
    }
    expect(serverClockKnown()).toBe(false);
    expect(serverNow().getTime()).toBe(TRUE_NOW + DAY);
    expect(deviceExpiresAt('not-a-jwt')).toBeNull();
    expect(localStorage.getItem(SERVER_CLOCK)).toBeNull();
  });

  it('reads a stored offset that is not a number as unknown', async () => {
    localStorage.setItem(SERVER_CLOCK, 'soon');
    vi.resetModules();
    const reloaded = await import('./server-clock');
    expect(reloaded.serverClockKnown()).toBe(false);
  });
});
