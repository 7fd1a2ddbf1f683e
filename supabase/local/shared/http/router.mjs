// @ts-check
// How every local service routes: a table of method + path → handler, matched by find-my-way (the
// router Fastify uses), with the service's own answer for "no such route" and for a handler that
// throws. A table reads as the service's API; adding an endpoint is adding a row.
import FindMyWay from 'find-my-way';
import { errorMessage } from '../errors.mjs';
import { BodyTooLarge } from './body.mjs';
import { sendJson } from './reply.mjs';

/**
 * @typedef {import('node:http').IncomingMessage} IncomingMessage
 * @typedef {import('node:http').ServerResponse} ServerResponse
 * @typedef {import('find-my-way').HTTPMethod} Method
 * @typedef {Record<string, string | undefined>} Params path parameters, decoded (`:id`, `*`)
 * @typedef {(req: IncomingMessage, res: ServerResponse, match: { params: Params, url: URL }) => unknown} Handler
 * @typedef {[method: Method | Method[], path: string, handler: Handler]} Route
 */

/** Long enough for an email address or a conversation id in a path. */
const MAX_PARAM_LENGTH = 500;

/** The request's address, parsed (only its path and query are ever read). @param {IncomingMessage} req */
export const urlOf = (req) => new URL(req.url ?? '/', 'http://localhost');

/**
 * A request listener for `routes`. No route for the method and path: `notFound`. A handler that
 * throws or rejects: a log line, then `failed` (or 413 for a body over the bound), unless the
 * answer had begun, in which case the connection is dropped.
 * @param {Route[]} routes
 * @param {{ name: string, log: (line: string) => void,
 *   notFound: (req: IncomingMessage, res: ServerResponse) => void, failed: (res: ServerResponse) => void }} opts
 * @returns {(req: IncomingMessage, res: ServerResponse) => void}
 */
export function requestListener(routes, { name, log, notFound, failed }) {
  const router = FindMyWay({ maxParamLength: MAX_PARAM_LENGTH, defaultRoute: notFound });
  for (const [method, path, handler] of routes) {
    router.on(method, path, (req, res, params) => handler(req, res, { params, url: urlOf(req) }));
  }
  return (req, res) => {
    /** @param {unknown} error */
    const fail = (error) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof BodyTooLarge) return sendJson(res, 413, { message: error.message }, { connection: 'close' });
      log(`[${name}] ${error instanceof Error ? error.stack : errorMessage(error)}`);
      failed(res);
    };
    try {
      Promise.resolve(router.lookup(req, res)).catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}

/**
 * The same table for a service that is not an HTTP server of its own (the auth API, which the
 * gateway calls with the request already read): `match(method, path)` finds the route's value.
 * @template T
 * @param {[method: Method | Method[], path: string, value: T][]} routes
 * @returns {(method: string, path: string) => { value: T, params: Params } | null}
 */
export function routeTable(routes) {
  const router = FindMyWay({ maxParamLength: MAX_PARAM_LENGTH });
  // Each route's handler is a marker for its value (find-my-way types a route's store as any).
  /** @type {Map<Function, T>} */
  const values = new Map();
  for (const [method, path, value] of routes) {
    const marker = () => {};
    values.set(marker, value);
    router.on(method, path, marker);
  }
  return (method, path) => {
    const found = router.find(/** @type {Method} */ (method), path);
    if (!found) return null;
    const value = values.get(found.handler);
    return value === undefined ? null : { value, params: found.params };
  };
}
