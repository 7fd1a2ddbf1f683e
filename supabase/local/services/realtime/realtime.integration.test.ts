// The local Realtime service, driven by the real @supabase/realtime-js client (through supabase-js,
// as the app does) against the shared test stack: private channels authorised by the RLS policy
// on realtime.messages, the database's "pull" messages, token updates, and a cut channel.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RealtimeClient, type RealtimeChannel } from '@supabase/realtime-js';
import { afterAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { anonClient, sql, stack } from '../../../../tests/integration/fixtures';
import { assessment, removeSyncData, user } from '../../../../tests/integration/sync-fixtures';
import { REALTIME_PATH, startRealtimeService } from './index.mjs';

afterAll(removeSyncData);

type Heard = { event: string; payload: Record<string, unknown> };

/** Joins `topic` privately; resolves with the status the join ended in and what the channel hears. */
async function join(rt: RealtimeClient, topic: string) {
  const heard: Heard[] = [];
  const statuses: string[] = [];
  const errors: string[] = [];
  const channel: RealtimeChannel = rt.channel(topic, { config: { private: true } });
  channel.on('broadcast', { event: '*' }, (m: { event: string; payload: Record<string, unknown> }) =>
    heard.push({ event: m.event, payload: m.payload }),
  );
  const status = await new Promise<string>((resolve) =>
    channel.subscribe((s, error) => {
      statuses.push(s);
      if (error) errors.push(error.message);
      if (!['SUBSCRIBED', 'CHANNEL_ERROR', 'TIMED_OUT'].includes(String(s))) return;
      resolve(s);
    }),
  );
  return { channel, status, heard, statuses, errors };
}

/** Until `what` holds: vitest's waitFor. */
const until = (what: () => boolean, timeout = 5000) =>
  vi.waitFor(() => expect(what()).toBe(true), { timeout, interval: 25 });

const hash = async (token: string) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');

describe('the local Realtime service', () => {
  it('lets a user join their own topic and tells them to pull, once per statement', async () => {
    const u = await user();
    await u.client.realtime.setAuth(u.session.access_token);
    const mine = await join(u.client.realtime, `sync:user:${u.user.id}`);
    expect(mine.status).toBe('SUBSCRIBED');
    const rows = [1, 2, 3].map((n) => ({ user_id: u.user.id, title: `Flat ${n}`, key_features: [] }));
    const { error } = await u.client.from('saved_properties').insert(rows);
    expect(error).toBeNull();
    await until(() => mine.heard.length > 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(mine.heard).toEqual([
      { event: 'pull', payload: { table: 'saved_properties', id: expect.any(String) as unknown } },
    ]);
    await u.client.realtime.removeAllChannels();
  });

  it("refuses another user's topic, and a topic with the anon key alone, in hosted Realtime's words", async () => {
    const [a, b] = [await user(), await user()];
    await a.client.realtime.setAuth(a.session.access_token);
    const theirs = await join(a.client.realtime, `sync:user:${b.user.id}`);
    expect(theirs.status).toBe('CHANNEL_ERROR');
    expect(theirs.errors[0]).toContain(
      `Unauthorized: You do not have permissions to read from this Channel topic: sync:user:${b.user.id}`,
    );
    const anon = anonClient();
    const noAccount = await join(anon.realtime, `sync:user:${b.user.id}`);
    expect(noAccount.status).toBe('CHANNEL_ERROR');
    await Promise.all([a.client.realtime.removeAllChannels(), anon.realtime.removeAllChannels()]);
  });

  it("lets a link holder hear its assessment's topic (a valid link only)", async () => {
    const link = await assessment();
    const topic = `sync:assessment:${await hash(link.token)}`;
    const [fromSql] = await sql<{ topic: string }>('select public.sync_assessment_topic($1) as topic', [link.token]);
    expect(fromSql!.topic).toBe(topic);
    const holder = await join(link.client.realtime, topic);
    expect(holder.status).toBe('SUBSCRIBED');
    await link.client.from('agent_assessments').update({ agency_name: 'Elsewhere Estates' }).eq('id', link.id);
    await until(() => holder.heard.some((h) => h.payload.table === 'agent_assessments'));
    const expired = await assessment({ expired: true });
    const late = await join(expired.client.realtime, `sync:assessment:${await hash(expired.token)}`);
    expect(late.status).toBe('CHANNEL_ERROR');
    await Promise.all([link.client.realtime.removeAllChannels(), expired.client.realtime.removeAllChannels()]);
  });

  it('closes the channel when a new token may not read it, as hosted does', async () => {
    const [a, b] = [await user(), await user()];
    await a.client.realtime.setAuth(a.session.access_token);
    const mine = await join(a.client.realtime, `sync:user:${a.user.id}`);
    expect(mine.status).toBe('SUBSCRIBED');
    const system: string[] = [];
    mine.channel.on('system', {}, (m: { message: string }) => system.push(m.message));
    await a.client.realtime.setAuth(b.session.access_token);
    await until(() => mine.statuses.includes('CLOSED'));
    expect(system[0]).toContain('You no longer have permission to read from this Channel topic');
  });

  it('answers heartbeats, and refuses postgres_changes with words', async () => {
    const s = stack();
    const ws = new WebSocket(`${s.apiUrl.replace('http', 'ws')}${REALTIME_PATH}?apikey=${s.anonKey}&vsn=2.0.0`);
    const frames: unknown[][] = [];
    ws.on('message', (d: Buffer) => frames.push(JSON.parse(d.toString('utf8')) as unknown[]));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify([null, '7', 'phoenix', 'heartbeat', {}]));
    ws.send(
      JSON.stringify([
        '8',
        '8',
        'realtime:anything',
        'phx_join',
        { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'saved_properties' }], private: false } },
      ]),
    );
    await until(() => frames.length >= 2);
    expect(frames[0]).toEqual([null, '7', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    expect(frames[1]).toMatchObject(['8', '8', 'realtime:anything', 'phx_reply', { status: 'error' }]);
    expect(JSON.stringify(frames[1])).toContain('broadcast channels only');
    ws.close();
    const refused = await fetch(`${s.apiUrl}${REALTIME_PATH}?apikey=not-a-key`, {
      headers: { connection: 'upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'x' },
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Error);
  });

  it('when cut, the client reports the loss and rejoins once the service is back', async () => {
    const s = stack();
    const service = startRealtimeService({ dbUrl: s.dbUrl, jwtSecret: s.jwtSecret });
    const server = http.createServer();
    server.on('upgrade', (req, socket, head) => service.upgrade(req, socket, head, s.anonKey));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const rt = new RealtimeClient(`ws://127.0.0.1:${port}/realtime/v1`, {
      params: { apikey: s.anonKey },
      transport: WebSocket as unknown as typeof globalThis.WebSocket,
    });
    try {
      const u = await user();
      await rt.setAuth(u.session.access_token);
      const mine = await join(rt, `sync:user:${u.user.id}`);
      expect(mine.status).toBe('SUBSCRIBED');
      service.cut();
      await until(() => mine.statuses.includes('CHANNEL_ERROR'));
      service.restore();
      await until(() => mine.statuses.filter((x) => x === 'SUBSCRIBED').length === 2, 15_000);
      await u.client.from('saved_properties').insert({ user_id: u.user.id, title: 'After the cut', key_features: [] });
      await until(() => mine.heard.length > 0);
    } finally {
      await rt.removeAllChannels();
      await rt.disconnect();
      await service.stop();
      await new Promise((r) => server.close(r));
    }
  }, 30_000);
});
