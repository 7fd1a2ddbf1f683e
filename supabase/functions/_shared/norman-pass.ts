// Norman's pass (ADR 009): what norman-access hands out for the right password, and what
// voice-conversation asks for before it signs a URL for Norman's private agent.
//   pass = `<expiry, ms since the epoch>.<base64url HMAC-SHA256(pass key, 'norman-pass.v1:' + expiry)>`
//   pass key = HMAC-SHA256(signing secret (keys.ts), 'norman-pass:' + NORMAN_PASSWORD)
// Nothing new to configure, no pass can be made without both secrets, and a new password ends
// every pass already handed out. The pass names nobody: holding it is the whole permission.
import { base64url, canonicalBase64url } from './encoding.ts';
import { SIGNING_SECRET_NAMES, signingSecret } from './keys.ts';

/** How long a pass opens Norman's agent. */
export const PASS_TTL_MS = 60 * 60 * 1000;
/** Longer than any pass this file makes; a longer header is not read. */
const MAX_PASS = 100;

export type NormanSecrets = { serviceRoleKey: string; password: string };
export type PassCheck = 'valid' | 'invalid' | 'expired';

const encoder = new TextEncoder();

/** NORMAN_PASSWORD and the signing secret (keys.ts) from the function's env, or what is missing. */
export function normanSecrets(): { ok: true; secrets: NormanSecrets } | { ok: false; missing: string } {
  // Trimmed: a secret pasted with a newline would otherwise never match what people type.
  const password = Deno.env.get('NORMAN_PASSWORD')?.trim() ?? '';
  const serviceRoleKey = signingSecret();
  if (!password) return { ok: false, missing: 'NORMAN_PASSWORD' };
  if (!serviceRoleKey) return { ok: false, missing: SIGNING_SECRET_NAMES };
  return { ok: true, secrets: { password, serviceRoleKey } };
}

const hmacKey = (raw: BufferSource, usages: KeyUsage[]) =>
  crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, usages);

async function hmac(key: CryptoKey, text: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
}

async function passKey(secrets: NormanSecrets, usages: KeyUsage[]): Promise<CryptoKey> {
  const root = await hmacKey(encoder.encode(secrets.serviceRoleKey), ['sign']);
  return hmacKey(await hmac(root, `norman-pass:${secrets.password}`), usages);
}

const signedText = (expiresAt: number) => `norman-pass.v1:${expiresAt}`;

/** A new pass, valid for PASS_TTL_MS from `now`. */
export async function mintPass(secrets: NormanSecrets, now = Date.now()): Promise<{ pass: string; expiresAt: number }> {
  const expiresAt = now + PASS_TTL_MS;
  const signature = await hmac(await passKey(secrets, ['sign']), signedText(expiresAt));
  return { pass: `${expiresAt}.${base64url(signature)}`, expiresAt };
}

/** Whether `pass` was made with these secrets, and is still within its hour. */
export async function checkPass(secrets: NormanSecrets, pass: string | null, now = Date.now()): Promise<PassCheck> {
  if (!pass || pass.length > MAX_PASS) return 'invalid';
  // 43 characters: 32 bytes of base64url without padding.
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(pass);
  if (!match) return 'invalid';
  const expiresAt = Number(match[1]);
  const signature = canonicalBase64url(match[2]!);
  if (!signature) return 'invalid';
  // crypto.subtle.verify compares the signatures itself, in constant time.
  const genuine = await crypto.subtle.verify(
    'HMAC',
    await passKey(secrets, ['verify']),
    signature,
    encoder.encode(signedText(expiresAt)),
  );
  if (!genuine) return 'invalid';
  return expiresAt > now ? 'valid' : 'expired';
}

/** A key of this instance's own, so the digests compared below mean nothing outside it. */
const compareKey = crypto.getRandomValues(new Uint8Array(32));

/**
 * Whether `given` is `expected`, in a time that does not depend on where they differ: both are
 * reduced to HMAC digests of the same length, and every byte of those is compared.
 */
export async function samePassword(given: string, expected: string): Promise<boolean> {
  const key = await hmacKey(compareKey, ['sign']);
  const [a, b] = await Promise.all([hmac(key, given), hmac(key, expected)]);
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}
