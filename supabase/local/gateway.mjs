// @ts-check
// The one HTTP entry point, like Supabase's API gateway: /rest/v1 → PostgREST, /auth/v1 → auth,
// /functions/v1 → edge functions, with the apikey check and the CORS answers a browser app on
// another origin needs.
import http from 'node:http';
import { verifyJwt } from './keys.mjs';

const CORS_BASE = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
  'access-control-max-age': '3600',
};
const EXPOSE =
  'Content-Range, Content-Location, Content-Profile, Preference-Applied, X-Supabase-Api-Version, Range-Unit, Link, X-Total-Count, Retry-After';
const DEFAULT_ALLOW_HEADERS =
  'authorization, x-client-info, apikey, content-type, prefer, range, accept-profile, content-profile, x-supabase-api-version, x-assessment-token, x-norman-pass';
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'content-length']);

/**
 * @param {http.ServerResponse} res @param {number} status @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
function sendJson(res, status, body, headers = {}) {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    ...CORS_BASE,
    'access-control-expose-headers': EXPOSE,
    ...(text ? { 'content-type': 'application/json' } : {}),
  });
  res.end(text);
}

/** @param {http.IncomingMessage} req @returns {Promise<Buffer>} */
function readBody(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    // No setEncoding: the chunks are Buffers.
    req.on('data', (/** @type {Buffer} */ c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * `x-forwarded-for` as a proxy passes it on: the caller's address appended to whatever list it
 * sent, as hosted Supabase's proxies do before a function sees it (norman-access reads the first
 * entry).
 * @param {http.IncomingMessage} req
 */
function forwardedFor(req) {
  const remote = (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
  const sent = req.headers['x-forwarded-for'];
  const before = (Array.isArray(sent) ? sent.join(', ') : (sent ?? '')).trim();
  return before ? `${before}, ${remote}` : remote;
}

/**
 * Forward a request to an upstream HTTP server, streaming both ways.
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res
 * @param {number} port @param {string} path @param {Record<string, string>} extraHeaders
 */
function proxy(req, res, port, path, extraHeaders) {
  /** @type {http.OutgoingHttpHeaders} */
  const headers = {};
  for (const [k, v] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) headers[k] = v;
  Object.assign(headers, extraHeaders);
  const upstream = http.request({ host: '127.0.0.1', port, path, method: req.method, headers }, (up) => {
    /** @type {http.OutgoingHttpHeaders} */
    const out = { ...CORS_BASE, 'access-control-expose-headers': EXPOSE };
    for (const [k, v] of Object.entries(up.headers)) {
      if (!HOP_BY_HOP.has(k) && v !== undefined && !k.startsWith('access-control-')) out[k] = v;
    }
    res.writeHead(up.statusCode ?? 502, out);
    up.pipe(res);
  });
  upstream.on('error', (error) => {
    if (!res.headersSent) sendJson(res, 502, { message: `Upstream unavailable: ${error.message}` });
    else res.destroy();
  });
  req.pipe(upstream);
}

/**
 * @param {{
 *   port: number, host?: string, jwtSecret: string, anonKey: string, serviceRoleKey: string,
 *   postgrestPort: number, functionsPort: number | null, noVerifyJwt: Set<string>,
 *   auth: ReturnType<typeof import('./auth.mjs').createAuthService>,
 *   log?: (line: string) => void,
 * }} opts
 * @returns {Promise<{ server: http.Server, stop: () => Promise<void> }>}
 */
export function startGateway(opts) {
  const apiKeys = new Set([opts.anonKey, opts.serviceRoleKey]);

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  async function route(req, res) {
    const url = new URL(req.url ?? '/', 'http://gateway');
    if (req.method === 'OPTIONS') {
      res.writeHead(200, {
        ...CORS_BASE,
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? DEFAULT_ALLOW_HEADERS,
      });
      return res.end('ok');
    }
    const [, service, version, ...rest] = url.pathname.split('/');
    const mount = `${service}/${version}`;
    const subPath = `/${rest.join('/')}`;
    const apikey =
      /** @type {string | undefined} */ (req.headers.apikey) ?? url.searchParams.get('apikey') ?? undefined;

    if (mount === 'functions/v1') {
      if (opts.functionsPort === null)
        return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
      const name = rest[0] ?? '';
      if (!opts.noVerifyJwt.has(name)) {
        const token = String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
        try {
          await verifyJwt(token, opts.jwtSecret);
        } catch {
          return sendJson(res, 401, { code: 401, message: 'Invalid JWT' });
        }
      }
      return proxy(req, res, opts.functionsPort, subPath + url.search, {
        'x-forwarded-for': forwardedFor(req),
      });
    }

    if (mount !== 'rest/v1' && mount !== 'auth/v1') {
      return sendJson(res, 404, { message: 'no Route matched with those values' });
    }
    // As Supabase's gateway: the link in an auth email is opened by a browser without a key.
    const openRoute = mount === 'auth/v1' && req.method === 'GET' && subPath === '/verify';
    if (!apikey && !openRoute)
      return sendJson(res, 401, {
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
    if (apikey && !apiKeys.has(apikey))
      return sendJson(res, 401, {
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      });

    if (mount === 'rest/v1') {
      // Like Supabase: without a user token, the API key is the bearer.
      /** @type {Record<string, string>} */
      const extra = req.headers.authorization ? {} : { authorization: `Bearer ${apikey}` };
      return proxy(req, res, opts.postgrestPort, subPath + url.search, extra);
    }

    const raw = await readBody(req);
    // Any JSON value: the auth service reads the fields it needs and checks their types.
    /** @type {unknown} */
    let body;
    try {
      body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
    } catch {
      return sendJson(res, 400, { code: 400, error_code: 'bad_json', msg: 'Could not parse request body as JSON' });
    }
    const reply = await opts.auth.handle({
      method: req.method ?? 'GET',
      path: subPath.replace(/\/+$/, '') || '/',
      search: url.searchParams,
      headers: req.headers,
      body,
      ip: req.socket.remoteAddress ?? 'unknown',
    });
    // The admin user list's Link and X-Total-Count.
    const { headers } = /** @type {{ headers?: Record<string, string> }} */ (reply);
    return sendJson(res, reply.status, reply.body, headers);
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((error) => {
      opts.log?.(`[gateway] ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent)
        sendJson(res, 500, {
          code: 500,
          error_code: 'unexpected_failure',
          msg: 'Unexpected failure in the local stack',
        });
      else res.destroy();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => {
      resolve({
        server,
        /** @returns {Promise<void>} */
        stop: () =>
          new Promise((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      });
    });
  });
}
