// @ts-check
// A local stand-in for Supabase Realtime, at the protocol level: the real @supabase/realtime-js
// client joins private broadcast channels at ws://<gateway>/realtime/v1/websocket and hears the
// messages the database sends with realtime.send(). The gateway hands it the upgrade requests.
// What it serves and what it does not: socket.mjs; why broadcast: docs/decisions/021.
import pg from 'pg';
import { WebSocketServer } from 'ws';
import { DEFAULT_BOUNDS } from './bounds.mjs';
import { startFeed } from './feed.mjs';
import { serveSocket } from './socket.mjs';

export const REALTIME_PATH = '/realtime/v1/websocket';

/**
 * @param {{ dbUrl: string, jwtSecret: string, log?: (line: string) => void,
 *   bounds?: Partial<import('./bounds.mjs').RealtimeBounds> }} opts
 * `bounds`: what one client may ask (bounds.mjs); tests make them small.
 */
export function startRealtimeService({ dbUrl, jwtSecret, log = () => {}, bounds: given = {} }) {
  const bounds = { ...DEFAULT_BOUNDS, ...given };
  const pool = new pg.Pool({ connectionString: dbUrl, max: 3, connectionTimeoutMillis: 10_000 });
  pool.on('error', (error) => log(`[realtime] database connection lost: ${error.message}`));
  /** @type {Set<{ key: string, push: (frame: unknown[]) => void, gap: () => void }>} */
  const channels = new Set();
  // A larger frame closes its socket (1009): nothing is buffered for it.
  const wss = new WebSocketServer({ noServer: true, maxPayload: bounds.maxFrameBytes });
  let cut = false;
  /** Open sockets per client address. @type {Map<string, number>} */
  const perClient = new Map();

  const feed = startFeed({
    dbUrl,
    log,
    onMessage: (m) => {
      const key = `${m.private ? 'private' : 'public'}:${m.topic}`;
      const payload = { type: 'broadcast', event: m.event, payload: m.payload, meta: { id: m.id } };
      for (const c of channels) if (c.key === key) c.push([null, null, `realtime:${m.topic}`, 'broadcast', payload]);
    },
    onGap: () => {
      for (const c of [...channels]) c.gap();
    },
  });

  return {
    /**
     * An upgrade request to REALTIME_PATH whose apikey the gateway has checked.
     * @param {import('node:http').IncomingMessage} req @param {import('node:stream').Duplex} socket
     * @param {Buffer} head @param {string} apiKey
     */
    upgrade(req, socket, head, apiKey) {
      if (cut) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
        return;
      }
      const client = req.socket.remoteAddress ?? 'unknown';
      const open = perClient.get(client) ?? 0;
      if (open >= bounds.maxSocketsPerClient || wss.clients.size >= bounds.maxSockets) {
        log(`[realtime] a socket refused: ${client} holds ${open}, the service ${wss.clients.size}`);
        socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\n\r\n');
        return;
      }
      perClient.set(client, open + 1);
      socket.once('close', () => {
        const left = (perClient.get(client) ?? 1) - 1;
        if (left > 0) perClient.set(client, left);
        else perClient.delete(client);
      });
      wss.handleUpgrade(req, socket, head, (ws) => serveSocket(ws, { apiKey, jwtSecret, pool, channels, log, bounds }));
    },
    /** Fault injection: every socket is dropped and new ones refused, until `restore()`. */
    cut() {
      cut = true;
      for (const ws of wss.clients) ws.terminate();
    },
    restore() {
      cut = false;
    },
    async stop() {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      await feed.stop();
      await pool.end();
    },
  };
}
