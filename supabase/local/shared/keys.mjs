// @ts-check
import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

// The same well-known secret as `supabase start`: local only, never used for a hosted project.
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** @param {string} secret */
const keyOf = (secret) => new TextEncoder().encode(secret);

/**
 * @param {Record<string, unknown>} claims
 * @param {string} secret
 * @param {number} [expiresInSeconds]
 */
export async function signJwt(claims, secret, expiresInSeconds) {
  const now = Math.floor(Date.now() / 1000);
  let jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' });
  if (!('exp' in claims)) jwt = jwt.setIssuedAt(now);
  if (expiresInSeconds !== undefined) jwt = jwt.setExpirationTime(now + expiresInSeconds);
  return jwt.sign(keyOf(secret));
}

/**
 * @param {string} token
 * @param {string} secret
 */
export async function verifyJwt(token, secret) {
  // In a JS file jose's uninferred payload type parameter becomes any: name the result instead.
  return /** @type {import('jose').JWTVerifyResult<import('jose').JWTPayload>} */ (
    await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'] })
  ).payload;
}

// Fixed iat/exp so that the keys for the default secret equal Supabase's well-known local keys.
const EXP = 1983812996;

/**
 * One of hosted Supabase's new API keys (`sb_publishable_…`, `sb_secret_…`): not a JWT, only a name
 * for a role that the gateway swaps for that role's JWT. Derived from the secret, so the same
 * settings give the same keys on every start.
 * @param {'publishable' | 'secret'} kind @param {string} secret
 */
const newKey = (kind, secret) =>
  `sb_${kind}_${createHmac('sha256', secret).update(`chloe-local-${kind}-key`).digest('base64url').slice(0, 31)}`;

/**
 * The stack's API keys: the legacy JWT keys (anon, service_role) and the new kind (publishable,
 * secret), each naming the same role as its legacy twin.
 * @param {string} secret
 */
export async function apiKeys(secret) {
  const [anonKey, serviceRoleKey] = await Promise.all([
    signJwt({ iss: 'supabase-demo', role: 'anon', exp: EXP }, secret),
    signJwt({ iss: 'supabase-demo', role: 'service_role', exp: EXP }, secret),
  ]);
  return {
    anonKey,
    serviceRoleKey,
    publishableKey: newKey('publishable', secret),
    secretKey: newKey('secret', secret),
  };
}

/** @typedef {Awaited<ReturnType<typeof apiKeys>>} ApiKeys */

/** True for a new-kind API key (which is never a JWT). @param {string} key */
export const isNewApiKey = (key) => /^sb_(publishable|secret)_/.test(key);
