// What every function answers with: JSON, and the CORS headers hosted Supabase's examples use (the
// local gateway answers preflights itself; a function called directly answers its own).
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  // x-norman-pass: the pass norman-access signs, which opens Norman's private agent.
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-norman-pass',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

/** A JSON answer with the CORS headers, never stored by a browser's HTTP cache (a user's data). */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, ...headers, 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}

/** An error in words for people, with a stable `code` for the app. */
export const failure = (status: number, code: string, error: string, headers?: Record<string, string>) =>
  json({ error, code }, status, headers);

/** The answer to a CORS preflight. */
export const preflight = () => new Response('ok', { headers: corsHeaders });

/** Every function takes POST only: the answer to a preflight or another method, or null for a POST. */
export function unlessPost(req: Request): Response | null {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') {
    return failure(405, 'method_not_allowed', 'Only POST is accepted', { Allow: 'POST, OPTIONS' });
  }
  return null;
}

export type JsonBody = { ok: true; body: unknown } | { ok: false; status: number; code: string; error: string };

/**
 * The request's JSON body, read no further than `maxBytes`: a declared length above it is refused
 * unread, and a body sent without one (chunked) is cut off as soon as it passes the bound.
 */
export async function readJson(req: Request, maxBytes: number): Promise<JsonBody> {
  const tooLarge = { ok: false, status: 413, code: 'body_too_large', error: 'The request is too large' } as const;
  if (Number(req.headers.get('content-length') ?? 0) > maxBytes) {
    await req.body?.cancel();
    return tooLarge;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return tooLarge;
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  try {
    return { ok: true, body: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) };
  } catch {
    return { ok: false, status: 400, code: 'bad_json', error: 'The request body is not valid JSON' };
  }
}
