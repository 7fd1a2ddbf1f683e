// What one client may ask of the local Realtime service (bounds.mjs), with raw vsn 2.0.0 frames:
// small bounds on a service of the test's own, then a bounded flood at the shared stack's gateway,
// after which the stack still answers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { stack } from '../../../../tests/integration/fixtures';
import { REFUSALS } from './bounds.mjs';
import { REALTIME_PATH, startRealtimeService } from './index.mjs';

type Frame = [string | null, string | null, string, string, { status?: string; response?: { reason?: string } }];

const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** A service with `bounds` behind a bare server, as the gateway hands it upgrades. */
async function service(bounds: Parameters<typeof startRealtimeService>[0]['bounds']) {
  const s = stack();
  const rt = startRealtimeService({ dbUrl: s.dbUrl, jwtSecret: s.jwtSecret, bounds });
  const server = http.createServer();
  server.on('upgrade', (req, socket, head) => rt.upgrade(req, socket, head, s.anonKey));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  stops.push(
    () => new Promise((r) => server.close(r)),
    () => rt.stop(),
  );
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}${REALTIME_PATH}?vsn=2.0.0`;
}

/** A socket, what it hears, and how it ended (null while open; the status of a refused upgrade). */
async function socket(url: string) {
  const ws = new WebSocket(url);
  const heard: Frame[] = [];
  const ended: { code: number | null; refused: number | null } = { code: null, refused: null };
  ws.on('message', (data) => heard.push(JSON.parse((data as Buffer).toString('utf8')) as Frame));
  ws.on('close', (code) => (ended.code = code));
  ws.on('unexpected-response', (_req, res) => {
    ended.refused = res.statusCode ?? 0;
    ws.terminate();
  });
  ws.on('error', () => undefined);
  await new Promise<void>((resolve) => {
    ws.once('open', () => resolve());
    ws.once('close', () => resolve());
  });
  stops.push(async () => ws.terminate());
  const join = (ref: string, topic: string) =>
    ws.send(JSON.stringify([ref, ref, `realtime:${topic}`, 'phx_join', { config: { private: false } }]));
  return { ws, heard, ended, join };
}

/** Until `what` holds: vitest's waitFor. */
const until = (what: () => boolean, timeout = 5000) =>
  vi.waitFor(() => expect(what()).toBe(true), { timeout, interval: 20 });

/** Each join's answer, in the order the joins were sent (a refusal may come before an earlier join's answer). */
const reasons = (heard: Frame[]) =>
  [...heard].sort((a, b) => Number(a[1]) - Number(b[1])).map((f) => f[4].response?.reason ?? f[4].status);

describe('the local Realtime service’s bounds', () => {
  it('refuses a topic too long and a channel too many, and closes a frame too large', async () => {
    const url = await service({ maxTopicChars: 20, maxChannelsPerSocket: 2, maxFrameBytes: 1024 });
    const a = await socket(url);
    a.join('1', 'x'.repeat(21));
    a.join('2', 'one');
    a.join('3', 'two');
    a.join('4', 'three');
    await until(() => a.heard.length === 4);
    expect(reasons(a.heard)).toEqual([REFUSALS.topicTooLong(20), 'ok', 'ok', REFUSALS.tooManyChannels]);
    a.ws.send(JSON.stringify(['5', '5', 'realtime:big', 'phx_join', { padding: 'x'.repeat(2048) }]));
    await until(() => a.ended.code !== null);
    expect(a.ended.code).toBe(1009);
  });

  it('refuses joins past their rate, and closes a socket sending past its frame rate', async () => {
    const url = await service({ joinsPerSecond: 2, framesPerSecond: 5 });
    const a = await socket(url);
    a.join('1', 'one');
    a.join('2', 'two');
    a.join('3', 'three');
    await until(() => a.heard.length === 3);
    expect(reasons(a.heard)).toEqual(['ok', 'ok', REFUSALS.tooManyJoins]);
    for (let i = 0; i < 5; i++) a.ws.send(JSON.stringify([null, `h${i}`, 'phoenix', 'heartbeat', {}]));
    await until(() => a.ended.code !== null);
    expect(a.ended.code).toBe(1008);
  });

  it('refuses a client’s sockets past its share, and closes a socket that stays silent', async () => {
    const url = await service({ maxSocketsPerClient: 2, idleMs: 1000 });
    const [a, b, c] = [await socket(url), await socket(url), await socket(url)];
    expect([a.ended.refused, b.ended.refused, c.ended.refused]).toEqual([null, null, 429]);
    // Heartbeats keep a socket; silence ends one.
    const beat = setInterval(() => a.ws.send(JSON.stringify([null, 'h', 'phoenix', 'heartbeat', {}])), 100);
    try {
      await until(() => b.ended.code !== null, 4000);
      expect(a.ended.code).toBeNull();
    } finally {
      clearInterval(beat);
    }
    // Its place is free again.
    expect((await socket(url)).ended.refused).toBeNull();
  });

  it('a flood of 1 MB joins from the public key closes its sockets, and the stack still answers', async () => {
    const s = stack();
    const url = `${s.apiUrl.replace('http', 'ws')}${REALTIME_PATH}?apikey=${s.anonKey}&vsn=2.0.0`;
    const sockets = await Promise.all(Array.from({ length: 20 }, () => socket(url)));
    const topic = 'x'.repeat(1024 * 1024);
    for (const a of sockets) for (let i = 0; i < 5; i++) if (a.ws.readyState === a.ws.OPEN) a.join(`${i}`, topic);
    await until(() => sockets.every((a) => a.ended.code !== null), 15_000);
    expect(new Set(sockets.map((a) => a.ended.code))).toEqual(new Set([1009]));
    const rest = await fetch(`${s.apiUrl}/rest/v1/rpc/sync_horizon`, {
      method: 'POST',
      headers: { apikey: s.anonKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(rest.status).toBe(200);
    // And a well-behaved client still joins.
    const fine = await socket(url);
    fine.join('1', 'sync:public-check');
    await until(() => fine.heard.length === 1);
    expect(reasons(fine.heard)).toEqual(['ok']);
  });
});
