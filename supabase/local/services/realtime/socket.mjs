// @ts-check
// One client's websocket, in Phoenix's vsn 2.0.0 serializer (text frames of
// [join_ref, ref, topic, event, payload]) as the real @supabase/realtime-js speaks it: heartbeat,
// phx_join (token checked, private channels authorised by RLS), access_token (checked again; a
// refused one closes the channel as hosted does), phx_leave, and the broadcasts the database sends.
// Not served, and said so when asked: postgres_changes and client broadcasts (the app uses
// neither; docs/decisions/021-live-sync-channel.md).
import { claimsOf, mayRead } from './authorize.mjs';
import { rate, REFUSALS } from './bounds.mjs';

/** @typedef {import('./authorize.mjs').Claims} Claims */
/** @typedef {Record<string, unknown>} Payload */
/** @typedef {{ joinRef: string, topic: string, isPrivate: boolean, claims: Claims, expiry?: ReturnType<typeof setTimeout> }} Joined */

/**
 * @param {import('ws').WebSocket} ws
 * @param {{
 *   apiKey: string, jwtSecret: string, pool: import('pg').Pool,
 *   channels: Set<{ key: string, push: (frame: unknown[]) => void, gap: () => void }>,
 *   log: (line: string) => void, bounds: import('./bounds.mjs').RealtimeBounds,
 * }} ctx
 */
