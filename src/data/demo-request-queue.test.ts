import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseClient } from './client';
import {
  createDemoRequestQueue,
  sendDemoRequest,
  type DemoRequestQueue,
  type DemoRequestRow,
  type QueuedDemoRequest,
} from './demo-request-queue';

type Answer = { error: { code: string; message: string } | null; status: number };

const OK: Answer = { error: null, status: 201 };
const NO_CONNECTION: Answer = { error: { code: '', message: 'TypeError: Failed to fetch' }, status: 0 };
const PHONE_REFUSED: Answer = {
  error: {
    code: '23514',
    message: 'new row for relation "demo_requests" violates check constraint "demo_requests_phone_at_least_10_chars"',
  },
  status: 400,
};
const ALREADY_THERE: Answer = {
  error: { code: '23505', message: 'duplicate key value violates unique constraint "demo_requests_pkey"' },
  status: 409,
};

/**
 * A stand-in for the table behind PostgREST: stores rows by id, answers a second insert of an id
 * with 23505, and answers `next` instead when a test sets it (once per call, in order).
 */
function fakeServer() {
  const rows = new Map<string, DemoRequestRow>();
  const next: (Answer | Error)[] = [];
  let delayMs = 0;
  const insert = vi.fn(async (row: DemoRequestRow, _signal?: AbortSignal): Promise<Answer> => {
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const answer = next.shift();
    if (answer instanceof Error) throw answer;
    if (answer) return answer;
    if (rows.has(row.id)) return ALREADY_THERE;
    rows.set(row.id, row);
    return OK;
  });
  const client = {
    from: (table: string) =>
      table === 'demo_requests'
        ? { insert: (row: DemoRequestRow) => ({ abortSignal: (signal: AbortSignal) => insert(row, signal) }) }
        : null,
  };
  return {
    rows,
    insert,
    answerNext: (...answers: (Answer | Error)[]) => next.push(...answers),
    delay: (ms: number) => (delayMs = ms),
    // Only from().insert() is used; the rest of the client is not needed here.
    client: client as unknown as DatabaseClient,
  };
}

let n = 0;
const row = (over: Partial<DemoRequestRow> = {}): DemoRequestRow => ({
  id: crypto.randomUUID(),
  professional_type: 'agent',
  name: `Ann ${++n}`,
  company: 'Agency Ltd',
  email: 'ann@example.test',
  phone: '020 7946 0000',
  description: '',
  website: '',
  marketing: false,
  ai_name: 'Chloe',
  ...over,
});

let online = true;
const queues: DemoRequestQueue[] = [];
let dbName = '';

function queue(server: ReturnType<typeof fakeServer>, extra: { onSent?: (e: QueuedDemoRequest[]) => void } = {}) {
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

describe('sendDemoRequest', () => {
  it('tells sent, no connection, refused and failed apart', async () => {
    const server = fakeServer();
    expect(await sendDemoRequest(server.client, row())).toEqual({ kind: 'sent' });
    server.answerNext(ALREADY_THERE);
    // Already received under this id: a re-send, not a failure.
    expect(await sendDemoRequest(server.client, row())).toEqual({ kind: 'sent' });
    server.answerNext(NO_CONNECTION);
    expect(await sendDemoRequest(server.client, row())).toEqual({
      kind: 'offline',
      message: 'TypeError: Failed to fetch',
    });
    server.answerNext(Object.assign(new Error('The user aborted a request.'), { name: 'AbortError' }));
    expect((await sendDemoRequest(server.client, row())).kind).toBe('offline');
    server.answerNext(PHONE_REFUSED);
    expect(await sendDemoRequest(server.client, row())).toEqual({
      kind: 'refused',
      refusal: {
        code: '23514',
        message: PHONE_REFUSED.error!.message,
        constraint: 'demo_requests_phone_at_least_10_chars',
      },
    });
    server.answerNext({ error: { code: '', message: 'Internal Server Error' }, status: 500 });
    expect(await sendDemoRequest(server.client, row())).toEqual({ kind: 'failed', message: 'Internal Server Error' });
    server.answerNext({ error: { code: '23505', message: 'violates unique constraint "other_key"' }, status: 409 });
    expect((await sendDemoRequest(server.client, row())).kind).toBe('refused');
  });
});

describe('sendDemoRequest, a request that hangs', () => {
  it('gives up after its timeout and reports no connection (the request is then kept)', async () => {
    const server = fakeServer();
    const timeout = new AbortController();
    const asked = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timeout.signal);
    server.insert.mockImplementationOnce(
      (_row, signal) =>
        new Promise((_resolve, reject) =>
          signal?.addEventListener('abort', () =>
            reject(Object.assign(new Error('signal timed out'), { name: 'AbortError' })),
          ),
        ),
    );
    const sending = sendDemoRequest(server.client, row());
    expect(asked).toHaveBeenCalledWith(30_000);
    timeout.abort();
    expect(await sending).toEqual({ kind: 'offline', message: 'signal timed out' });
  });
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
    await new Promise((resolve) => setTimeout(resolve, 20));
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
        constraint: 'demo_requests_phone_at_least_10_chars',
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
    goOnline();
    await new Promise((resolve) => setTimeout(resolve, 50));
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
