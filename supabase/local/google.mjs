// @ts-check
// A local stand-in for Google at the protocol level, so the real gmail-oauth and gmail-auto-reply
// functions run unchanged against it (production differs by configuration only):
// - OAuth 2.0: the consent page (choose a local account, Allow / Deny) at /o/oauth2/v2/auth, the
//   token endpoint (/token: authorization_code with PKCE, refresh_token), /revoke, and OpenID
//   Connect's /v1/userinfo;
// - the Gmail API subset the functions use, under /gmail/v1/users/me: profile, messages (list,
//   get, send) and history;
// - local mailboxes: a page at / that shows every message (what came in, what Chloe sent), and
//   /_local/* for tools and tests: drop a message into an inbox (`npm run staff -- mail-in`),
//   revoke an account's grants, make sending fail, slow Gmail down, archive a message, forget the
//   history.
// State (mailboxes, grants) is kept in a JSON file so that a restart keeps connected accounts.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { listenLocal } from './process.mjs';

/** The local OAuth client (its secret is new at every start and goes only to the functions). */
export const GOOGLE_CLIENT_ID = 'chloe-local.apps.googleusercontent.test';

/** The mailboxes every local Google has; a consent can also create one (…@gmail.test). */
export const LOCAL_GOOGLE_ACCOUNTS = Object.freeze([
  { email: 'demo.chloe@gmail.test', name: 'Demo Chloe' },
  { email: 'alex.mover@gmail.test', name: 'Alex Mover' },
  { email: 'sam.agent@gmail.test', name: 'Sam Agent' },
]);

/**
 * The demo user's mailbox is connected by supabase/seed.sql with this refresh token; the stand-in
 * knows it as a grant of demo.chloe@gmail.test, so the demo answers mail from the first start.
 */
export const DEMO_GRANT = Object.freeze({
  email: 'demo.chloe@gmail.test',
  refreshToken: '1//local-demo-chloe-refresh-token',
});

export const GMAIL_SCOPES = Object.freeze({
  readonly: 'https://www.googleapis.com/auth/gmail.readonly',
  send: 'https://www.googleapis.com/auth/gmail.send',
  modify: 'https://www.googleapis.com/auth/gmail.modify',
  full: 'https://mail.google.com/',
});
const READ_SCOPES = [GMAIL_SCOPES.readonly, GMAIL_SCOPES.modify, GMAIL_SCOPES.full];
const SEND_SCOPES = [GMAIL_SCOPES.send, GMAIL_SCOPES.modify, GMAIL_SCOPES.full];

const CODE_TTL_MS = 10 * 60 * 1000;
const CONSENT_TTL_MS = 30 * 60 * 1000;
const MAX_BODY = 1024 * 1024;
const KEEP_MESSAGES = 2000;
const LOCAL_DOMAIN = 'gmail.test';

/**
 * @typedef {{ name: string, value: string }} Header
 * @typedef {{ id: string, threadId: string, labelIds: string[], historyId: string, internalDate: string,
 *   headers: Header[], body: string }} Message
 * @typedef {{ id: string, messagesAdded: { message: { id: string, threadId: string, labelIds: string[] } }[] }} HistoryRecord
 * @typedef {{ email: string, name: string, sub: string, historyId: number, messages: Message[],
 *   history: HistoryRecord[], historyFloor: number, failSends: number, delayMs?: number,
 *   failStatus?: number, revokeOnFail?: boolean }} Mailbox
 * @typedef {{ email: string, scope: string, clientId: string, revoked: boolean, createdAt: string }} Grant
 * @typedef {{ email: string, scope: string, expiresAt: number, refreshToken: string }} AccessToken
 * @typedef {{ mailboxes: Record<string, Mailbox>, grants: Record<string, Grant>, accessTokens: Record<string, AccessToken> }} State
 * @typedef {{ clientId: string, clientSecret: string, redirectUris: string[] }} OAuthClient
 */

const hex = (/** @type {number} */ bytes) => randomBytes(bytes).toString('hex');
/** Gmail's ids are 16 hex digits. */
const gmailId = () => hex(8);
const base64url = (/** @type {Buffer} */ b) => b.toString('base64url');

