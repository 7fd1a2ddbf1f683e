// base64url (RFC 4648 §5, no padding): what tokens, states and Gmail's `raw` messages are written in.

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(
    text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  );
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * The bytes `text` stands for, or null unless `text` is exactly how base64url writes them: the
 * unused low bits of the last character must be zero. Without this, four spellings of one HMAC
 * (the last character's two spare bits) would all verify, and a signature would not be one string.
 */
export function canonicalBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const bytes = fromBase64url(text);
  return base64url(bytes) === text ? bytes : null;
}

/** UTF-8 text as base64url. */
export const textToBase64url = (text: string) => base64url(new TextEncoder().encode(text));

/** `bytes` random bytes as base64url. */
export const randomBase64url = (bytes: number) => base64url(crypto.getRandomValues(new Uint8Array(bytes)));

/** HMAC-SHA256 of `text` under `key`. */
export async function hmacSha256(
  key: Uint8Array<ArrayBuffer> | string,
  text: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const raw = typeof key === 'string' ? new TextEncoder().encode(key) : key;
  const cryptoKey = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, new TextEncoder().encode(text)));
}
