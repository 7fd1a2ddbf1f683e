// @ts-check
// The local Google's own tools, for people, tools and tests: a page at / that shows every
// mailbox, and /_local/*: drop a message into an inbox (`npm run staff -- mail-in`), make a
// mailbox, read one, revoke its grants, make sending fail, slow Gmail down, archive a message,
// forget the history.
import { readJsonObject } from '../../shared/http/body.mjs';
import { sendHtml } from '../../shared/http/reply.mjs';
import { isAddress } from './accounts.mjs';
import { send } from './api.mjs';
import { mailboxesPage } from './pages.mjs';
import { decodeWords, header } from './rfc2822.mjs';

/**
 * @typedef {import('./store.mjs').Mailbox} Mailbox
 * @typedef {import('./store.mjs').Store} Store
 * @typedef {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, store: Store) => unknown} StoreHandler
 * @typedef {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse,
 *   tool: { store: Store, box: Mailbox }) => unknown} MailboxHandler
 */

/** @param {unknown} value */
const text = (value) => (typeof value === 'string' ? value : '');

/** @type {StoreHandler} */
const deliver = async (req, res, store) => {
  const body = await readJsonObject(req);
  const to = text(body?.to).trim().toLowerCase();
  const from = text(body?.from).trim();
  if (!isAddress(to)) return send(res, 400, { error: 'to must be an email address' });
  if (!from) return send(res, 400, { error: 'from is required' });
  /** @type {Record<string, string>} */
  const headers = {};
  if (body?.headers && typeof body.headers === 'object') {
    for (const [k, v] of Object.entries(body.headers)) if (typeof v === 'string') headers[k] = v;
  }
  const message = store.deliver({
    to,
    from,
    subject: text(body?.subject),
    text: text(body?.text),
    headers,
    threadId: typeof body?.threadId === 'string' ? body.threadId : null,
    date: typeof body?.date === 'number' ? body.date : undefined,
  });
  return send(res, 201, { id: message.id, threadId: message.threadId, historyId: message.historyId });
};

/** @type {StoreHandler} */
const createMailbox = async (req, res, store) => {
  const body = await readJsonObject(req);
  const email = text(body?.email).trim().toLowerCase();
  if (!isAddress(email)) return send(res, 400, { error: 'email must be an email address' });
  const box = store.mailbox(email, typeof body?.name === 'string' ? body.name : undefined);
  return send(res, 201, { email: box.email, name: box.name, historyId: String(box.historyId) });
};

/** @type {MailboxHandler} */
const show = (_req, res, { store, box }) =>
  send(res, 200, {
    email: box.email,
    name: box.name,
    historyId: String(box.historyId),
    messages: box.messages.map((m) => ({ ...m, subject: decodeWords(header(m, 'Subject') ?? '') })),
    grants: Object.values(store.state.grants)
      .filter((g) => g.email === box.email)
      .map((g) => ({ revoked: g.revoked, scope: g.scope })),
  });

/** The person removes the app's access in their Google account. @type {MailboxHandler} */
const revoke = (_req, res, { store, box }) => {
  let revoked = 0;
  for (const [refreshToken, grant] of Object.entries(store.state.grants)) {
    if (grant.email === box.email && !grant.revoked && store.revoke(refreshToken)) revoked += 1;
  }
  return send(res, 200, { revoked });
};

/** The next `count` sends fail with `status` (and, with `revoke`, the access goes too). @type {MailboxHandler} */
const failSends = async (req, res, { store, box }) => {
  const body = await readJsonObject(req);
  box.failSends = typeof body?.count === 'number' ? Math.max(0, Math.floor(body.count)) : 1;
  box.failStatus = typeof body?.status === 'number' ? Math.floor(body.status) : 500;
  box.revokeOnFail = body?.revoke === true;
  store.save();
  return send(res, 200, { failSends: box.failSends, status: box.failStatus, revoke: box.revokeOnFail });
};

/** The person archives a message: it leaves the inbox (its INBOX label goes). @type {MailboxHandler} */
const archive = async (req, res, { store, box }) => {
  const body = await readJsonObject(req);
  const message = box.messages.find((m) => m.id === body?.id);
  if (!message) return send(res, 404, { error: 'no such message' });
  message.labelIds = message.labelIds.filter((l) => l !== 'INBOX');
  store.save();
  return send(res, 200, { id: message.id, labelIds: message.labelIds });
};

/** Every Gmail call of this mailbox answers `ms` late (at most 10 s). @type {MailboxHandler} */
const slow = async (req, res, { box }) => {
  const body = await readJsonObject(req);
  box.delayMs = typeof body?.ms === 'number' ? Math.min(10_000, Math.max(0, Math.floor(body.ms))) : 0;
  return send(res, 200, { delayMs: box.delayMs });
};

/** @type {MailboxHandler} */
const forgetHistory = (_req, res, { store, box }) => {
  box.history = [];
  // A cursor from before now is too old; the current history id stays a valid start.
  box.historyFloor = box.historyId;
  store.save();
  return send(res, 200, { historyFloor: box.historyFloor });
};

/**
 * @param {{ store: Store }} ctx
 * @returns {import('../../shared/http/router.mjs').Route[]}
 */
export function localRoutes({ store }) {
  const { state } = store;

  /** @param {StoreHandler} handler @returns {import('../../shared/http/router.mjs').Handler} */
  const withStore = (handler) => (req, res) => handler(req, res, store);
  /**
   * A tool for one mailbox, named in the path (404 when there is none).
   * @param {MailboxHandler} handler @returns {import('../../shared/http/router.mjs').Handler}
   */
  const forMailbox =
    (handler) =>
    (req, res, { params }) => {
      const box = state.mailboxes[(params.email ?? '').toLowerCase()];
      return box ? handler(req, res, { store, box }) : send(res, 404, { error: 'no such mailbox' });
    };

  return [
    [
      'GET',
      '/',
      (_req, res) => sendHtml(res, 200, mailboxesPage(Object.values(state.mailboxes)), { 'cache-control': 'no-store' }),
    ],
    ['POST', '/_local/messages', withStore(deliver)],
    ['POST', '/_local/mailboxes', withStore(createMailbox)],
    ['GET', '/_local/mailboxes/:email', forMailbox(show)],
    ['POST', '/_local/mailboxes/:email/revoke', forMailbox(revoke)],
    ['POST', '/_local/mailboxes/:email/fail-sends', forMailbox(failSends)],
    ['POST', '/_local/mailboxes/:email/archive', forMailbox(archive)],
    ['POST', '/_local/mailboxes/:email/slow', forMailbox(slow)],
    ['POST', '/_local/mailboxes/:email/forget-history', forMailbox(forgetHistory)],
  ];
}