/** @param {string} a @param {string} b */
function sameSecret(a, b) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** @param {string} s */
const escapeHtml = (s) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The address in `Name <a@b>` or `a@b`, lower-cased; null without one. @param {string} value */
export function addressOf(value) {
  const angle = /<([^<>\s]+@[^<>\s]+)>/.exec(value);
  const bare = angle?.[1] ?? /([^\s<>,;"]+@[^\s<>,;"]+)/.exec(value)?.[1];
  return bare ? bare.toLowerCase() : null;
}

/** @param {Message} m @param {string} name */
const header = (m, name) => m.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value ?? null;

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

/**
 * Decodes an RFC 2047 encoded-word header (=?UTF-8?B?...?= / Q) for display; the white space between
 * two adjacent encoded words is not part of the text (§6.2).
 * @param {string} value
 */
export function decodeWords(value) {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (
        /** @type {string} */ _,
        /** @type {string} */ _charset,
        /** @type {string} */ encoding,
        /** @type {string} */ text,
      ) => {
        if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
        const bytes = text
          .replace(/_/g, ' ')
          .replace(/=([0-9A-Fa-f]{2})/g, (/** @type {string} */ __, /** @type {string} */ h) =>
            String.fromCharCode(parseInt(h, 16)),
          );
        return Buffer.from(bytes, 'latin1').toString('utf8');
      },
    );
}

/** An RFC 2822 message (as `messages.send` gets it in `raw`): its headers and body. @param {string} text */
export function parseRfc2822(text) {
  const normalised = text.replace(/\r\n/g, '\n');
  const split = normalised.indexOf('\n\n');
  const head = split === -1 ? normalised : normalised.slice(0, split);
  let body = split === -1 ? '' : normalised.slice(split + 2);
  /** @type {Header[]} */
  const headers = [];
  for (const line of head.split('\n')) {
    const last = headers[headers.length - 1];
    if (/^[ \t]/.test(line) && last) last.value += ` ${line.trim()}`;
    else {
      const colon = line.indexOf(':');
      if (colon > 0) headers.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
    }
  }
  const encoding = headers.find((h) => h.name.toLowerCase() === 'content-transfer-encoding')?.value.toLowerCase();
  if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { headers, body };
}

/**
 * @param {{ port: number, stateFile?: string | null, clients?: OAuthClient[], accessTokenTtl?: number,
 *   log?: (line: string) => void }} opts
 *   `clients`: the OAuth clients Google knows, each with its redirect URIs (exact match, as Google
 *   checks them). `accessTokenTtl`: seconds an access token lives (Google's is 3599).
 */
