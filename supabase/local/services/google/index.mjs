// @ts-check
// A local stand-in for Google at the protocol level, so the real gmail-oauth and gmail-auto-reply
// functions run unchanged against it (production differs by configuration only):
// - OAuth 2.0: the consent page (oauth-consent.mjs), the token endpoint, /revoke and OpenID
//   Connect's /v1/userinfo (oauth-tokens.mjs);
// - the Gmail API subset the functions use (gmail.mjs);
// - local mailboxes and the tools that drive them (local-tools.mjs), kept by store.mjs in a JSON
//   file so that a restart keeps connected accounts.
import http from 'node:http';
import { closeServer, listenLocal } from '../../shared/http/listen.mjs';
import { requestListener } from '../../shared/http/router.mjs';
import { send } from './api.mjs';
import { gmailRoutes } from './gmail.mjs';
import { localRoutes } from './local-tools.mjs';
import { consentRoutes } from './oauth-consent.mjs';
import { tokenRoutes } from './oauth-tokens.mjs';
import { createStore } from './store.mjs';

/**
 * @param {{ port: number, stateFile?: string | null, clients?: import('./oauth-consent.mjs').OAuthClient[],
 *   accessTokenTtl?: number, log?: (line: string) => void }} opts
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
  const store = createStore({ stateFile, accessTokenTtl, log });
  /** @type {Map<string, import('./oauth-consent.mjs').Code>} codes given on consent, taken at /token */
  const codes = new Map();

  const routes = [
    ...consentRoutes({ clients, store, codes }),
    ...tokenRoutes({ clients, store, codes, accessTokenTtl, log }),
    ...gmailRoutes({ store, log }),
    ...localRoutes({ store }),
  ];
  const server = http.createServer(
    requestListener(routes, {
      name: 'google',
      log,
      notFound: (_req, res) => send(res, 404, { error: 'not found' }),
      failed: (res) => send(res, 500, { error: { code: 500, message: 'Internal error', status: 'INTERNAL' } }),
    }),
  );

  await listenLocal(server, port, { what: 'the local Google stand-in', envVar: 'GOOGLE_PORT' });
  return { url, deliver: store.deliver, stop: () => closeServer(server) };
}
