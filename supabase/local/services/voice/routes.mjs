// @ts-check
// The voice service's HTTP API: the signed-URL endpoint (xi-api-key), the widget script, health,
// and `/_local/conversations` (same key) for tests.
import { timingSafeEqual } from 'node:crypto';
import { ANY_ORIGIN } from '../../shared/http/cors.mjs';
import { sendJson, sendText } from '../../shared/http/reply.mjs';
import { ACCOUNT_AGENTS } from './agents.mjs';
import { widgetScript } from './widget.mjs';

/**
 * @typedef {import('../../shared/http/router.mjs').Route} Route
 * @typedef {import('../../shared/http/router.mjs').Handler} Handler
 */

export const CONVERSATION_PATH = '/v1/convai/conversation';

/** @param {string} a @param {string} b */
function sameSecret(a, b) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const invalidKey = { detail: { status: 'invalid_api_key', message: 'Invalid API key' } };
const notFound = { detail: { status: 'not_found' } };

/**
 * @param {{ apiKey: string, wsOrigin: string, records: import('./records.mjs').Records,
 *   log: (line: string) => void }} opts
 * @returns {Route[]}
 */
export function voiceRoutes({ apiKey, wsOrigin, records, log }) {
  /** @param {import('node:http').IncomingMessage} req */
  const keyOk = (req) => {
    const key = req.headers['xi-api-key'];
    return typeof key === 'string' && sameSecret(key, apiKey);
  };
  const script = widgetScript(wsOrigin);

  /** GET /v1/convai/conversation/get-signed-url: a one-use websocket URL for an agent. @type {Handler} */
  const signedUrl = (req, res, { url }) => {
    if (!keyOk(req)) return sendJson(res, 401, invalidKey);
    const agentId = url.searchParams.get('agent_id');
    if (!agentId) {
      return sendJson(res, 422, {
        detail: [{ type: 'missing', loc: ['query', 'agent_id'], msg: 'Field required', input: null }],
      });
    }
    if (!ACCOUNT_AGENTS.includes(agentId)) {
      return sendJson(res, 404, {
        detail: { status: 'agent_not_found', message: `Agent with id ${agentId} was not found` },
      });
    }
    const issued = records.sign(agentId);
    if (!issued) {
      return sendJson(res, 429, { detail: { status: 'too_many_requests', message: 'Too many open signed URLs' } });
    }
    const signed = new URL(CONVERSATION_PATH, wsOrigin);
    signed.searchParams.set('agent_id', agentId);
    signed.searchParams.set('conversation_signature', issued.signature);
    if (url.searchParams.get('include_conversation_id') === 'true') {
      signed.searchParams.set('conversation_id', issued.conversationId);
    }
    log(`[voice] signed URL issued for ${agentId} (${issued.conversationId})`);
    return sendJson(res, 200, { signed_url: signed.href });
  };

  /** GET /_local/conversations[?latest=1]: every conversation kept, or the latest. @type {Handler} */
  const conversations = (req, res, { url }) => {
    if (!keyOk(req)) return sendJson(res, 401, invalidKey);
    const all = records.all();
    if (url.searchParams.get('latest') !== '1') return sendJson(res, 200, all);
    const latest = all.at(-1);
    return latest ? sendJson(res, 200, latest) : sendJson(res, 404, notFound);
  };

  /** GET /_local/conversations/:id @type {Handler} */
  const conversation = (req, res, match) => {
    if (!keyOk(req)) return sendJson(res, 401, invalidKey);
    const id = match.params.id ?? '';
    if (!id) return conversations(req, res, match);
    const record = records.get(id);
    return record ? sendJson(res, 200, record) : sendJson(res, 404, notFound);
  };

  return [
    ['GET', '/_health', (_req, res) => sendText(res, 200, 'ok')],
    [
      'GET',
      '/convai-widget-embed.js',
      (_req, res) =>
        sendText(res, 200, script, {
          'content-type': 'text/javascript; charset=utf-8',
          ...ANY_ORIGIN,
          'cache-control': 'no-cache',
        }),
    ],
    ['GET', `${CONVERSATION_PATH}/get-signed-url`, signedUrl],
    ['GET', '/_local/conversations', conversations],
    ['GET', '/_local/conversations/:id', conversation],
  ];
}
