// @ts-check
// The messages the database sends (realtime.send, after commit), heard through LISTEN: hosted
// Realtime reads them from the WAL instead. When the connection is lost (Postgres restarted),
// messages sent meanwhile are not heard: `onGap` then tells the joined channels, which rejoin and
// pull everything newer than their checkpoint, so a gap costs latency and no data.
import pg from 'pg';

/** @typedef {{ id: string, topic: string, event: string, private: boolean, payload: unknown }} Message */

/**
 * @param {{ dbUrl: string, onMessage: (m: Message) => void, onGap: () => void, log: (line: string) => void }} opts
 * @returns {{ stop: () => Promise<void> }}
 */
export function startFeed({ dbUrl, onMessage, onGap, log }) {
  let stopped = false;
  /** @type {pg.Client | null} */
  let client = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let retry;
  let connectedBefore = false;

  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: dbUrl });
    client = c;
    c.on('error', (error) => log(`[realtime] database connection lost: ${error.message}`));
    c.on('end', () => {
      if (client === c && !stopped) {
        client = null;
        retry = setTimeout(() => void connect(), 500);
      }
    });
    c.on('notification', (n) => {
      if (n.channel !== 'realtime_messages' || !n.payload) return;
      /** @type {unknown} */
      const message = JSON.parse(n.payload);
      void deliver(c, /** @type {Message} */ (message));
    });
    try {
      await c.connect();
      await c.query('listen realtime_messages');
      if (connectedBefore) onGap();
      connectedBefore = true;
    } catch (error) {
      log(`[realtime] cannot listen yet: ${error instanceof Error ? error.message : String(error)}`);
      await c.end().catch(() => {});
    }
  };

  /** A payload too large for NOTIFY comes without it: read it. @param {pg.Client} c @param {Message} m */
  const deliver = async (c, m) => {
    if (m.payload === null) {
      const { rows } = await c.query('select payload from realtime.messages where id = $1', [m.id]);
      m.payload = /** @type {{ payload?: unknown }[]} */ (rows)[0]?.payload ?? {};
    }
    onMessage(m);
  };

  void connect();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
