// The `state` of a Gmail consent (gmail-oauth): signed, expiring, bound to the user who started it.
//   state = `v1.<nonce>.<user id>.<expiry, ms>.<base64url HMAC-SHA256(state key, text)>`
//   text = 'gmail-oauth-state.v1:' + nonce + ':' + user id + ':' + expiry
//   state key = HMAC-SHA256(SUPABASE_SERVICE_ROLE_KEY, 'gmail-oauth-state')
// The signature says the server made it for that user (a tampered state is refused before anything
// is looked up); the nonce is a row of gmail_oauth_states, used once (a replay is refused there).
// PKCE (RFC 7636): the verifier stays in that row; Google sees only its SHA-256 challenge.
import { base64url, canonicalBase64url, hmacSha256, randomBase64url } from './encoding.ts';

/** Long enough to pick an account and read the consent; short enough that a leaked URL goes stale. */
export const STATE_TTL_MS = 10 * 60 * 1000;
/** Longer than any state this file makes. */
const MAX_STATE = 200;

const signedText = (nonce: string, userId: string, expiresAt: number) =>
  `gmail-oauth-state.v1:${nonce}:${userId}:${expiresAt}`;

async function stateKey(serviceRoleKey: string): Promise<CryptoKey> {
  const raw = await hmacSha256(serviceRoleKey, 'gmail-oauth-state');
  return crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

export type NewState = { state: string; nonce: string; expiresAt: number; codeVerifier: string; codeChallenge: string };

/** A new state for `userId`, with its PKCE verifier and challenge. */
export async function newState(serviceRoleKey: string, userId: string, now = Date.now()): Promise<NewState> {
  const nonce = randomBase64url(24);
  const expiresAt = now + STATE_TTL_MS;
  const key = await stateKey(serviceRoleKey);
  const signature = new Uint8Array(
    await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(signedText(nonce, userId, expiresAt))),
  );
  const codeVerifier = randomBase64url(48);
  const codeChallenge = base64url(
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier))),
  );
  return {
    state: `v1.${nonce}.${userId}.${expiresAt}.${base64url(signature)}`,
    nonce,
    expiresAt,
    codeVerifier,
    codeChallenge,
  };
}

export type StateCheck = { ok: true; nonce: string; userId: string } | { ok: false; reason: 'invalid' | 'expired' };

/** Whether `state` was made by this server (and for whom), and is still within its time. */
export async function checkState(serviceRoleKey: string, state: string | null, now = Date.now()): Promise<StateCheck> {
  if (!state || state.length > MAX_STATE) return { ok: false, reason: 'invalid' };
  const match = /^v1\.([A-Za-z0-9_-]{22,64})\.([0-9a-f-]{36})\.(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(state);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, nonce, userId, expiry, signature] = match as unknown as [string, string, string, string, string];
  const expiresAt = Number(expiry);
  const signatureBytes = canonicalBase64url(signature);
  if (!signatureBytes) return { ok: false, reason: 'invalid' };
  // crypto.subtle.verify compares in constant time.
  const genuine = await crypto.subtle.verify(
    'HMAC',
    await stateKey(serviceRoleKey),
    signatureBytes,
    new TextEncoder().encode(signedText(nonce, userId, expiresAt)),
  );
  if (!genuine) return { ok: false, reason: 'invalid' };
  if (expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, nonce, userId };
}
