// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueuedDemoRequest } from './demo-request-store';
import { createDemoRequestQueue, type DemoRequestQueue } from './demo-request-queue';
import { fakeServer, NO_CONNECTION, PHONE_REFUSED, row } from '../../../testing/fake-demo-request-server';

let online = true;
const queues: DemoRequestQueue[] = [];
let dbName = '';

function queue(
  server: ReturnType<typeof fakeServer>,
  extra: { onSent?: (e: QueuedDemoRequest[]) => void; dbName?: string } = {},
) {
  const q = createDemoRequestQueue({ client: server.client, dbName, ...extra });
  queues.push(q);
  return q;
}

function goOnline() {
  online = true;
  window.dispatchEvent(new Event('online'));
}

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  dbName = `demo-requests-test-${crypto.randomUUID()}`;
});

afterEach(() => {
  for (const q of queues.splice(0)) q.close();
  vi.restoreAllMocks();
});

describe('the demo request queue', () => {
  it('keeps a request made offline and sends it when the connection returns', async () => {
    const server = fakeServer();
    const onSent = vi.fn();
    const q = queue(server, { onSent });
    const stop = q.startSending({ retryMs: 60_000 });
    online = false;
    const request = row();
    await q.add(request);
    // Offline a flush sends nothing and says one waits. The sender's attempts are such flushes;
    // this one queues behind any it has begun (one lock).
    expect(await q.flush()).toEqual({ sent: [], refused: [], waiting: 1 });
    expect(server.insert).not.toHaveBeenCalled();
    expect((await q.all()).map((e) => e.id)).toEqual([request.id]);

    goOnline();
    await vi.waitFor(async () => expect(await q.all()).toEqual([]));
    expect(server.rows.get(request.id)).toEqual(request);
    expect(server.insert).toHaveBeenCalledTimes(1);
    expect(onSent).toHaveBeenCalledWith([expect.objectContaining({ id: request.id })]);
    stop();
  });

  it('keeps its requests over a reload (a new queue over the same IndexedDB) and sends them at start', async () => {
    const server = fakeServer();
    online = false;
    const before = queue(server);
    const first = row();
    const second = row();
    await before.add(first);
    await before.add(second);
    before.close();

    online = true;
    const after = queue(server);
    expect((await after.all()).map((e) => e.row)).toEqual([first, second]);
    const stop = after.startSending();
    await vi.waitFor(async () => expect(await after.all()).toEqual([]));
    expect([...server.rows.keys()]).toEqual([first.id, second.id]);
    stop();
  });

  it('counts 23505 on its id as received: a request whose answer was lost is not sent twice', async () => {
    const server = fakeServer();
    const request = row();
    // It reached the server, but the answer never came back.
    server.rows.set(request.id, request);
    const onSent = vi.fn();
    const q = queue(server, { onSent });
    await q.add(request);
    const result = await q.flush();
    expect(result.sent.map((e) => e.id)).toEqual([request.id]);
    expect(await q.all()).toEqual([]);
    expect(server.rows.size).toBe(1);
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it('keeps a request the server refuses, with its message, and does not send it again', async () => {
    const server = fakeServer();
    const q = queue(server);
    const refused = row({ phone: '0207946' });
    const fine = row();
    await q.add(refused);
    await q.add(fine);
    server.answerNext(PHONE_REFUSED);
    const result = await q.flush();
    expect(result.refused.map((e) => e.id)).toEqual([refused.id]);
    // The refusal does not hold up the next request.
    expect(result.sent.map((e) => e.id)).toEqual([fine.id]);
    const [kept, ...rest] = await q.all();
    expect(rest).toEqual([]);
    expect(kept).toMatchObject({
      id: refused.id,
      row: refused,
      refusal: {
        code: '23514',
        message: PHONE_REFUSED.error!.message,
        constraint: 'demo_requests_phone_format',
      },
    });
    await q.flush();
    expect(server.insert).toHaveBeenCalledTimes(2);
    expect((await q.all()).map((e) => e.id)).toEqual([refused.id]);
    // Only the visitor removes it.
    await q.remove(refused.id);
    expect(await q.all()).toEqual([]);
  });

  it('sends each request once when two senders (two tabs) try at the same time', async () => {
    const server = fakeServer();
    server.delay(20);
    const tabA = queue(server);
    const tabB = queue(server);
    online = false;
    const requests = [row(), row(), row()];
    for (const r of requests) await tabA.add(r);
    online = true;
    const [a, b] = await Promise.all([tabA.flush(), tabB.flush()]);
    expect(a.sent.length + b.sent.length).toBe(3);
    expect(server.insert).toHaveBeenCalledTimes(3);
    expect(server.rows.size).toBe(3);
    expect(await tabB.all()).toEqual([]);
  });

  it('tries again on a timer while the server cannot be reached, and says why meanwhile', async () => {
    const server = fakeServer();
    server.answerNext(NO_CONNECTION);
    const q = queue(server);
    const request = row();
    await q.add(request);
    const stop = q.startSending({ retryMs: 50 });
    await vi.waitFor(async () =>
      expect(await q.all()).toEqual([expect.objectContaining({ lastError: 'TypeError: Failed to fetch' })]),
    );
    await vi.waitFor(async () => expect(await q.all()).toEqual([]));
    expect(server.insert).toHaveBeenCalledTimes(2);
    stop();
  });

  it('runs one sender however often it is started, until the last start is stopped', async () => {
    const server = fakeServer();
    const q = queue(server);
    const stops = [q.startSending({ retryMs: 60_000 }), q.startSending({ retryMs: 60_000 })];
    online = false;
    await q.add(row());
    goOnline();
    await vi.waitFor(async () => expect(await q.all()).toEqual([]));
    expect(server.insert).toHaveBeenCalledTimes(1);

    stops[0]!();
    online = false;
    await q.add(row());
    goOnline();
    await vi.waitFor(async () => expect(await q.all()).toEqual([]));

    stops[1]!();
    stops[1]!();
    online = false;
    await q.add(row());
    // A witness: another queue (its own store) whose sender runs. It hears 'online' after this
    // queue's sender would have, and sends under the same lock: once it has sent, that sender
    // would have too.
    const witness = fakeServer();
    const other = queue(witness, { dbName: `${dbName}-witness` });
    const stopOther = other.startSending({ retryMs: 60_000 });
    await other.add(row());
    goOnline();
    await vi.waitFor(() => expect(witness.insert).toHaveBeenCalledTimes(1));
    stopOther();
    expect(await q.all()).toHaveLength(1);
    expect(server.insert).toHaveBeenCalledTimes(2);
  });

  it('tells a watcher what waits, also what another queue instance (tab) adds', async () => {
    const server = fakeServer();
    const q = queue(server);
    const other = queue(server);
    const seen: number[] = [];
    const unwatch = q.watch((entries) => seen.push(entries.length));
    online = false;
    await other.add(row());
    await vi.waitFor(() => expect(seen.at(-1)).toBe(1));
    online = true;
    await other.flush();
    await vi.waitFor(() => expect(seen.at(-1)).toBe(0));
    unwatch();
  });
});
