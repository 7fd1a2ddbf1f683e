// Calls to the norman-access edge function as the app makes them, for the norman-access tests.
import http from 'node:http';
import { normanClientKey, sql, stack } from '../fixtures';

export interface Reply {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/**
 * POST to norman-access through the gateway with the anon key, as the app does, from the loopback
 * address `from` (testAddress); `headers` are sent as well (a client's own x-forwarded-for, say).
 */
export function attempt(
  body: unknown,
  opts: { from?: string; headers?: Record<string, string>; method?: string; base?: string; key?: string } = {},
): Promise<Reply> {
  const s = stack();
  const key = opts.key ?? s.anonKey;
  const url = new URL(opts.base ?? `${s.apiUrl}/functions/v1/norman-access`);
  const payload = opts.method === 'GET' ? null : typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: opts.method ?? 'POST',
        ...(opts.from ? { localAddress: opts.from } : {}),
        headers: {
          apikey: key,
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          ...opts.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
          resolve({
            status: res.statusCode ?? 0,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
            headers,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload ?? undefined);
  });
}

export const attemptsOf = async (address: string) =>
  (
    await sql<{ n: number }>('select count(*)::int as n from public.norman_access_attempts where client_key = $1', [
      normanClientKey(address),
    ])
  )[0]!.n;

export const incorrect = { error: 'Incorrect password', code: 'incorrect_password' };
export const tooMany = { error: 'Too many attempts. Please wait a minute and try again.', code: 'too_many_attempts' };
