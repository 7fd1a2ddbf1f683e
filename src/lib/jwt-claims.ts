/**
 * A JWT's claims, read without verifying it (the server verifies; the device only looks), or null
 * for anything that is not one. Its own module, without supabase-js: lib/server-clock and
 * lib/pending-sign-outs read tokens on every page.
 */
export function jwtClaims(token: string): Record<string, unknown> | null {
  try {
    const part = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(part), (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
