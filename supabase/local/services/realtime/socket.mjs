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
/** @typedef {{ key: string, push: (frame: unknown[]) => void, gap: () => void }} Channel */
/**
 * @typedef {{
 *   apiKey: string, jwtSecret: string, pool: import('pg').Pool, channels: Set<Channel>,
 *   log: (line: string) => void, bounds: import('./bounds.mjs').RealtimeBounds,
 * }} SocketContext
 */
/**
 * One socket as the functions below share it: the service's context, the channels it joined (by
 * topic), its join rate and the joins still being checked.
 * @typedef {SocketContext & {
 *   ws: import('ws').WebSocket, joined: Map<string, Joined & { entry: Channel }>,
 *   joins: ReturnType<typeof rate>, joinsInFlight: number,
 * }} Socket
 */

/** @param {Socket} s @param {unknown[]} frame */
const send = (s, frame) => {
  if (s.ws.readyState !== s.ws.OPEN) return;
  // A client that does not read what it is sent is dropped, not buffered for.
  if (s.ws.bufferedAmount > s.bounds.maxBufferedBytes) return void s.ws.terminate();
  s.ws.send(JSON.stringify(frame));
};

/** @param {Socket} s @param {string | null} joinRef @param {string | null} ref @param {string} topic @param {'ok' | 'error'} status @param {unknown} response */
const reply = (s, joinRef, ref, topic, status, response) =>
  send(s, [joinRef, ref, topic, 'phx_reply', { status, response }]);

/** @param {Socket} s @param {string} topic */
const leave = (s, topic) => {
  const j = s.joined.get(topic);
  if (!j) return;
  clearTimeout(j.expiry);
  s.channels.delete(j.entry);
  s.joined.delete(topic);
};

/** Hosted's shutdown: a system error, then the channel is closed (the client does not rejoin). @param {Socket} s @param {string} topic @param {string} message */
const shutDown = (s, topic, message) => {
  const j = s.joined.get(topic);
  if (!j) return;
  const sub = topic.slice('realtime:'.length);
  send(s, [j.joinRef, null, topic, 'system', { extension: 'system', status: 'error', message, channel: sub }]);
  send(s, [j.joinRef, j.joinRef, topic, 'phx_close', {}]);
  leave(s, topic);
};

/** @param {Socket} s @param {Joined} j */
const watchExpiry = (s, j) => {
  clearTimeout(j.expiry);
  if (typeof j.claims.exp !== 'number') return;
  const ms = Math.max(0, j.claims.exp * 1000 - Date.now());
  // setTimeout's limit is ~24.8 days; a key that lives longer is checked again then.
  j.expiry = setTimeout(() => shutDown(s, j.topic, 'Token has expired'), Math.min(ms, 2 ** 31 - 1));
};

