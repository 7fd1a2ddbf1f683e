// @ts-check
// The local Google's state: mailboxes (messages and their history), OAuth grants (by refresh
// token) and access tokens. Kept in a JSON file, when one is given, so that a restart keeps
// connected accounts and their mail.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_GRANT, GMAIL_SCOPES, LOCAL_DOMAIN, LOCAL_GOOGLE_ACCOUNTS } from './accounts.mjs';
import { header } from './rfc2822.mjs';

/**
 * @typedef {import('./rfc2822.mjs').Header} Header
 * @typedef {{ id: string, threadId: string, labelIds: string[], historyId: string, internalDate: string,
 *   headers: Header[], body: string }} Message
 * @typedef {{ id: string, messagesAdded: { message: { id: string, threadId: string, labelIds: string[] } }[] }} HistoryRecord
 * @typedef {{ email: string, name: string, sub: string, historyId: number, messages: Message[],
 *   history: HistoryRecord[], historyFloor: number, failSends: number, delayMs?: number,
 *   failStatus?: number, revokeOnFail?: boolean }} Mailbox
 * @typedef {{ email: string, scope: string, clientId: string, revoked: boolean, createdAt: string }} Grant
 * @typedef {{ email: string, scope: string, expiresAt: number, refreshToken: string }} AccessToken
 * @typedef {{ mailboxes: Record<string, Mailbox>, grants: Record<string, Grant>, accessTokens: Record<string, AccessToken> }} State
 */

const KEEP_MESSAGES = 2000;

/** @param {number} bytes */
export const hex = (bytes) => randomBytes(bytes).toString('hex');
/** Gmail's ids are 16 hex digits. */
const gmailId = () => hex(8);

/** A new mailbox. @param {string} email @param {string} name @returns {Mailbox} */
function newMailbox(email, name) {
  return {
    email,
    name,
    sub: String(100000000000000000000n + BigInt(`0x${hex(6)}`)),
    historyId: 1000,
    messages: [],
    history: [],
    historyFloor: 0,
    failSends: 0,
  };
}

/** The state file's contents, or a new state with the local accounts and the demo grant. @param {string | null} file */
function loadState(file) {
  /** @type {State} */
  let state = { mailboxes: {}, grants: {}, accessTokens: {} };
  if (file && existsSync(file)) {
    try {
      /** @type {unknown} */
      const saved = JSON.parse(readFileSync(file, 'utf8'));
      state = { ...state, .../** @type {Partial<State>} */ (saved) };
    } catch {
      // A torn or hand-edited file: start again rather than refuse to start.
    }
  }
  for (const { email, name } of LOCAL_GOOGLE_ACCOUNTS) state.mailboxes[email] ??= newMailbox(email, name);
  state.grants[DEMO_GRANT.refreshToken] ??= {
    email: DEMO_GRANT.email,
    scope: ['openid', 'email', GMAIL_SCOPES.readonly, GMAIL_SCOPES.send].join(' '),
    clientId: '*',
    revoked: false,
    createdAt: new Date().toISOString(),
  };
  return state;
}

/** A new Message-ID, as Gmail makes them. */
const messageId = () => `<${hex(12)}@mail.${LOCAL_DOMAIN}>`;

/**
 * The mailboxes and the mail in them.
 * @param {{ state: State, save: () => void, log: (line: string) => void }} ctx
 */
