// @ts-check
// Passing a request on to a server behind the gateway (PostgREST, the functions), as a proxy does.
import http from 'node:http';
import { SUPABASE_CORS } from '../shared/http/cors.mjs';
import { sendJson } from '../shared/http/reply.mjs';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'content-length']);

/**
 * `x-forwarded-for` as a proxy passes it on: the caller's address appended to whatever list it
 * sent, as hosted Supabase's proxies do before a function sees it (norman-access reads the first
 * entry).
 * @param {http.IncomingMessage} req
 */
export function forwardedFor(req) {
  const remote = (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
  const sent = req.headers['x-forwarded-for'];
  const before = (Array.isArray(sent) ? sent.join(', ') : (sent ?? '')).trim();
  return before ? `${before}, ${remote}` : remote;
}

/**
 * Forward a request to 127.0.0.1:`port`, streaming both ways; the answer gets the gateway's CORS
 * headers in place of the upstream's.
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res
 * @param {number} port @param {string} path @param {Record<string, string>} extraHeaders
 */
export function proxy(req, res, port, path, extraHeaders) {
  /** @type {http.OutgoingHttpHeaders} */
  const headers = {};
  for (const [k, v] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) headers[k] = v;
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
  upstream.on('error', (error) => {
    if (!res.headersSent) sendJson(res, 502, { message: `Upstream unavailable: ${error.message}` }, SUPABASE_CORS);
    else res.destroy();
  });
  req.pipe(upstream);
}
