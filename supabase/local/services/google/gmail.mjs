// @ts-check
// The Gmail API subset the functions use, under /gmail/v1/users/me: profile, messages (list, get,
// send) and history. Every call needs a live access token; a mailbox made slow answers late.
import { readJsonObject } from '../../shared/http/body.mjs';
import { READ_SCOPES, SEND_SCOPES } from './accounts.mjs';
import { apiError, authorised, hasScope, send } from './api.mjs';
import { addressOf, parseRfc2822 } from './rfc2822.mjs';

/**
 * @typedef {import('./store.mjs').Message} Message
 * @typedef {import('./store.mjs').Mailbox} Mailbox
 * @typedef {import('./store.mjs').AccessToken} AccessToken
 * @typedef {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse,
 *   call: { url: URL, params: Record<string, string | undefined>, access: AccessToken, box: Mailbox }) => unknown} GmailHandler
 */

const PREFIX = '/gmail/v1/users/:user';
const ANY_METHOD = /** @type {const} */ (['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** A message as the Gmail API shows it in `format`. @param {Message} m @param {string} format @param {string[]} metadataHeaders */
function view(m, format, metadataHeaders) {
  const snippet = m.body.replace(/\s+/g, ' ').trim().slice(0, 200);
  const base = {
    id: m.id,
    threadId: m.threadId,
    labelIds: m.labelIds,
    snippet,
    historyId: m.historyId,
    internalDate: m.internalDate,
    sizeEstimate: m.body.length + 200,
  };
  if (format === 'minimal') return base;
  if (format === 'raw') {
    const raw = `${m.headers.map((h) => `${h.name}: ${h.value}`).join('\r\n')}\r\n\r\n${m.body}`;
    return { ...base, raw: Buffer.from(raw).toString('base64url') };
  }
  const wanted = metadataHeaders.map((h) => h.toLowerCase());
  const headers =
    format === 'metadata' && wanted.length ? m.headers.filter((h) => wanted.includes(h.name.toLowerCase())) : m.headers;
  const data = Buffer.from(m.body).toString('base64url');
  return {
    ...base,
    payload: {
      partId: '',
      mimeType: 'text/plain',
      filename: '',
      headers,
      body: format === 'metadata' ? { size: m.body.length } : { size: m.body.length, data },
    },
  };
}

/** `maxResults` and `pageToken` of a list call. @param {URL} url */
const paging = (url) => ({
  max: Math.min(500, Math.max(1, Number(url.searchParams.get('maxResults') ?? 100) || 100)),
  offset: Number(url.searchParams.get('pageToken') ?? 0) || 0,
});

/** @type {GmailHandler} */
const profile = (_req, res, { box }) =>
  send(res, 200, {
    emailAddress: box.email,
    messagesTotal: box.messages.length,
    threadsTotal: new Set(box.messages.map((m) => m.threadId)).size,
    historyId: String(box.historyId),
  });

/** messages.list: by label, `in:inbox` and `after:<seconds>`, newest first. @type {GmailHandler} */
const list = (_req, res, { url, box }) => {
  const labels = url.searchParams.getAll('labelIds');
  const q = url.searchParams.get('q') ?? '';
  const after = /\bafter:(\d+)\b/.exec(q)?.[1];
  const inInbox = /\bin:inbox\b/i.test(q);
  const { max, offset } = paging(url);
  const matched = box.messages
    .filter((m) => labels.every((l) => m.labelIds.includes(l)))
    .filter((m) => !inInbox || m.labelIds.includes('INBOX'))
    .filter((m) => !after || Number(m.internalDate) > Number(after) * 1000)
    .sort((a, b) => Number(b.internalDate) - Number(a.internalDate) || Number(b.historyId) - Number(a.historyId));
  const pageOf = matched.slice(offset, offset + max);
  return send(res, 200, {
    ...(pageOf.length ? { messages: pageOf.map((m) => ({ id: m.id, threadId: m.threadId })) } : {}),
    ...(offset + max < matched.length ? { nextPageToken: String(offset + max) } : {}),
    resultSizeEstimate: matched.length,
  });
};

/** messages.get @type {GmailHandler} */
const get = (_req, res, { url, params, box }) => {
  // Not an id at all: an unknown endpoint, as Gmail answers it.
  if (!/^[0-9a-f]{1,32}$/.test(params.id ?? '')) return apiError(res, 404, 'Not Found', 'NOT_FOUND');
  const m = box.messages.find((x) => x.id === params.id);
  if (!m) return apiError(res, 404, 'Requested entity was not found.', 'NOT_FOUND');
  return send(res, 200, view(m, url.searchParams.get('format') ?? 'full', url.searchParams.getAll('metadataHeaders')));
};

/** history.list: what was added since `startHistoryId`. @type {GmailHandler} */
const history = (_req, res, { url, box }) => {
  const start = Number(url.searchParams.get('startHistoryId'));
  if (!Number.isInteger(start) || start <= 0) return apiError(res, 400, 'Invalid startHistoryId', 'INVALID_ARGUMENT');
  // Gmail keeps history for a while only: a cursor from before that is answered 404.
  if (start < box.historyFloor) return apiError(res, 404, 'Requested entity was not found.', 'NOT_FOUND');
  const label = url.searchParams.get('labelId');
  const { max, offset } = paging(url);
  const records = box.history
    .filter((h) => Number(h.id) > start)
    .map((h) => ({ ...h, messagesAdded: h.messagesAdded.filter((a) => !label || a.message.labelIds.includes(label)) }))
    .filter((h) => h.messagesAdded.length);
  const pageOf = records.slice(offset, offset + max);
  return send(res, 200, {
    ...(pageOf.length
      ? {
          history: pageOf.map((h) => ({
            id: h.id,
            messages: h.messagesAdded.map((a) => ({ id: a.message.id, threadId: a.message.threadId })),
            messagesAdded: h.messagesAdded,
          })),
        }
      : {}),
    ...(offset + max < records.length ? { nextPageToken: String(offset + max) } : {}),
    historyId: String(box.historyId),
  });
};

/**
 * @param {{ store: import('./store.mjs').Store, log: (line: string) => void }} ctx
 * @returns {import('../../shared/http/router.mjs').Route[]}
 */
export function gmailRoutes({ store, log }) {
  /** messages.send: filed as SENT, and delivered when the recipient is a local mailbox. @type {GmailHandler} */
  const sendMessage = async (req, res, { access, box }) => {
    const body = await readJsonObject(req);
    if (!body || typeof body.raw !== 'string') {
      const message = "'raw' RFC822 payload message string or uploading message via /upload/* URL required";
      return apiError(res, 400, message, 'INVALID_ARGUMENT');
    }
    if (box.failSends > 0) {
      box.failSends -= 1;
      const status = box.failStatus ?? 500;
      // The person removes the app's access at that very moment: this token and every other go.
      if (box.revokeOnFail) store.revoke(access.refreshToken);
      store.save();
      if (status === 401)
        return apiError(res, 401, 'Request had invalid authentication credentials.', 'UNAUTHENTICATED');
      const server = status >= 500;
      return apiError(
        res,
        status,
        server ? 'Backend Error' : 'Precondition check failed.',
        server ? 'INTERNAL' : 'FAILED_PRECONDITION',
      );
    }
    const parsed = parseRfc2822(Buffer.from(body.raw, 'base64url').toString('utf8'));
    const to = parsed.headers.find((h) => h.name.toLowerCase() === 'to')?.value ?? '';
    const recipient = addressOf(to);
    if (!recipient) return apiError(res, 400, 'Invalid To header', 'INVALID_ARGUMENT');
    // Gmail sends as the signed-in account whatever From says (unless it is one of its aliases).
    const headers = parsed.headers.filter((h) => !/^(from|message-id|date)$/i.test(h.name));
    headers.unshift(
      { name: 'From', value: `${box.name} <${box.email}>` },
      { name: 'Date', value: new Date().toUTCString() },
      { name: 'Message-ID', value: store.messageId() },
    );
    const threadId = typeof body.threadId === 'string' ? body.threadId : null;
    const sent = store.file(box, { headers, body: parsed.body, labelIds: ['SENT'], threadId });
    // A local recipient gets it in their inbox, as Gmail would deliver it.
    const inbox = store.state.mailboxes[recipient];
    if (inbox && recipient !== box.email)
      store.file(inbox, { headers, body: parsed.body, labelIds: ['INBOX', 'UNREAD'] });
    log(`[google] ${box.email} sent mail to ${recipient}`);
    return send(res, 200, { id: sent.id, threadId: sent.threadId, labelIds: sent.labelIds });
  };

  /**
   * A Gmail call: the bearer's access token first (401 without), the mailbox's delay, then the
   * scope the call needs (403 without).
   * @param {string[] | null} scopes @param {GmailHandler} handler
   * @returns {import('../../shared/http/router.mjs').Handler}
   */
  const call =
    (scopes, handler) =>
    async (req, res, { url, params }) => {
      const access = authorised(store, req, res);
      if (!access) return;
      const box = store.mailbox(access.email);
      if (box.delayMs) await new Promise((resolve) => setTimeout(resolve, box.delayMs));
      if (scopes && !hasScope(access, scopes, res)) return;
      return handler(req, res, { url, params, access, box });
    };

  return [
    ['GET', `${PREFIX}/profile`, call(READ_SCOPES, profile)],
    ['GET', `${PREFIX}/messages`, call(READ_SCOPES, list)],
    ['POST', `${PREFIX}/messages/send`, call(SEND_SCOPES, sendMessage)],
    ['GET', `${PREFIX}/messages/:id`, call(READ_SCOPES, get)],
    ['GET', `${PREFIX}/history`, call(READ_SCOPES, history)],
    // Any other call under /gmail/v1/users/: signed in, then Gmail's 404.
    [[...ANY_METHOD], '/gmail/v1/users/*', call(null, (_req, res) => apiError(res, 404, 'Not Found', 'NOT_FOUND'))],
  ];
}
