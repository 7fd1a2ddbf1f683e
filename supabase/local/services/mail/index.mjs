// @ts-check
// A local mail catcher, like the Inbucket/Mailpit the Supabase CLI runs on :54324: what the auth
// service would send (password reset links) lands here instead of in a real inbox. An inbox page
// at `/`, and `/api/messages?to=<address>` (newest first) for tests.
import http from 'node:http';
import { closeServer, listenLocal } from '../../shared/http/listen.mjs';
import { sendHtml, sendJson, sendText } from '../../shared/http/reply.mjs';
import { requestListener } from '../../shared/http/router.mjs';
import { inboxPage } from './inbox-page.mjs';

/**
 * Serves `mailbox` on 127.0.0.1:`port`; `stop()` closes it.
 * @param {{ port: number, mailbox: import('./mailbox.mjs').Mailbox, log?: (line: string) => void }} opts
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startMailServer({ port, mailbox, log = () => {} }) {
  /** @type {import('../../shared/http/router.mjs').Route[]} */
  const routes = [
    ['GET', '/', (_req, res, { url }) => sendHtml(res, 200, inboxPage(mailbox.list(url.searchParams.get('to'))))],
    [
      'GET',
      '/api/messages',
      // No CORS header: another site's page open in a developer's browser must not read the reset
      // links of a running stack. Tests read it from Node, which CORS does not concern.
      (_req, res, { url }) => sendJson(res, 200, mailbox.list(url.searchParams.get('to'))),
    ],
  ];
  const server = http.createServer(
    requestListener(routes, {
      name: 'mail',
      log,
      notFound: (_req, res) => sendText(res, 404, 'Not found'),
      failed: (res) => sendText(res, 500, 'Internal error in the local inbox'),
    }),
  );
  await listenLocal(server, port, { what: 'the local inbox', envVar: 'SUPABASE_MAIL_PORT' });
  return { url: `http://localhost:${port}`, stop: () => closeServer(server) };
}
