// @ts-check
// A local stand-in for the ElevenLabs Conversational AI service, at the protocol level: the real
// @elevenlabs/client SDK and the real voice-conversation edge function talk to it unchanged.
// - GET /v1/convai/conversation/get-signed-url (xi-api-key): a one-use signed websocket URL;
// - the websocket at /v1/convai/conversation (conversation.mjs);
// - GET /convai-widget-embed.js: a stand-in for the widget script the app loads (widget.mjs), whose
//   call button holds a call over that websocket;
// - GET /_local/conversations[/:id] (xi-api-key): what each conversation received, for tests.
import http from 'node:http';
import { WebSocketServer } from 'ws';
import { closeServer, listenLocal } from '../../shared/http/listen.mjs';
import { sendJson } from '../../shared/http/reply.mjs';
import { requestListener, urlOf } from '../../shared/http/router.mjs';
import { converse } from './conversation.mjs';
import { createRecords } from './records.mjs';
import { CONVERSATION_PATH, voiceRoutes } from './routes.mjs';

const MAX_FRAME = 1024 * 1024;

/**
 * Starts the service on 127.0.0.1:`port`.
 * @param {{ port: number, apiKey: string, log?: (line: string) => void, pingIntervalMs?: number }} opts
 * @returns {Promise<{ url: string, wsOrigin: string, stop: () => Promise<void> }>}
 */
export async function startVoiceService({ port, apiKey, log = () => {}, pingIntervalMs = 5000 }) {
  const url = `http://127.0.0.1:${port}`;
  const wsOrigin = `ws://127.0.0.1:${port}`;
  const records = createRecords();
  /** @type {Set<import('ws').WebSocket>} */
  const openSockets = new Set();

  const server = http.createServer(
    requestListener(voiceRoutes({ apiKey, wsOrigin, records, log }), {
      name: 'voice',
      log,
      notFound: (_req, res) => sendJson(res, 404, { detail: 'Not Found' }),
      failed: (res) => sendJson(res, 500, { detail: 'Internal error in the local voice service' }),
    }),
  );

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME,
    handleProtocols: (protocols) => (protocols.has('convai') ? 'convai' : false),
  });
  server.on('upgrade', (req, socket, head) => {
    const u = urlOf(req);
    if (u.pathname !== CONVERSATION_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => converse(ws, u, { records, openSockets, log, pingIntervalMs }));
  });

  await listenLocal(server, port, { what: 'the local voice service', envVar: 'VOICE_PORT' });
  return {
    url,
    wsOrigin,
    stop: () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      return closeServer(server);
    },
  };
}
