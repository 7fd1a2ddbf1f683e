// @ts-check
// What one client may ask of the local Realtime service, so that no client can take the stack
// down (an attack run did, with ~4,200 joins of 1 MB topics from the public key, and with ~21,000
// idle sockets). Hosted Realtime bounds the same things: channels per connection (100), joins per
// second, messages per second, and Phoenix closes a socket that sends nothing for 60 s (realtime-js
// sends a heartbeat every 25 s). Every bound fails closed.
import { readFileSync } from 'node:fs';

/**
 * @typedef {{
 *   maxFrameBytes: number, maxTopicChars: number, maxChannelsPerSocket: number,
 *   joinsPerSecond: number, maxJoinsInFlight: number, framesPerSecond: number,
 *   maxSocketsPerClient: number, maxSockets: number, idleMs: number, maxBufferedBytes: number,
 * }} RealtimeBounds
 */

/** @type {RealtimeBounds} */
export const DEFAULT_BOUNDS = {
  // Clients send joins, heartbeats and access tokens: a few KB at most.
  maxFrameBytes: 64 * 1024,
  maxTopicChars: 255,
  maxChannelsPerSocket: 100,
  joinsPerSecond: 20,
  maxJoinsInFlight: 10,
  framesPerSecond: 100,
  maxSocketsPerClient: 500,
  maxSockets: 2000,
  idleMs: 60_000,
  // A client that does not read what it is sent: it is dropped rather than buffered for.
  maxBufferedBytes: 1024 * 1024,
};

/** Hosted Realtime's words for the bounds it shares with this one. */
export const REFUSALS = {
  topicTooLong: (/** @type {number} */ max) => `TopicNameTooLong: a topic name has at most ${max} characters`,
  tooManyChannels: 'ChannelRateLimitReached: Too many channels',
  tooManyJoins: 'ClientJoinRateLimitReached: Too many joins per second',
};

/**
 * A token bucket: `take()` is true while the rate holds (a burst of `perSecond` allowed).
 * @param {number} perSecond
 */
export function rate(perSecond, now = () => Date.now()) {
  let tokens = perSecond;
  let at = now();
  return {
    take() {
      const t = now();
      tokens = Math.min(perSecond, tokens + ((t - at) / 1000) * perSecond);
      at = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/**
 * How many connections one server may hold: at most `wanted`, and never more than half of this
 * process's open-file limit (Postgres' pools, PostgREST's and the functions' sockets need the rest).
 * @param {number} wanted
 */
export function connectionLimit(wanted, limitsFile = '/proc/self/limits') {
  try {
    const line = readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isFinite(soft) && soft > 0 ? Math.min(wanted, Math.floor(soft / 2)) : wanted;
  } catch {
    return wanted;
  }
}
