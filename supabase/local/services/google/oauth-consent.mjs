// @ts-check
// OAuth 2.0's consent (GET /o/oauth2/v2/auth): the request checked as Google checks it, a page to
// choose a local account and Allow or Deny, and the answer sent back to the client's redirect URI
// with a one-use code (or an error).
import { readForm } from '../../shared/http/body.mjs';
import { escapeHtml, redirect, sendHtml } from '../../shared/http/reply.mjs';
import { GMAIL_SCOPES, isAddress, LOCAL_DOMAIN } from './accounts.mjs';
import { errorPage, page } from './pages.mjs';
import { hex } from './store.mjs';

/**
 * A code waiting to be exchanged at /token.
 * @typedef {{ email: string, clientId: string, redirectUri: string, scope: string, challenge: string | null,
 *   method: string, at: number }} Code
 * @typedef {{ clientId: string, clientSecret: string, redirectUris: string[] }} OAuthClient
 * @typedef {import('../../shared/http/router.mjs').Handler} Handler
 */

const CONSENT_TTL_MS = 30 * 60 * 1000;
const NO_STORE = { 'cache-control': 'no-store' };

/** What a grant of `scope` lets the client do, as the consent page lists it. @param {string} scope */
const permissions = (scope) =>
  [
    scope.includes(GMAIL_SCOPES.readonly) || scope.includes(GMAIL_SCOPES.modify) || scope.includes(GMAIL_SCOPES.full)
      ? '<li>Read your email messages and settings</li>'
      : '',
    scope.includes(GMAIL_SCOPES.send) || scope.includes(GMAIL_SCOPES.modify) || scope.includes(GMAIL_SCOPES.full)
      ? '<li>Send email on your behalf</li>'
      : '',
    /\bemail\b/.test(scope) ? '<li>See your primary email address</li>' : '',
  ].join('');

/** @param {string} id @param {import('./store.mjs').Mailbox[]} mailboxes @param {string | undefined} hint @param {string} scope */
function consentPage(id, mailboxes, hint, scope) {
  const accounts = [...mailboxes]
    .sort((a, b) => a.email.localeCompare(b.email))
    .map(
      (m, i) =>
        `<label class="account"><input type="radio" name="account" value="${escapeHtml(m.email)}"${
          (hint ? m.email === hint : i === 0) ? ' checked' : ''
        }><span><strong>${escapeHtml(m.name)}</strong><br><span class="muted">${escapeHtml(m.email)}</span></span></label>`,
    )
    .join('');
  return page(
    'Sign in - Google Accounts',
    `<p class="muted">Local Google (a stand-in: nothing leaves this machine)</p>
<h1>Choose an account to continue to Chloe</h1>
<form method="post" action="/o/oauth2/v2/auth">
<input type="hidden" name="consent" value="${id}">
<fieldset><legend>Account</legend>${accounts}
<label for="other" class="muted">Or another local address (…@${LOCAL_DOMAIN})</label>
<input type="email" id="other" name="other" placeholder="you@${LOCAL_DOMAIN}" autocomplete="off">
</fieldset>
<p>Chloe wants to access your Google Account:</p><ul>${permissions(scope)}</ul>
<div class="actions"><button type="submit" name="decision" value="deny">Deny</button>
<button type="submit" name="decision" value="allow" class="primary">Allow</button></div>
</form>`,
  );
}

/**
 * @param {{ clients: OAuthClient[], store: import('./store.mjs').Store, codes: Map<string, Code> }} ctx
 * @returns {import('../../shared/http/router.mjs').Route[]}
 */
export function consentRoutes({ clients, store, codes }) {
  /** @type {Map<string, { clientId: string, redirectUri: string, scope: string, state: string | null, challenge: string | null, method: string, loginHint: string | null, at: number }>} */
  const consents = new Map();

  /** GET: validate, then the consent page. @type {Handler} */
  const ask = (_req, res, { url }) => {
    const p = url.searchParams;
    const client = clients.find((c) => c.clientId === p.get('client_id'));
    if (!client)
      return sendHtml(res, 401, errorPage('Error 401: invalid_client', 'The OAuth client was not found.'), NO_STORE);
    const redirectUri = p.get('redirect_uri') ?? '';
    if (!client.redirectUris.includes(redirectUri)) {
      const detail = `The redirect URI in the request, ${redirectUri}, does not match the ones authorized for the OAuth client.`;
      return sendHtml(res, 400, errorPage('Error 400: redirect_uri_mismatch', detail), NO_STORE);
    }
    /** @param {string} error */
    const back = (error) => {
      const to = new URL(redirectUri);
      to.searchParams.set('error', error);
      if (p.get('state')) to.searchParams.set('state', p.get('state') ?? '');
      redirect(res, to.href);
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
    sendHtml(res, 200, consentPage(id, Object.values(store.state.mailboxes), hint, scope), NO_STORE);
  };

  /** POST: the person's answer → back to the client with a code or an error. @type {Handler} */
  const decide = async (req, res) => {
    const form = await readForm(req);
    const consent = consents.get(form.get('consent') ?? '');
    if (!consent || Date.now() - consent.at > CONSENT_TTL_MS) {
      const expired = errorPage(
        'Error 400: invalid_request',
        'This sign-in page has expired. Start again from the app.',
      );
      return sendHtml(res, 400, expired, NO_STORE);
    }
    consents.delete(form.get('consent') ?? '');
    const to = new URL(consent.redirectUri);
    if (consent.state !== null) to.searchParams.set('state', consent.state);
    const other = form.get('other')?.trim().toLowerCase();
    const chosen = other || form.get('account')?.toLowerCase() || '';
    if (form.get('decision') !== 'allow') {
      to.searchParams.set('error', 'access_denied');
    } else if (!isAddress(chosen) || (other && !other.endsWith(`@${LOCAL_DOMAIN}`))) {
      const unknown = errorPage(
        'Couldn’t find your Google Account',
        `Choose a listed account or an address ending @${LOCAL_DOMAIN}.`,
      );
      return sendHtml(res, 400, unknown, NO_STORE);
    } else {
      store.mailbox(chosen);
      const code = `4/local-${hex(24)}`;
      const { clientId, redirectUri, scope, challenge, method } = consent;
      codes.set(code, { email: chosen, clientId, redirectUri, scope, challenge, method, at: Date.now() });
      to.searchParams.set('code', code);
      to.searchParams.set('scope', consent.scope);
    }
    redirect(res, to.href);
  };

  return [
    ['GET', '/o/oauth2/v2/auth', ask],
    ['POST', '/o/oauth2/v2/auth', decide],
  ];
}
