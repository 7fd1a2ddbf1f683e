import { invokeFunction } from '../../../lib/invoke';
import type { NormanPass } from '../../../lib/norman-pass';

/** What the norman-access function said about a password. */
export type AccessReply =
  | { ok: true; pass: NormanPass }
  /** The password is not Norman's. */
  | { ok: false; kind: 'incorrect'; message: string }
  /** Too many attempts from this client in the last minute. */
  | { ok: false; kind: 'too-many'; message: string }
  /** The function could not be reached. */
  | { ok: false; kind: 'network'; message: string }
  | { ok: false; kind: 'refused'; message: string };

/** Asks the server whether `password` is Norman's (the password is never held in the app); never throws. */
export async function requestNormanAccess(password: string): Promise<AccessReply> {
  const result = await invokeFunction<{ pass?: unknown; expiresAt?: unknown } | null>('norman-access', { password });
  if (!result.ok) {
    if (result.kind === 'network') return { ok: false, kind: 'network', message: result.message };
    if (result.kind === 'error') return { ok: false, kind: 'refused', message: result.message || 'The request failed' };
    if (result.status === 401) return { ok: false, kind: 'incorrect', message: result.said || 'Incorrect password' };
    if (result.status === 429) {
      return {
        ok: false,
        kind: 'too-many',
        message: result.said || 'Too many attempts. Please wait a minute and try again.',
      };
    }
    return { ok: false, kind: 'refused', message: result.message };
  }
  const expiresAt = typeof result.data?.expiresAt === 'string' ? Date.parse(result.data.expiresAt) : NaN;
  if (typeof result.data?.pass !== 'string' || !Number.isFinite(expiresAt)) {
    return { ok: false, kind: 'refused', message: 'The server sent no pass' };
  }
  return { ok: true, pass: { pass: result.data.pass, expiresAt } };
}