export function serveSocket(ws, { apiKey, jwtSecret, pool, channels, log, bounds }) {
  /** @type {Map<string, Joined & { entry: { key: string, push: (frame: unknown[]) => void, gap: () => void } }>} */
  const joined = new Map();
  /** @param {unknown[]} frame */
  const send = (frame) => {
    if (ws.readyState !== ws.OPEN) return;
    // A client that does not read what it is sent is dropped, not buffered for.
    if (ws.bufferedAmount > bounds.maxBufferedBytes) return void ws.terminate();
    ws.send(JSON.stringify(frame));
  };
  const frames = rate(bounds.framesPerSecond);
  const joins = rate(bounds.joinsPerSecond);
  let joinsInFlight = 0;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let idle;
  // Silent for idleMs (realtime-js sends a heartbeat every 25 s): the socket is closed, as Phoenix does.
  const stillHere = () => {
    clearTimeout(idle);
    idle = setTimeout(() => ws.terminate(), bounds.idleMs);
  };
  stillHere();
  /** @param {string | null} joinRef @param {string | null} ref @param {string} topic @param {'ok' | 'error'} status @param {unknown} response */
  const reply = (joinRef, ref, topic, status, response) =>
    send([joinRef, ref, topic, 'phx_reply', { status, response }]);

  /** @param {string} topic */
  const leave = (topic) => {
    const j = joined.get(topic);
    if (!j) return;
    clearTimeout(j.expiry);
    channels.delete(j.entry);
    joined.delete(topic);
  };
  /** Hosted's shutdown: a system error, then the channel is closed (the client does not rejoin). @param {string} topic @param {string} message */
  const shutDown = (topic, message) => {
    const j = joined.get(topic);
    if (!j) return;
    const sub = topic.slice('realtime:'.length);
    send([j.joinRef, null, topic, 'system', { extension: 'system', status: 'error', message, channel: sub }]);
    send([j.joinRef, j.joinRef, topic, 'phx_close', {}]);
    leave(topic);
  };
  /** @param {Joined} j */
  const watchExpiry = (j) => {
    clearTimeout(j.expiry);
    if (typeof j.claims.exp !== 'number') return;
    const ms = Math.max(0, j.claims.exp * 1000 - Date.now());
    // setTimeout's limit is ~24.8 days; a key that lives longer is checked again then.
    j.expiry = setTimeout(() => shutDown(j.topic, 'Token has expired'), Math.min(ms, 2 ** 31 - 1));
  };

  /** The claims `token` stands for, if it may read `sub`; else the reason. @param {string} token @param {string} sub @param {boolean} isPrivate */
  const admit = async (token, sub, isPrivate) => {
    const checked = await claimsOf(token, jwtSecret);
    if ('reason' in checked) return checked;
    if (!isPrivate) return checked;
    try {
      if (await mayRead(pool, sub, checked.claims)) return checked;
    } catch (error) {
      log(`[realtime] authorising ${sub}: ${error instanceof Error ? error.message : String(error)}`);
      return { reason: 'RealtimeNodeDisconnected: the database cannot be reached' };
    }
    return { reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${sub}` };
  };

  /** Why a join is refused before anything is looked up, or null. @param {string} topic @param {string} sub */
  const refusedJoin = (topic, sub) => {
    if (sub.length > bounds.maxTopicChars) return REFUSALS.topicTooLong(bounds.maxTopicChars);
    // Joins still being checked count too: a burst of them must not all pass the count at once.
    if (!joined.has(topic) && joined.size + joinsInFlight >= bounds.maxChannelsPerSocket) {
      return REFUSALS.tooManyChannels;
    }
    if (joinsInFlight >= bounds.maxJoinsInFlight || !joins.take()) return REFUSALS.tooManyJoins;
    return null;
  };

  /** @param {string} joinRef @param {string} ref @param {string} topic @param {Payload} payload */
  const join = async (joinRef, ref, topic, payload) => {
    const sub = topic.startsWith('realtime:') ? topic.slice('realtime:'.length) : '';
    if (!sub)
      return reply(joinRef, ref, topic, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
    const refused = refusedJoin(topic, sub);
    if (refused) return reply(joinRef, ref, topic, 'error', { reason: refused });
    joinsInFlight += 1;
    try {
      await admitJoin(joinRef, ref, topic, sub, payload);
    } finally {
      joinsInFlight -= 1;
    }
  };

  /** A join past the bounds: checked, then served. @param {string} joinRef @param {string} ref @param {string} topic @param {string} sub @param {Payload} payload */
  const admitJoin = async (joinRef, ref, topic, sub, payload) => {
    const config = /** @type {{ postgres_changes?: unknown, private?: unknown }} */ (payload.config ?? {});
    if (Array.isArray(config.postgres_changes) && config.postgres_changes.length > 0) {
      return reply(joinRef, ref, topic, 'error', {
        reason:
          'Unsupported: the local Realtime service serves broadcast channels only (docs/decisions/021-live-sync-channel.md)',
      });
    }
    if (joined.has(topic)) {
      const old = /** @type {Joined} */ (joined.get(topic));
      send([old.joinRef, old.joinRef, topic, 'phx_close', {}]);
      leave(topic);
    }
    const isPrivate = config.private === true;
    const given = payload.access_token;
    const token = typeof given === 'string' && !given.startsWith('sb_') ? given : apiKey;
    const admitted = await admit(token, sub, isPrivate);
    if (ws.readyState !== ws.OPEN) return;
    if ('reason' in admitted) return reply(joinRef, ref, topic, 'error', { reason: admitted.reason });
    const entry = {
      key: `${isPrivate ? 'private' : 'public'}:${sub}`,
      /** @param {unknown[]} frame */
      push: (frame) => send(frame),
      gap: () => {
        // The database was away: the client rejoins (and pulls what it missed).
        send([joinRef, joinRef, topic, 'phx_error', {}]);
        leave(topic);
      },
    };
    /** @type {Joined & { entry: typeof entry }} */
    const j = { joinRef, topic, isPrivate, claims: admitted.claims, entry };
    joined.set(topic, j);
    channels.add(entry);
    watchExpiry(j);
    reply(joinRef, ref, topic, 'ok', { postgres_changes: [] });
  };

  /** @param {string} topic @param {Payload} payload */
  const newToken = async (topic, payload) => {
    const j = joined.get(topic);
    const token = payload.access_token;
    if (!j || typeof token !== 'string' || token.startsWith('sb_')) return;
    const admitted = await admit(token, topic.slice('realtime:'.length), j.isPrivate);
    if ('reason' in admitted) {
      const why = admitted.reason.startsWith('Unauthorized')
        ? `You no longer have permission to read from this Channel topic: ${topic.slice('realtime:'.length)}`
        : admitted.reason;
      return shutDown(topic, why);
    }
    j.claims = admitted.claims;
    watchExpiry(j);
  };

  ws.on('message', (data, isBinary) => {
    stillHere();
    if (!frames.take()) {
      log('[realtime] a socket sending more than its frames per second was closed');
      return void ws.close(1008, 'Too many messages per second');
    }
    if (isBinary) return log('[realtime] a binary frame (a client broadcast) was ignored: not served locally');
    /** @type {unknown} */
    let frame;
    try {
      const text = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
      frame = JSON.parse(text.toString('utf8'));
    } catch {
      return log('[realtime] a frame that is not JSON was ignored');
    }
    if (!Array.isArray(frame) || frame.length !== 5) return log('[realtime] a frame that is not vsn 2.0.0 was ignored');
    /** @param {unknown} v */
    const str = (v) => (typeof v === 'string' ? v : '');
    const [joinRef, ref, topic, event] = [str(frame[0]), str(frame[1]), str(frame[2]), str(frame[3])];
    /** @type {unknown} */
    const raw = frame[4];
    const payload = /** @type {Payload} */ (raw && typeof raw === 'object' ? raw : {});
    if (topic === 'phoenix' && event === 'heartbeat') return reply(null, ref, 'phoenix', 'ok', {});
    if (event === 'phx_join') return void join(joinRef, ref, topic, payload);
    if (!joined.has(topic)) return reply(joinRef, ref, topic, 'error', { reason: 'unmatched topic' });
    if (event === 'access_token') return void newToken(topic, payload);
    if (event === 'phx_leave') {
      reply(joinRef, ref, topic, 'ok', {});
      send([joinRef, joinRef, topic, 'phx_close', {}]);
      return leave(topic);
    }
    if (event === 'broadcast' && payload.type === 'broadcast') {
      log('[realtime] a client broadcast was ignored: not served locally');
    }
  });
  ws.on('close', () => {
    clearTimeout(idle);
    for (const topic of [...joined.keys()]) leave(topic);
  });
  ws.on('error', (error) => log(`[realtime] socket: ${error.message}`));
}