export async function startGoogleService({
  port,
  stateFile = null,
  clients = [],
  accessTokenTtl = 3599,
  log = () => {},
}) {
  const url = `http://127.0.0.1:${port}`;
  const state = loadState(stateFile);
  /** @type {Map<string, { clientId: string, redirectUri: string, scope: string, state: string | null, challenge: string | null, method: string, loginHint: string | null, at: number }>} */
  const consents = new Map();
  /** @type {Map<string, { email: string, clientId: string, redirectUri: string, scope: string, challenge: string | null, method: string, at: number }>} */
  const codes = new Map();

  const save = () => {
    if (!stateFile) return;
    mkdirSync(path.dirname(stateFile), { recursive: true });
    const tmp = `${stateFile}.tmp`;
    writeFileSync(tmp, JSON.stringify(state));
    renameSync(tmp, stateFile);
  };
  save();

  /** @param {string} email @param {string} [name] */
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
      { name: 'Message-ID', value: `<${hex(12)}@mail.${LOCAL_DOMAIN}>` },
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

  // ---------------------------------------------------------------------------------------------
  // HTTP
  // ---------------------------------------------------------------------------------------------
  /** @param {http.ServerResponse} res @param {number} status @param {unknown} body @param {Record<string, string>} [headers] */
  const sendJson = (res, status, body, headers = {}) => {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    });
    res.end(JSON.stringify(body));
  };
  /** @param {http.ServerResponse} res @param {number} status @param {string} html */
  const sendHtml = (res, status, html) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  };
  /** Google's error shape for its REST APIs. @param {http.ServerResponse} res @param {number} code @param {string} message @param {string} status */
  const apiError = (res, code, message, status) => sendJson(res, code, { error: { code, message, status } });

  /** @param {http.IncomingMessage} req @returns {Promise<string>} */
  const readBody = (req) =>
    new Promise((resolve, reject) => {
      /** @type {Buffer[]} */
      const chunks = [];
      let size = 0;
      req.on('data', (/** @type {Buffer} */ c) => {
        size += c.length;
        if (size > MAX_BODY) {
          reject(new Error('too large'));
          req.destroy();
        } else chunks.push(c);
      });
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  /** @param {http.IncomingMessage} req */
  const readForm = async (req) => new URLSearchParams(await readBody(req));
  /** @param {http.IncomingMessage} req @returns {Promise<Record<string, unknown> | null>} */
  const readJsonBody = async (req) => {
    try {
      /** @type {unknown} */
      const value = JSON.parse((await readBody(req)) || 'null');
      return value && typeof value === 'object' && !Array.isArray(value)
        ? /** @type {Record<string, unknown>} */ (value)
        : null;
    } catch {
      return null;
    }
  };

  /** The page Google shows for a request it will not redirect (a bad client or redirect URI). */
  const errorPage = (/** @type {string} */ title, /** @type {string} */ detail) =>
    page(
      'Sign in - Google Accounts',
      `<h1>Access blocked: this request is invalid</h1><p><strong>${escapeHtml(title)}</strong></p><p>${escapeHtml(detail)}</p>`,
    );

  /** @param {string} title @param {string} content */
  function page(title, content) {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{font-family:system-ui,sans-serif;margin:0;padding:1rem;color:#1f1f1f;background:#f0f4f9;overflow-wrap:anywhere}
main{max-width:30rem;margin:2rem auto;background:#fff;border-radius:1.5rem;padding:1.5rem}
h1{font-size:1.5rem;font-weight:500}fieldset{border:0;padding:0;margin:1rem 0;display:grid;gap:.5rem}
label.account{display:flex;gap:.75rem;align-items:center;padding:.75rem;border:1px solid #c4c7c5;border-radius:.75rem}
.actions{display:flex;gap:.75rem;justify-content:flex-end;flex-wrap:wrap;margin-top:1.5rem}
button{font:inherit;padding:.6rem 1.4rem;border-radius:999px;border:1px solid #747775;background:#fff;color:#0b57d0;cursor:pointer}
button.primary{background:#0b57d0;color:#fff;border-color:#0b57d0}input[type=email]{font:inherit;padding:.5rem;width:100%;box-sizing:border-box}
.muted{color:#444746;font-size:.9rem}article{border-top:1px solid #c4c7c5;padding:.75rem 0}pre{white-space:pre-wrap;font:inherit}
</style></head><body><main>${content}</main></body></html>`;
  }

  /** GET /o/oauth2/v2/auth: validate, then the consent page. @param {URL} u @param {http.ServerResponse} res */
  function consentPage(u, res) {
    const p = u.searchParams;
    const client = clients.find((c) => c.clientId === p.get('client_id'));
    if (!client) return sendHtml(res, 401, errorPage('Error 401: invalid_client', 'The OAuth client was not found.'));
    const redirectUri = p.get('redirect_uri') ?? '';
    if (!client.redirectUris.includes(redirectUri)) {
      return sendHtml(
        res,
        400,
        errorPage(
          'Error 400: redirect_uri_mismatch',
          `The redirect URI in the request, ${redirectUri}, does not match the ones authorized for the OAuth client.`,
        ),
      );
    }
    /** @param {string} error */
    const back = (error) => {
      const to = new URL(redirectUri);
      to.searchParams.set('error', error);
      if (p.get('state')) to.searchParams.set('state', p.get('state') ?? '');
      res.writeHead(302, { location: to.href });
      res.end();
    };
    if (p.get('response_type') !== 'code') return back('unsupported_response_type');
    const method = p.get('code_challenge_method') ?? (p.get('code_challenge') ? 'plain' : '');
    if (p.get('code_challenge') && method !== 'S256' && method !== 'plain') return back('invalid_request');
    const scope = (p.get('scope') ?? '').split(/\s+/).filter(Boolean).join(' ');
    if (!scope) return back('invalid_scope');
    const id = hex(16);
    consents.set(id, {
      clientId: client.clientId,
      redirectUri,
      scope,
      state: p.get('state'),
      challenge: p.get('code_challenge'),
      method,
      loginHint: p.get('login_hint'),
      at: Date.now(),
    });
    const hint = p.get('login_hint')?.toLowerCase();
    const accounts = Object.values(state.mailboxes)
      .sort((a, b) => a.email.localeCompare(b.email))
      .map(
        (m, i) =>
          `<label class="account"><input type="radio" name="account" value="${escapeHtml(m.email)}"${
            (hint ? m.email === hint : i === 0) ? ' checked' : ''
          }><span><strong>${escapeHtml(m.name)}</strong><br><span class="muted">${escapeHtml(m.email)}</span></span></label>`,
      )
      .join('');
    const wants = [
      scope.includes(GMAIL_SCOPES.readonly) || scope.includes(GMAIL_SCOPES.modify) || scope.includes(GMAIL_SCOPES.full)
        ? '<li>Read your email messages and settings</li>'
        : '',
      scope.includes(GMAIL_SCOPES.send) || scope.includes(GMAIL_SCOPES.modify) || scope.includes(GMAIL_SCOPES.full)
        ? '<li>Send email on your behalf</li>'
        : '',
      /\bemail\b/.test(scope) ? '<li>See your primary email address</li>' : '',
    ].join('');
    sendHtml(
      res,
      200,
      page(
        'Sign in - Google Accounts',
        `<p class="muted">Local Google (a stand-in: nothing leaves this machine)</p>
<h1>Choose an account to continue to Chloe</h1>
<form method="post" action="/o/oauth2/v2/auth">
<input type="hidden" name="consent" value="${id}">
<fieldset><legend>Account</legend>${accounts}
<label for="other" class="muted">Or another local address (…@${LOCAL_DOMAIN})</label>
<input type="email" id="other" name="other" placeholder="you@${LOCAL_DOMAIN}" autocomplete="off">
</fieldset>
<p>Chloe wants to access your Google Account:</p><ul>${wants}</ul>
<div class="actions"><button type="submit" name="decision" value="deny">Deny</button>
<button type="submit" name="decision" value="allow" class="primary">Allow</button></div>
</form>`,
      ),
    );
  }

  /** POST /o/oauth2/v2/auth: the person's answer → back to the client with a code or an error. @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  async function decide(req, res) {
    const form = await readForm(req);
    const consent = consents.get(form.get('consent') ?? '');
    if (!consent || Date.now() - consent.at > CONSENT_TTL_MS) {
      return sendHtml(
        res,
        400,
        errorPage('Error 400: invalid_request', 'This sign-in page has expired. Start again from the app.'),
      );
    }
    consents.delete(form.get('consent') ?? '');
    const to = new URL(consent.redirectUri);
    if (consent.state !== null) to.searchParams.set('state', consent.state);
    const other = form.get('other')?.trim().toLowerCase();
    const chosen = other || form.get('account')?.toLowerCase() || '';
    if (form.get('decision') !== 'allow') {
      to.searchParams.set('error', 'access_denied');
    } else if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(chosen) || (other && !other.endsWith(`@${LOCAL_DOMAIN}`))) {
      return sendHtml(
        res,
        400,
        errorPage(
          'Couldn’t find your Google Account',
          `Choose a listed account or an address ending @${LOCAL_DOMAIN}.`,
        ),
      );
    } else {
      mailbox(chosen);
      const code = `4/local-${hex(24)}`;
      codes.set(code, {
        email: chosen,
        clientId: consent.clientId,
        redirectUri: consent.redirectUri,
        scope: consent.scope,
        challenge: consent.challenge,
        method: consent.method,
        at: Date.now(),
      });
      to.searchParams.set('code', code);
      to.searchParams.set('scope', consent.scope);
    }
    res.writeHead(302, { location: to.href });
    res.end();
  }

  /** @param {string} email @param {string} scope @param {string} refreshToken */
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

  /** POST /token. @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  async function token(req, res) {
    const form = await readForm(req);
    const oauthError = (/** @type {number} */ status, /** @type {string} */ error, /** @type {string} */ description) =>
      sendJson(res, status, { error, error_description: description });
    const client = clients.find((c) => c.clientId === form.get('client_id'));
    if (!client || !sameSecret(form.get('client_secret') ?? '', client.clientSecret)) {
      return oauthError(401, 'invalid_client', 'Unauthorized');
    }
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? '';
      const found = codes.get(code);
      // One use: a second exchange of the same code fails like an unknown one.
      codes.delete(code);
      if (!found || found.clientId !== client.clientId || Date.now() - found.at > CODE_TTL_MS) {
        return oauthError(400, 'invalid_grant', 'Malformed auth code.');
      }
      if (form.get('redirect_uri') !== found.redirectUri)
        return oauthError(400, 'redirect_uri_mismatch', 'Bad Request');
      if (found.challenge) {
        const verifier = form.get('code_verifier') ?? '';
        const computed = found.method === 'S256' ? base64url(createHash('sha256').update(verifier).digest()) : verifier;
        if (!verifier || !sameSecret(computed, found.challenge))
          return oauthError(400, 'invalid_grant', 'Invalid code verifier.');
      }
      const refreshToken = `1//local-${hex(24)}`;
      state.grants[refreshToken] = {
        email: found.email,
        scope: found.scope,
        clientId: client.clientId,
        revoked: false,
        createdAt: new Date().toISOString(),
      };
      const accessToken = issueAccessToken(found.email, found.scope, refreshToken);
      log(`[google] ${found.email} granted ${client.clientId}`);
      return sendJson(res, 200, {
        access_token: accessToken,
        expires_in: accessTokenTtl,
        refresh_token: refreshToken,
        scope: found.scope,
        token_type: 'Bearer',
      });
    }
    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token') ?? '';
      const grant = state.grants[refreshToken];
      if (!grant || grant.revoked || (grant.clientId !== '*' && grant.clientId !== client.clientId)) {
        return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
      }
      return sendJson(res, 200, {
        access_token: issueAccessToken(grant.email, grant.scope, refreshToken),
        expires_in: accessTokenTtl,
        scope: grant.scope,
        token_type: 'Bearer',
      });
    }
    return oauthError(400, 'unsupported_grant_type', 'Invalid grant_type: ' + String(grantType).slice(0, 40));
  }

  /** Revokes a grant (by its refresh token or one of its access tokens) and its access tokens. @param {string} tokenValue */
  const revoke = (tokenValue) => {
    const refreshToken = state.grants[tokenValue] ? tokenValue : state.accessTokens[tokenValue]?.refreshToken;
    const grant = refreshToken ? state.grants[refreshToken] : undefined;
    if (!grant || !refreshToken) return false;
    grant.revoked = true;
    for (const [key, value] of Object.entries(state.accessTokens))
      if (value.refreshToken === refreshToken) delete state.accessTokens[key];
    save();
    return true;
  };

  /** The access token's grant, or the 401 sent. @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  const authorised = (req, res) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
    const found = bearer ? state.accessTokens[bearer] : undefined;
    const grant = found ? state.grants[found.refreshToken] : undefined;
    if (!found || found.expiresAt < Date.now() || !grant || grant.revoked) {
      apiError(
        res,
        401,
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        'UNAUTHENTICATED',
      );
      return null;
    }
    return found;
  };

  /** @param {AccessToken} access @param {string[]} needed @param {http.ServerResponse} res */
  const hasScope = (access, needed, res) => {
    const granted = access.scope.split(/\s+/);
    if (needed.some((s) => granted.includes(s))) return true;
    apiError(res, 403, 'Request had insufficient authentication scopes.', 'PERMISSION_DENIED');
    return false;
  };

  /** A message as the Gmail API shows it in `format`. @param {Message} m @param {string} format @param {string[]} metadataHeaders */
  const view = (m, format, metadataHeaders) => {
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
      return { ...base, raw: base64url(Buffer.from(raw)) };
    }
    const wanted = metadataHeaders.map((h) => h.toLowerCase());
    const headers =
      format === 'metadata' && wanted.length
        ? m.headers.filter((h) => wanted.includes(h.name.toLowerCase()))
        : m.headers;
    return {
      ...base,
      payload: {
        partId: '',
        mimeType: 'text/plain',
        filename: '',
        headers,
        body:
          format === 'metadata'
            ? { size: m.body.length }
            : { size: m.body.length, data: base64url(Buffer.from(m.body)) },
      },
    };
  };

  /** /gmail/v1/users/me/... @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {URL} u */
  async function gmail(req, res, u) {
    const rest = u.pathname.replace(/^\/gmail\/v1\/users\/(me|[^/]+)/, '');
    const access = authorised(req, res);
    if (!access) return;
    const box = mailbox(access.email);
    const method = req.method ?? 'GET';
    if (box.delayMs) await new Promise((resolve) => setTimeout(resolve, box.delayMs));

    if (method === 'GET' && rest === '/profile') {
      if (!hasScope(access, READ_SCOPES, res)) return;
      return sendJson(res, 200, {
        emailAddress: box.email,
        messagesTotal: box.messages.length,
        threadsTotal: new Set(box.messages.map((m) => m.threadId)).size,
        historyId: String(box.historyId),
      });
    }
    if (method === 'GET' && rest === '/messages') {
      if (!hasScope(access, READ_SCOPES, res)) return;
      const labels = u.searchParams.getAll('labelIds');
      const q = u.searchParams.get('q') ?? '';
      const after = /\bafter:(\d+)\b/.exec(q)?.[1];
      const inInbox = /\bin:inbox\b/i.test(q);
      const max = Math.min(500, Math.max(1, Number(u.searchParams.get('maxResults') ?? 100) || 100));
      const offset = Number(u.searchParams.get('pageToken') ?? 0) || 0;
      const matched = box.messages
        .filter((m) => labels.every((l) => m.labelIds.includes(l)))
        .filter((m) => !inInbox || m.labelIds.includes('INBOX'))
        .filter((m) => !after || Number(m.internalDate) > Number(after) * 1000)
        .sort((a, b) => Number(b.internalDate) - Number(a.internalDate) || Number(b.historyId) - Number(a.historyId));
      const pageOf = matched.slice(offset, offset + max);
      return sendJson(res, 200, {
        ...(pageOf.length ? { messages: pageOf.map((m) => ({ id: m.id, threadId: m.threadId })) } : {}),
        ...(offset + max < matched.length ? { nextPageToken: String(offset + max) } : {}),
        resultSizeEstimate: matched.length,
      });
    }
    if (method === 'POST' && rest === '/messages/send') {
      if (!hasScope(access, SEND_SCOPES, res)) return;
      const body = await readJsonBody(req);
      if (!body || typeof body.raw !== 'string')
        return apiError(
          res,
          400,
          "'raw' RFC822 payload message string or uploading message via /upload/* URL required",
          'INVALID_ARGUMENT',
        );
      if (box.failSends > 0) {
        box.failSends -= 1;
        const status = box.failStatus ?? 500;
        // The person removes the app's access at that very moment: this token and every other go.
        if (box.revokeOnFail) revoke(access.refreshToken);
        save();
        if (status === 401) {
          return apiError(res, 401, 'Request had invalid authentication credentials.', 'UNAUTHENTICATED');
        }
        return apiError(
          res,
          status,
          status >= 500 ? 'Backend Error' : 'Precondition check failed.',
          status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION',
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
        { name: 'Message-ID', value: `<${hex(12)}@mail.${LOCAL_DOMAIN}>` },
      );
      const sent = file(box, {
        headers,
        body: parsed.body,
        labelIds: ['SENT'],
        threadId: typeof body.threadId === 'string' ? body.threadId : null,
      });
      // A local recipient gets it in their inbox, as Gmail would deliver it.
      if (state.mailboxes[recipient] && recipient !== box.email) {
        file(state.mailboxes[recipient], { headers, body: parsed.body, labelIds: ['INBOX', 'UNREAD'] });
      }
      log(`[google] ${box.email} sent mail to ${recipient}`);
      return sendJson(res, 200, { id: sent.id, threadId: sent.threadId, labelIds: sent.labelIds });
    }
    const one = /^\/messages\/([0-9a-f]{1,32})$/.exec(rest);
    if (method === 'GET' && one) {
      if (!hasScope(access, READ_SCOPES, res)) return;
      const m = box.messages.find((x) => x.id === one[1]);
      if (!m) return apiError(res, 404, 'Requested entity was not found.', 'NOT_FOUND');
      return sendJson(
        res,
        200,
        view(m, u.searchParams.get('format') ?? 'full', u.searchParams.getAll('metadataHeaders')),
      );
    }
    if (method === 'GET' && rest === '/history') {
      if (!hasScope(access, READ_SCOPES, res)) return;
      const start = Number(u.searchParams.get('startHistoryId'));
      if (!Number.isInteger(start) || start <= 0)
        return apiError(res, 400, 'Invalid startHistoryId', 'INVALID_ARGUMENT');
      // Gmail keeps history for a while only: a cursor from before that is answered 404.
      if (start < box.historyFloor) return apiError(res, 404, 'Requested entity was not found.', 'NOT_FOUND');
      const label = u.searchParams.get('labelId');
      const max = Math.min(500, Math.max(1, Number(u.searchParams.get('maxResults') ?? 100) || 100));
      const offset = Number(u.searchParams.get('pageToken') ?? 0) || 0;
      const records = box.history
        .filter((h) => Number(h.id) > start)
        .map((h) => ({
          ...h,
          messagesAdded: h.messagesAdded.filter((a) => !label || a.message.labelIds.includes(label)),
        }))
        .filter((h) => h.messagesAdded.length);
      const pageOf = records.slice(offset, offset + max);
      return sendJson(res, 200, {
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
    }
    return apiError(res, 404, 'Not Found', 'NOT_FOUND');
  }

  /** The local mailboxes, for people: what came in and what was sent. */
  function indexPage() {
    const boxes = Object.values(state.mailboxes)
      .sort((a, b) => a.email.localeCompare(b.email))
      .map((box) => {
        const messages = [...box.messages]
          .reverse()
          .slice(0, 50)
          .map(
            (m) =>
              `<article><p><strong>${escapeHtml(decodeWords(header(m, 'Subject') ?? '(no subject)'))}</strong></p><p class="muted">${
                m.labelIds.includes('SENT') ? 'Sent to' : 'From'
              } ${escapeHtml(m.labelIds.includes('SENT') ? (header(m, 'To') ?? '') : (header(m, 'From') ?? ''))} · ${escapeHtml(
                new Date(Number(m.internalDate)).toISOString(),
              )} · ${escapeHtml(m.labelIds.join(', '))}</p><pre>${escapeHtml(m.body.slice(0, 2000))}</pre></article>`,
          )
          .join('');
        return `<section><h2>${escapeHtml(box.name)} &lt;${escapeHtml(box.email)}&gt;</h2>${messages || '<p class="muted">No mail yet.</p>'}</section>`;
      })
      .join('');
    return page(
      'Local Google',
      `<h1>Local Google</h1><p class="muted">Mailboxes of the local Google stand-in (nothing leaves this machine). Drop a message in with <code>npm run staff -- mail-in --to … --from … --subject …</code>.</p>${boxes}`,
    );
  }

  /** /_local/*: for tools and tests. @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {URL} u */
  async function local(req, res, u) {
    const method = req.method ?? 'GET';
    if (method === 'POST' && u.pathname === '/_local/messages') {
      const body = await readJsonBody(req);
      const to = typeof body?.to === 'string' ? body.to.trim().toLowerCase() : '';
      const from = typeof body?.from === 'string' ? body.from.trim() : '';
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(to)) return sendJson(res, 400, { error: 'to must be an email address' });
      if (!from) return sendJson(res, 400, { error: 'from is required' });
      /** @type {Record<string, string>} */
      const headers = {};
      if (body?.headers && typeof body.headers === 'object') {
        for (const [k, v] of Object.entries(body.headers)) if (typeof v === 'string') headers[k] = v;
      }
      const message = deliver({
        to,
        from,
        subject: typeof body?.subject === 'string' ? body.subject : '',
        text: typeof body?.text === 'string' ? body.text : '',
        headers,
        threadId: typeof body?.threadId === 'string' ? body.threadId : null,
        date: typeof body?.date === 'number' ? body.date : undefined,
      });
      return sendJson(res, 201, { id: message.id, threadId: message.threadId, historyId: message.historyId });
    }
    if (method === 'POST' && u.pathname === '/_local/mailboxes') {
      const body = await readJsonBody(req);
      const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
        return sendJson(res, 400, { error: 'email must be an email address' });
      const box = mailbox(email, typeof body?.name === 'string' ? body.name : undefined);
      return sendJson(res, 201, { email: box.email, name: box.name, historyId: String(box.historyId) });
    }
    const named = /^\/_local\/mailboxes\/([^/]+)(?:\/(revoke|fail-sends|forget-history|slow|archive))?$/.exec(
      u.pathname,
    );
    const box = named ? state.mailboxes[decodeURIComponent(named[1] ?? '').toLowerCase()] : undefined;
    if (named && !box) return sendJson(res, 404, { error: 'no such mailbox' });
    if (named && box && method === 'GET' && !named[2]) {
      return sendJson(res, 200, {
        email: box.email,
        name: box.name,
        historyId: String(box.historyId),
        messages: box.messages.map((m) => ({ ...m, subject: decodeWords(header(m, 'Subject') ?? '') })),
        grants: Object.values(state.grants)
          .filter((g) => g.email === box.email)
          .map((g) => ({ revoked: g.revoked, scope: g.scope })),
      });
    }
    if (named && box && method === 'POST' && named[2] === 'revoke') {
      let revoked = 0;
      for (const [refreshToken, grant] of Object.entries(state.grants)) {
        if (grant.email === box.email && !grant.revoked && revoke(refreshToken)) revoked += 1;
      }
      return sendJson(res, 200, { revoked });
    }
    if (named && box && method === 'POST' && named[2] === 'fail-sends') {
      const body = await readJsonBody(req);
      box.failSends = typeof body?.count === 'number' ? Math.max(0, Math.floor(body.count)) : 1;
      box.failStatus = typeof body?.status === 'number' ? Math.floor(body.status) : 500;
      box.revokeOnFail = body?.revoke === true;
      save();
      return sendJson(res, 200, { failSends: box.failSends, status: box.failStatus, revoke: box.revokeOnFail });
    }
    if (named && box && method === 'POST' && named[2] === 'archive') {
      // The person archives a message: it leaves the inbox (its INBOX label goes).
      const body = await readJsonBody(req);
      const message = box.messages.find((m) => m.id === body?.id);
      if (!message) return sendJson(res, 404, { error: 'no such message' });
      message.labelIds = message.labelIds.filter((l) => l !== 'INBOX');
      save();
      return sendJson(res, 200, { id: message.id, labelIds: message.labelIds });
    }
    if (named && box && method === 'POST' && named[2] === 'slow') {
      const body = await readJsonBody(req);
      box.delayMs = typeof body?.ms === 'number' ? Math.min(10_000, Math.max(0, Math.floor(body.ms))) : 0;
      return sendJson(res, 200, { delayMs: box.delayMs });
    }
    if (named && box && method === 'POST' && named[2] === 'forget-history') {
      box.history = [];
      // A cursor from before now is too old; the current history id stays a valid start.
      box.historyFloor = box.historyId;
      save();
      return sendJson(res, 200, { historyFloor: box.historyFloor });
    }
    return sendJson(res, 404, { error: 'not found' });
  }

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  async function route(req, res) {
    const u = new URL(req.url ?? '/', url);
    const method = req.method ?? 'GET';
    if (method === 'GET' && u.pathname === '/') return sendHtml(res, 200, indexPage());
    if (u.pathname === '/o/oauth2/v2/auth') {
      if (method === 'GET') return consentPage(u, res);
      if (method === 'POST') return decide(req, res);
    }
    if (method === 'POST' && u.pathname === '/token') return token(req, res);
    if (method === 'POST' && u.pathname === '/revoke') {
      const form = await readForm(req);
      const tokenValue = u.searchParams.get('token') ?? form.get('token') ?? '';
      return revoke(tokenValue)
        ? sendJson(res, 200, {})
        : sendJson(res, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
    }
    if (method === 'GET' && u.pathname === '/v1/userinfo') {
      const access = authorised(req, res);
      if (!access) return;
      const box = mailbox(access.email);
      return sendJson(res, 200, {
        sub: box.sub,
        email: box.email,
        email_verified: true,
        name: box.name,
        given_name: box.name.split(' ')[0],
      });
    }
    if (u.pathname.startsWith('/gmail/v1/users/')) return gmail(req, res, u);
    if (u.pathname.startsWith('/_local/')) return local(req, res, u);
    return sendJson(res, 404, { error: 'not found' });
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((error) => {
      log(`[google] ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { error: { code: 500, message: 'Internal error', status: 'INTERNAL' } });
      else res.destroy();
    });
  });

  await listenLocal(server, port, { what: 'the local Google stand-in', envVar: 'GOOGLE_PORT' });
  return {
    url,
    deliver,
    /** @returns {Promise<void>} */
    stop: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
