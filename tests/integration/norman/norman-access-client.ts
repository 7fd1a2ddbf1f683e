// Calls to the norman-access edge function as the app makes them, for the norman-access tests.
import { normanClientKey, sendFrom, sql, stack } from '../fixtures';

export interface Reply {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/**
 * POST to norman-access through the gateway with the anon key, as the app does, from the loopback
 * address `from` (testAddress); `headers` are sent as well (a client's own x-forwarded-for, say).
 */
export async function attempt(
  body: unknown,
  opts: { from?: string; headers?: Record<string, string>; method?: string; base?: string; key?: string } = {},
): Promise<Reply> {
  const s = stack();
  const key = opts.key ?? s.anonKey;
  const res = await sendFrom(new URL(opts.base ?? `${s.apiUrl}/functions/v1/norman-access`), {
    from: opts.from,
    method: opts.method ?? 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', ...opts.headers },
    body: opts.method === 'GET' ? null : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: res.status,
    body: res.text ? (JSON.parse(res.text) as Record<string, unknown>) : {},
    headers: new Headers(res.headers),
  };
}

export const attemptsOf = async (address: string) =>
  (
    await sql<{ n: number }>('select count(*)::int as n from public.norman_access_attempts where client_key = $1', [
      normanClientKey(address),
    ])
  )[0]!.n;

export const incorrect = { error: 'Incorrect password', code: 'incorrect_password' };
export const tooMany = { error: 'Too many attempts. Please wait a minute and try again.', code: 'too_many_attempts' };
