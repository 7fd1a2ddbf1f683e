import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import type { NormanPass } from '../../../lib/norman-pass';
import { supabase } from '../../../lib/supabase';

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
  const result = await supabase.functions.invoke<{ pass?: unknown; expiresAt?: unknown }>('norman-access', {
    body: { password },
  });
  // supabase-js types the error as any: it is one of its Functions*Error classes.
  const error: unknown = result.error;
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const body = (await response.json().catch(() => null)) as { error?: unknown; code?: unknown } | null;
    const said = typeof body?.error === 'string' ? body.error : '';
    if (response.status === 401) return { ok: false, kind: 'incorrect', message: said || 'Incorrect password' };
    if (response.status === 429) {
      return { ok: false, kind: 'too-many', message: said || 'Too many attempts. Please wait a minute and try again.' };
    }
    return { ok: false, kind: 'refused', message: said || `The server answered ${response.status}` };
  }
  if (error instanceof FunctionsFetchError || error instanceof FunctionsRelayError) {
    return { ok: false, kind: 'network', message: error.message };
  }
  if (error) {
    return { ok: false, kind: 'refused', message: error instanceof Error ? error.message : 'The request failed' };
  }
  const expiresAt = typeof result.data?.expiresAt === 'string' ? Date.parse(result.data.expiresAt) : NaN;
  if (typeof result.data?.pass !== 'string' || !Number.isFinite(expiresAt)) {
    return { ok: false, kind: 'refused', message: 'The server sent no pass' };
  }
  return { ok: true, pass: { pass: result.data.pass, expiresAt } };
}
