// The server's clock, as this device best knows it. What the server decides (a token's expiry, the
// end of cooling-off) is counted on its clock; a device's may be a day off. The offset is learned
// from the access tokens the auth service issues (their `iat` against the device's clock when the
// answer came), so it costs no request: a response's Date header would not do, as browsers hide it
// from a cross-origin page (Supabase's gateway does not expose it). Until a token teaches it the
// offset is 0; it is kept across page loads, so a reload with a still-valid token knows it.
import { jwtClaims } from './jwt-claims';
import { createStore } from './store';

export const SERVER_CLOCK = 'chloe:server-clock-offset';

// Tokens issued outside these years are nonsense, whatever the device's clock says.
const EARLIEST_IAT = Date.UTC(2020, 0, 1) / 1000;
const LATEST_IAT = Date.UTC(2100, 0, 1) / 1000;

const offset = createStore<number | null>(readStored());

function readStored(): number | null {
  try {
    const raw = localStorage.getItem(SERVER_CLOCK);
    const n = raw === null ? NaN : Number(raw);
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}

/** Server time minus device time, in ms: 0 while unknown. */
export const serverOffsetMs = () => offset.get() ?? 0;

export const serverClockKnown = () => offset.get() !== null;

/** Now, on the server's clock. */
export const serverNow = () => new Date(Date.now() + serverOffsetMs());

const plausible = (t: unknown): t is number =>
  typeof t === 'number' && Number.isFinite(t) && t >= EARLIEST_IAT && t < LATEST_IAT;

/** `accessToken` was issued by the server and reached this device at `receivedAt` (device ms). */
export function noteTokenIssued(accessToken: string, receivedAt = Date.now()): void {
  const iat = jwtClaims(accessToken)?.['iat'];
  if (!plausible(iat)) return;
  const learned = iat * 1000 - receivedAt;
  offset.set(learned);
  try {
    localStorage.setItem(SERVER_CLOCK, String(learned));
  } catch {
    // Storage full or blocked: known for this page load only.
  }
}

/** When `accessToken` expires on this device's clock (epoch seconds), or null if it has no exp. */
export function deviceExpiresAt(accessToken: string): number | null {
  const exp = jwtClaims(accessToken)?.['exp'];
  return plausible(exp) ? Math.round(exp - serverOffsetMs() / 1000) : null;
}

/** Back to unknown, as on a new device (for tests). */
export function forgetServerClock(): void {
  offset.set(null);
  try {
    localStorage.removeItem(SERVER_CLOCK);
  } catch {
    // Nothing stored then.
  }
}