function mailStore({ state, save, log }) {
  /** The mailbox of `email`, made when there is none. @param {string} email @param {string} [name] */
  const mailbox = (email, name) => {
    const key = email.toLowerCase();
    if (!state.mailboxes[key]) {
      state.mailboxes[key] = newMailbox(key, name || key.split('@')[0] || key);
      save();
    }
    return /** @type {Mailbox} */ (state.mailboxes[key]);
  };

  /**
   * Files a message in `box`: a new history record (messageAdded), the thread it belongs to.
   * @param {Mailbox} box @param {{ headers: Header[], body: string, labelIds: string[], threadId?: string | null, date?: number }} m
   */
  const file = (box, m) => {
    let threadId = m.threadId && box.messages.some((x) => x.threadId === m.threadId) ? m.threadId : null;
    if (!threadId) {
      // Gmail threads a reply by the message ids it refers to.
      const refs = [m.headers.find((h) => /^in-reply-to$/i.test(h.name))?.value ?? '']
        .concat((m.headers.find((h) => /^references$/i.test(h.name))?.value ?? '').split(/\s+/))
        .filter(Boolean);
      threadId = box.messages.find((x) => refs.includes(header(x, 'Message-ID') ?? ''))?.threadId ?? gmailId();
    }
    box.historyId += 1;
    /** @type {Message} */
    const message = {
      id: gmailId(),
      threadId,
      labelIds: m.labelIds,
      historyId: String(box.historyId),
      internalDate: String(m.date ?? Date.now()),
      headers: m.headers,
      body: m.body,
    };
    box.messages.push(message);
    if (box.messages.length > KEEP_MESSAGES) box.messages.shift();
    box.history.push({
      id: String(box.historyId),
      messagesAdded: [{ message: { id: message.id, threadId, labelIds: [...m.labelIds] } }],
    });
    if (box.history.length > KEEP_MESSAGES) box.historyFloor = Number(box.history.shift()?.id ?? 0);
    save();
    return message;
  };

  /** Delivers an incoming message to a local inbox. @param {{ to: string, from: string, subject: string, text?: string, headers?: Record<string, string>, threadId?: string | null, date?: number }} input */
  const deliver = (input) => {
    const box = mailbox(input.to);
    /** @type {Header[]} */
    const headers = [
      { name: 'From', value: input.from },
      { name: 'To', value: box.email },
      { name: 'Subject', value: input.subject },
      { name: 'Date', value: new Date(input.date ?? Date.now()).toUTCString() },
      { name: 'Message-ID', value: messageId() },
      ...Object.entries(input.headers ?? {}).map(([name, value]) => ({ name, value })),
    ];
    const message = file(box, {
      headers,
      body: input.text ?? '',
      labelIds: ['INBOX', 'UNREAD'],
      threadId: input.threadId,
      date: input.date,
    });
    log(`[google] mail for ${box.email} from ${input.from}: ${input.subject}`);
    return message;
  };

  return { mailbox, file, deliver, messageId };
}

/**
 * The OAuth grants (by refresh token) and the access tokens they gave.
 * @param {{ state: State, save: () => void, accessTokenTtl: number }} ctx
 */
function tokenStore({ state, save, accessTokenTtl }) {
  /** A new grant of `scope` on `email`'s account to `clientId`: its refresh token. @param {string} email @param {string} scope @param {string} clientId */
  const grant = (email, scope, clientId) => {
    const refreshToken = `1//local-${hex(24)}`;
    state.grants[refreshToken] = { email, scope, clientId, revoked: false, createdAt: new Date().toISOString() };
    return refreshToken;
  };

  /** A new access token for a grant. @param {string} email @param {string} scope @param {string} refreshToken */
  const issueAccessToken = (email, scope, refreshToken) => {
    const token = `ya29.local-${hex(24)}`;
    const now = Date.now();
    // Expired ones go: the file stays small.
    for (const [key, value] of Object.entries(state.accessTokens))
      if (value.expiresAt < now) delete state.accessTokens[key];
    state.accessTokens[token] = { email, scope, expiresAt: now + accessTokenTtl * 1000, refreshToken };
    save();
    return token;
  };

  /** Revokes a grant (by its refresh token or one of its access tokens) and its access tokens. @param {string} tokenValue */
  const revoke = (tokenValue) => {
    const refreshToken = state.grants[tokenValue] ? tokenValue : state.accessTokens[tokenValue]?.refreshToken;
    const found = refreshToken ? state.grants[refreshToken] : undefined;
    if (!found || !refreshToken) return false;
    found.revoked = true;
    for (const [key, value] of Object.entries(state.accessTokens))
      if (value.refreshToken === refreshToken) delete state.accessTokens[key];
    save();
    return true;
  };

  /** The live access token `bearer` names (not expired, its grant not revoked), or null. @param {string | undefined} bearer */
  const access = (bearer) => {
    const found = bearer ? state.accessTokens[bearer] : undefined;
    const owner = found ? state.grants[found.refreshToken] : undefined;
    return found && found.expiresAt >= Date.now() && owner && !owner.revoked ? found : null;
  };

  return { grant, issueAccessToken, revoke, access };
}

/**
 * @param {{ stateFile: string | null, accessTokenTtl: number, log: (line: string) => void }} opts
 *   `accessTokenTtl`: seconds an access token lives.
 */
export function createStore({ stateFile, accessTokenTtl, log }) {
  const state = loadState(stateFile);

  /** Writes the state file (whole, then renamed into place: never torn). */
  const save = () => {
    if (!stateFile) return;
    mkdirSync(path.dirname(stateFile), { recursive: true });
    const tmp = `${stateFile}.tmp`;
    writeFileSync(tmp, JSON.stringify(state));
    renameSync(tmp, stateFile);
  };
  save();

  return { state, save, ...mailStore({ state, save, log }), ...tokenStore({ state, save, accessTokenTtl }) };
}

/** @typedef {ReturnType<typeof createStore>} Store */