/** The claims `token` stands for, if it may read `sub`; else the reason. @param {Socket} s @param {string} token @param {string} sub @param {boolean} isPrivate */
const admit = async (s, token, sub, isPrivate) => {
  const checked = await claimsOf(token, s.jwtSecret);
  if ('reason' in checked) return checked;
  if (!isPrivate) return checked;
  try {
    if (await mayRead(s.pool, sub, checked.claims)) return checked;
  } catch (error) {
    s.log(`[realtime] authorising ${sub}: ${error instanceof Error ? error.message : String(error)}`);
    return { reason: 'RealtimeNodeDisconnected: the database cannot be reached' };
  }
  return { reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${sub}` };
};

/** Why a join is refused before anything is looked up, or null. @param {Socket} s @param {string} topic @param {string} sub */
const refusedJoin = (s, topic, sub) => {
  const { bounds, joined } = s;
  if (sub.length > bounds.maxTopicChars) return REFUSALS.topicTooLong(bounds.maxTopicChars);
  // Joins still being checked count too: a burst of them must not all pass the count at once.
  if (!joined.has(topic) && joined.size + s.joinsInFlight >= bounds.maxChannelsPerSocket) {
    return REFUSALS.tooManyChannels;
  }
  if (s.joinsInFlight >= bounds.maxJoinsInFlight || !s.joins.take()) return REFUSALS.tooManyJoins;
  return null;
};

/** @param {Socket} s @param {string} joinRef @param {string} ref @param {string} topic @param {Payload} payload */
const join = async (s, joinRef, ref, topic, payload) => {
  const sub = topic.startsWith('realtime:') ? topic.slice('realtime:'.length) : '';
  if (!sub)
    return reply(s, joinRef, ref, topic, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
  const refused = refusedJoin(s, topic, sub);
  if (refused) return reply(s, joinRef, ref, topic, 'error', { reason: refused });
  s.joinsInFlight += 1;
  try {
    await admitJoin(s, joinRef, ref, topic, sub, payload);
  } finally {
    s.joinsInFlight -= 1;
  }
};

/** A join past the bounds: checked, then served. @param {Socket} s @param {string} joinRef @param {string} ref @param {string} topic @param {string} sub @param {Payload} payload */
const admitJoin = async (s, joinRef, ref, topic, sub, payload) => {
  const config = /** @type {{ postgres_changes?: unknown, private?: unknown }} */ (payload.config ?? {});
  if (Array.isArray(config.postgres_changes) && config.postgres_changes.length > 0) {
    return reply(s, joinRef, ref, topic, 'error', {
      reason:
        'Unsupported: the local Realtime service serves broadcast channels only (docs/decisions/021-live-sync-channel.md)',
    });
  }
  if (s.joined.has(topic)) {
    const old = /** @type {Joined} */ (s.joined.get(topic));
    send(s, [old.joinRef, old.joinRef, topic, 'phx_close', {}]);
    leave(s, topic);
  }
  const isPrivate = config.private === true;
  const given = payload.access_token;
  const token = typeof given === 'string' && !given.startsWith('sb_') ? given : s.apiKey;
  const admitted = await admit(s, token, sub, isPrivate);
  if (s.ws.readyState !== s.ws.OPEN) return;
  if ('reason' in admitted) return reply(s, joinRef, ref, topic, 'error', { reason: admitted.reason });
  /** @type {Channel} */
  const entry = {
    key: `${isPrivate ? 'private' : 'public'}:${sub}`,
    push: (frame) => send(s, frame),
    gap: () => {
      // The database was away: the client rejoins (and pulls what it missed).
      send(s, [joinRef, joinRef, topic, 'phx_error', {}]);
      leave(s, topic);
    },
  };
  /** @type {Joined & { entry: Channel }} */
  const j = { joinRef, topic, isPrivate, claims: admitted.claims, entry };
  s.joined.set(topic, j);
  s.channels.add(entry);
  watchExpiry(s, j);
  reply(s, joinRef, ref, topic, 'ok', { postgres_changes: [] });
};

/** @param {Socket} s @param {string} topic @param {Payload} payload */
const newToken = async (s, topic, payload) => {
  const j = s.joined.get(topic);
  const token = payload.access_token;
  if (!j || typeof token !== 'string' || token.startsWith('sb_')) return;
  const admitted = await admit(s, token, topic.slice('realtime:'.length), j.isPrivate);
  if ('reason' in admitted) {
    const why = admitted.reason.startsWith('Unauthorized')
      ? `You no longer have permission to read from this Channel topic: ${topic.slice('realtime:'.length)}`
      : admitted.reason;
    return shutDown(s, topic, why);
  }
  j.claims = admitted.claims;
  watchExpiry(s, j);
};

/**
 * A frame's [join_ref, ref, topic, event, payload], or null (logged) when it is not one.
 * @param {import('ws').RawData} data @param {boolean} isBinary @param {(line: string) => void} log
 */
function parseFrame(data, isBinary, log) {
  if (isBinary) return void log('[realtime] a binary frame (a client broadcast) was ignored: not served locally');
  /** @type {unknown} */
  let frame;
  try {
    const text = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    frame = JSON.parse(text.toString('utf8'));
  } catch {
    return void log('[realtime] a frame that is not JSON was ignored');
  }
  if (!Array.isArray(frame) || frame.length !== 5)
    return void log('[realtime] a frame that is not vsn 2.0.0 was ignored');
  /** @param {unknown} v */
  const str = (v) => (typeof v === 'string' ? v : '');
  const [joinRef, ref, topic, event] = [str(frame[0]), str(frame[1]), str(frame[2]), str(frame[3])];
  /** @type {unknown} */
  const raw = frame[4];
  const payload = /** @type {Payload} */ (raw && typeof raw === 'object' ? raw : {});
  return { joinRef, ref, topic, event, payload };
}

/** What a client's frame asks, answered. @param {Socket} s @param {NonNullable<ReturnType<typeof parseFrame>>} frame */
function receive(s, { joinRef, ref, topic, event, payload }) {
  if (topic === 'phoenix' && event === 'heartbeat') return reply(s, null, ref, 'phoenix', 'ok', {});
  if (event === 'phx_join') return void join(s, joinRef, ref, topic, payload);
  if (!s.joined.has(topic)) return reply(s, joinRef, ref, topic, 'error', { reason: 'unmatched topic' });
  if (event === 'access_token') return void newToken(s, topic, payload);
  if (event === 'phx_leave') {
    reply(s, joinRef, ref, topic, 'ok', {});
    send(s, [joinRef, joinRef, topic, 'phx_close', {}]);
    return leave(s, topic);
  }
  if (event === 'broadcast' && payload.type === 'broadcast') {
    s.log('[realtime] a client broadcast was ignored: not served locally');
  }
}

/**
 * @param {import('ws').WebSocket} ws
 * @param {SocketContext} ctx
 */
export function serveSocket(ws, ctx) {
  const { log, bounds } = ctx;
  const frames = rate(bounds.framesPerSecond);
  /** @type {Socket} */
  const s = { ...ctx, ws, joined: new Map(), joins: rate(bounds.joinsPerSecond), joinsInFlight: 0 };
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let idle;
  // Silent for idleMs (realtime-js sends a heartbeat every 25 s): the socket is closed, as Phoenix does.
  const stillHere = () => {
    clearTimeout(idle);
    idle = setTimeout(() => ws.terminate(), bounds.idleMs);
  };
  stillHere();

  ws.on('message', (data, isBinary) => {
    stillHere();
    if (!frames.take()) {
      log('[realtime] a socket sending more than its frames per second was closed');
      return void ws.close(1008, 'Too many messages per second');
    }
    const frame = parseFrame(data, isBinary, log);
    if (frame) receive(s, frame);
  });
  ws.on('close', () => {
    clearTimeout(idle);
    for (const topic of [...s.joined.keys()]) leave(s, topic);
  });
  ws.on('error', (error) => log(`[realtime] socket: ${error.message}`));
}
