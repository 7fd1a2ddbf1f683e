// @ts-check
// Passing a request on to a server behind the gateway (PostgREST, the functions), as a proxy does.
import http from 'node:http';
import { SUPABASE_CORS } from '../shared/http/cors.mjs';
import { sendJson } from '../shared/http/reply.mjs';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'content-length']);

// What only the platform's edge may say about a caller: a client's own copy is dropped, and the
// gateway writes its own (as hosted Supabase's edge does, Cloudflare's cf-connecting-ip included).
const PLATFORM_SET = new Set(['x-forwarded-for', 'x-real-ip', 'forwarded', 'cf-connecting-ip']);

/**
 * The caller's address as the platform sets it for a function: the socket's peer, never a list the
 * caller sent (norman-access limits attempts by it; a chosen header would let anyone be anyone).
 * @param {http.IncomingMessage} req
 */
export function forwardedFor(req) {
  return (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
}

/**
 * Forward a request to 127.0.0.1:`port`, streaming both ways; the answer gets the gateway's CORS
 * headers in place of the upstream's.
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res
 * @param {number} port @param {string} path @param {Record<string, string>} extraHeaders
 * @param {number} [maxBytes] the largest body passed on (413 beyond it)
 */
export function proxy(req, res, port, path, extraHeaders, maxBytes = Infinity) {
  /** @type {http.OutgoingHttpHeaders} */
  const headers = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(k) && !PLATFORM_SET.has(k) && v !== undefined) headers[k] = v;
  }
  Object.assign(headers, extraHeaders);
  const upstream = http.request({ host: '127.0.0.1', port, path, method: req.method, headers }, (up) => {
    /** @type {http.OutgoingHttpHeaders} */
    const out = { ...SUPABASE_CORS };
    for (const [k, v] of Object.entries(up.headers)) {
      if (!HOP_BY_HOP.has(k) && v !== undefined && !k.startsWith('access-control-')) out[k] = v;
    }
    res.writeHead(up.statusCode ?? 502, out);
    up.pipe(res);
  });
  let tooLarge = false;
  upstream.on('error', (error) => {
    if (tooLarge) return;
    if (!res.headersSent) sendJson(res, 502, { message: `Upstream unavailable: ${error.message}` }, SUPABASE_CORS);
    else res.destroy();
  });
  // A body sent without its length (chunked) is counted as it streams: past the bound, the
  // upstream request is abandoned and the caller told 413.
  let size = 0;
  req.on('data', (/** @type {Buffer} */ chunk) => {
    size += chunk.length;
    if (size <= maxBytes || tooLarge) return;
    tooLarge = true;
    req.unpipe(upstream);
    upstream.destroy();
    refuseTooLarge(req, res, maxBytes);
  });
  req.pipe(upstream);
}

/**
 * 413 for a body over `limit`, and the connection closed once said, so the rest is never read.
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {number} limit
 */
export function refuseTooLarge(req, res, limit) {
  if (res.headersSent) return void req.destroy();
  res.on('finish', () => req.destroy());
  sendJson(
    res,
    413,
    { code: 413, error_code: 'request_too_large', message: `Request body larger than ${limit} bytes` },
    { ...SUPABASE_CORS, connection: 'close' },
  );
}

/**
 * True (and 413 said) when the request declares a body over `limit`: refused before a byte is read.
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {number} limit
 */
export function declaredTooLarge(req, res, limit) {
  if (Number(req.headers['content-length'] ?? 0) <= limit) return false;
  refuseTooLarge(req, res, limit);
  return true;
}
