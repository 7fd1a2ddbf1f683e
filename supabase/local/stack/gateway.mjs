// @ts-check
// The one HTTP entry point, like Supabase's API gateway: /rest/v1 → PostgREST, /auth/v1 → auth,
// /functions/v1 → edge functions, /realtime/v1/websocket → Realtime, with the apikey check and the
// CORS answers a browser app on another origin needs.
import http from 'node:http';
import { MAX_BODY_BYTES, readBody } from '../shared/http/body.mjs';
import { SUPABASE_ALLOW_HEADERS, SUPABASE_CORS, SUPABASE_PREFLIGHT } from '../shared/http/cors.mjs';
import { closeServer, listenLocal } from '../shared/http/listen.mjs';
import { sendJson } from '../shared/http/reply.mjs';
import { requestListener } from '../shared/http/router.mjs';
import { verifyJwt } from '../shared/keys.mjs';
import { connectionLimit } from '../services/realtime/bounds.mjs';
import { REALTIME_PATH } from '../services/realtime/index.mjs';
import { declaredTooLarge, forwardedFor, proxy } from './proxy.mjs';

/** @typedef {import('../shared/http/router.mjs').Route} Route */
/** @typedef {import('../shared/http/router.mjs').Handler} Handler */

/** Every method but OPTIONS, which is a preflight wherever it is sent. */
const METHODS = /** @type {const} */ (['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

// The largest request body each part takes, refused with 413 before it is read (a 60 MB body to
// /auth/v1/recover was read whole). PostgREST: a push of 200 rows with signatures fits in 32 MB
// (sync_push bounds itself the same); auth: small JSON; functions: what the largest one reads.
export const MAX_BODY = Object.freeze({ rest: 32 * 1024 * 1024, auth: MAX_BODY_BYTES, functions: 1024 * 1024 });

/**
 * @param {http.ServerResponse} res @param {number} status @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
const send = (res, status, body, headers = {}) => sendJson(res, status, body, { ...headers, ...SUPABASE_CORS });

/** The token of an `Authorization: Bearer <token>` header, or undefined. @param {http.IncomingMessage} req */
const bearerToken = (req) => String(req.headers.authorization ?? '').match(/^Bearer\s+(\S+)\s*$/i)?.[1];

/** The path below `/<service>/v1`, as the service behind it sees it ('/' for none). @param {URL} url */
const below = (url) => `/${url.pathname.split('/').slice(3).join('/')}`;

/**
 * @typedef {{
 *   port: number, jwtSecret: string, keys: import('../shared/keys.mjs').ApiKeys, legacyKeys: boolean,
 *   postgrestPort: number, functionsPort: number | null, noVerifyJwt: Set<string>,
 *   auth: ReturnType<typeof import('../services/auth/index.mjs').createAuthService>,
 *   realtime: ReturnType<typeof import('../services/realtime/index.mjs').startRealtimeService>,
 *   log?: (line: string) => void,
 * }} GatewayOptions
 */

/**
 * The API keys the gateway accepts, and what it makes of them.
 * @param {Pick<GatewayOptions, 'keys' | 'legacyKeys'>} opts
 */
function keyChecks(opts) {
  // Each accepted API key, and the JWT of the role it names. A new-kind key (sb_publishable_…,
  // sb_secret_…) is not a JWT: as hosted Supabase's gateway does, it is swapped for its role's JWT
  // before PostgREST, auth or Realtime see it. With legacyKeys false the project has turned the
  // legacy JWT keys off, and they are refused like any unknown key.
  const { anonKey, serviceRoleKey, publishableKey, secretKey } = opts.keys;
  /** @type {Map<string, string>} */
  const apiKeys = new Map([
    [publishableKey, anonKey],
    [secretKey, serviceRoleKey],
  ]);
  if (opts.legacyKeys) for (const jwt of [anonKey, serviceRoleKey]) apiKeys.set(jwt, jwt);
  /**
   * The Authorization to pass on: a user's JWT as it is; none, or an API key as the bearer, becomes
   * the JWT of the API key's role.
   * @param {http.IncomingMessage} req @param {string} key the request's checked API key
   */
  const bearer = (req, key) => {
    const header = req.headers.authorization;
    if (header === undefined) return `Bearer ${apiKeys.get(key) ?? key}`;
    const given = bearerToken(req);
    // Anything else (a user's JWT, a malformed header) goes on as sent, for the service to judge.
    return given && apiKeys.has(given) ? `Bearer ${apiKeys.get(given)}` : String(header);
  };
  // A legacy key turned off is refused wherever it is sent, the bearer included.
  const turnedOff = new Set(opts.legacyKeys ? [] : [anonKey, serviceRoleKey]);
  /** @param {http.IncomingMessage} req */
  const offBearer = (req) => turnedOff.has(bearerToken(req) ?? '');

  /**
   * The request's API key when it has a valid one; otherwise the 401 is sent and null returned.
   * As Supabase's gateway, `open` routes (the link in an auth email, opened by a browser) need none.
   * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {URL} url @param {boolean} [open]
   */
  const apiKey = (req, res, url, open = false) => {
    const key = /** @type {string | undefined} */ (req.headers.apikey) ?? url.searchParams.get('apikey') ?? undefined;
    if (!key && !open) {
      send(res, 401, {
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
      return null;
    }
    if ((key && !apiKeys.has(key)) || offBearer(req)) {
      send(res, 401, {
        message: 'Invalid API key',
        hint: opts.legacyKeys
          ? 'Double check your Supabase `anon` or `service_role` API key.'
          : 'Legacy API keys are disabled: use a publishable or secret key.',
      });
      return null;
    }
    return key ?? '';
  };

  return { apiKeys, bearer, apiKey };
}

/** @typedef {ReturnType<typeof keyChecks>} KeyChecks */

/** @type {Handler} */
const preflight = (req, res) => {
  res.writeHead(200, {
    ...SUPABASE_PREFLIGHT,
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? SUPABASE_ALLOW_HEADERS,
  });
  res.end('ok');
};

/**
 * /functions/v1: the JWT checked (unless the function is named in noVerifyJwt), then proxied.
 * @param {GatewayOptions} opts @returns {Handler}
 */
const functionsHandler =
  (opts) =>
  async (req, res, { url }) => {
    if (opts.functionsPort === null)
      return send(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    // The size first: a body that will be refused is not read while a token is checked.
    if (declaredTooLarge(req, res, MAX_BODY.functions)) return;
    const name = url.pathname.split('/')[3] ?? '';
    if (!opts.noVerifyJwt.has(name)) {
      const token = String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      try {
        await verifyJwt(token, opts.jwtSecret);
      } catch {
        return send(res, 401, { code: 401, message: 'Invalid JWT' });
      }
    }
    proxy(
      req,
      res,
      opts.functionsPort,
      below(url) + url.search,
      { 'x-forwarded-for': forwardedFor(req) },
      MAX_BODY.functions,
    );
  };

/**
 * /rest/v1: proxied to PostgREST once the API key is checked.
 * @param {GatewayOptions} opts @param {KeyChecks} keys @returns {Handler}
 */
const restHandler =
  (opts, keys) =>
  (req, res, { url }) => {
    const key = keys.apiKey(req, res, url);
    if (key === null) return;
    // Like Supabase: without a user token, the API key's role is the bearer.
    /** @type {Record<string, string>} */
    const extra = {
      authorization: keys.bearer(req, key),
      // The caller's address, as the platform sets it (demo requests are limited per client).
      'x-forwarded-for': forwardedFor(req),
    };
    if (declaredTooLarge(req, res, MAX_BODY.rest)) return;
    proxy(req, res, opts.postgrestPort, below(url) + url.search, extra, MAX_BODY.rest);
  };

/**
 * /auth/v1: the body read and parsed here, then handed to the auth service.
 * @param {GatewayOptions} opts @param {KeyChecks} keys @returns {Handler}
 */
const authHandler =
  (opts, keys) =>
  async (req, res, { url }) => {
    const path = below(url).replace(/\/+$/, '') || '/';
    const key = keys.apiKey(req, res, url, req.method === 'GET' && path === '/verify');
    if (key === null) return;
    if (declaredTooLarge(req, res, MAX_BODY.auth)) return;
    const raw = await readBody(req, MAX_BODY.auth);
    // Any JSON value: the auth service reads the fields it needs and checks their types.
    /** @type {unknown} */
    let body;
    try {
      body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
    } catch {
      return send(res, 400, { code: 400, error_code: 'bad_json', msg: 'Could not parse request body as JSON' });
    }
    const reply = await opts.auth.handle({
      method: req.method ?? 'GET',
      path,
      search: url.searchParams,
      // The admin API reads the service role from the bearer: a secret key there names it too. No
      // bearer stays none (the auth service answers that itself).
      headers: req.headers.authorization ? { ...req.headers, authorization: keys.bearer(req, key) } : req.headers,
      body,
      ip: req.socket.remoteAddress ?? 'unknown',
    });
    // The admin user list's Link and X-Total-Count; a redirect's Location.
    send(res, reply.status, reply.body, reply.headers);
  };

/**
 * Realtime's websocket: the key in the query, as realtime-js sends it (a browser cannot set headers).
 * @param {GatewayOptions} opts @param {KeyChecks} keys
 * @returns {(req: http.IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => void}
 */
const realtimeUpgrade =
  (opts, { apiKeys }) =>
  (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = url.searchParams.get('apikey') ?? /** @type {string | undefined} */ (req.headers.apikey);
    if (url.pathname.replace(/\/+$/, '') !== REALTIME_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
    } else if (!key || !apiKeys.has(key)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
    } else {
      // The socket's default token: the key's role (a join without a user's token, or with an sb_ key).
      opts.realtime.upgrade(req, socket, head, apiKeys.get(key) ?? key);
    }
  };

/**
 * @param {GatewayOptions} opts
 * @returns {Promise<{ server: http.Server, stop: () => Promise<void> }>}
 */
export async function startGateway(opts) {
  const keys = keyChecks(opts);
  const functions = functionsHandler(opts);
  const rest = restHandler(opts, keys);
  const auth = authHandler(opts, keys);
  /** @type {Route[]} */
  const routes = [
    ['OPTIONS', '*', preflight],
    [[...METHODS], '/functions/v1', functions],
    [[...METHODS], '/functions/v1/*', functions],
    [[...METHODS], '/rest/v1', rest],
    [[...METHODS], '/rest/v1/*', rest],
    [[...METHODS], '/auth/v1', auth],
    [[...METHODS], '/auth/v1/*', auth],
  ];
  const server = http.createServer(
    requestListener(routes, {
      name: 'gateway',
      log: opts.log ?? (() => {}),
      notFound: (_req, res) => send(res, 404, { message: 'no Route matched with those values' }),
      failed: (res) =>
        send(res, 500, { code: 500, error_code: 'unexpected_failure', msg: 'Unexpected failure in the local stack' }),
    }),
  );
  // Open connections (websockets included) stay well within this process's open-file limit:
  // past it, new ones are dropped, not the stack.
  server.maxConnections = connectionLimit(4000);
  server.on('upgrade', realtimeUpgrade(opts, keys));
  await listenLocal(server, opts.port, { what: 'the API gateway', envVar: 'SUPABASE_API_PORT' });
  return { server, stop: () => closeServer(server) };
}
