// Demo requests through the app's own send and queue code against the real stack: an anonymous
// insert lands, a request kept while the server was out of reach lands exactly once after the
// "reconnection" (a client pointed at a dead address first), and a refusal names its constraint.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { DatabaseClient } from '../../../src/sync/client';
import {
  createDemoRequestQueue,
  type DemoRequestQueue,
} from '../../../src/features/marketing/demo-request/demo-request-queue';
import {
  sendDemoRequest,
  type DemoRequestRow,
} from '../../../src/features/marketing/demo-request/api/send-demo-request';
import { demoRequestSchema, toDemoRequestRow } from '../../../src/features/marketing/demo-request/demo-request-schema';
import { anonClient, sql, stack } from '../fixtures';

const client = () => anonClient() as unknown as DatabaseClient;

/** A client whose server is not there: every request fails as it does with no connection. */
const unreachable = () =>
  createClient(`http://127.0.0.1:9`, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  }) as unknown as DatabaseClient;

const ids: string[] = [];
const queues: DemoRequestQueue[] = [];

/** A request as the form makes it (the schema's output), under a new id. */
function request(over: Record<string, unknown> = {}): DemoRequestRow {
  const id = randomUUID();
  ids.push(id);
  const parsed = v.parse(demoRequestSchema, {
    professionalType: 'lawyer',
    name: '  Lee Lawyer ',
    company: 'Lawyers LLP',
    email: 'lee@example.test',
    phone: '020 7946 0001',
    website: 'https://lawyers.example',
    marketing: true,
  });
  return { ...toDemoRequestRow(parsed, id), ...over };
}

const stored = (id: string) =>
  sql(
    `select professional_type, name, company, email, phone, description, website, marketing, ai_name
       from public.demo_requests where id = $1`,
    [id],
  );

function queue(db: string, c: DatabaseClient) {
  const q = createDemoRequestQueue({ client: c, dbName: db });
  queues.push(q);
  return q;
}

afterAll(async () => {
  for (const q of queues) q.close();
  await sql('delete from public.demo_requests where id = any($1::uuid[])', [ids]);
});

describe('demo requests against the real stack', () => {
  it('an anonymous request lands as the form made it, with return=minimal', async () => {
    const row = request();
    expect(await sendDemoRequest(client(), row)).toEqual({ kind: 'sent' });
    expect(await stored(row.id)).toEqual([
      {
        professional_type: 'lawyer',
        name: 'Lee Lawyer',
        company: 'Lawyers LLP',
        email: 'lee@example.test',
        phone: '020 7946 0001',
        description: '',
        website: 'https://lawyers.example',
        marketing: true,
        ai_name: 'Chloe',
      },
    ]);
    // Sent again under the same id (a lost answer): received, and still one row.
    expect(await sendDemoRequest(client(), row)).toEqual({ kind: 'sent' });
    expect(await stored(row.id)).toHaveLength(1);
  });

  it('a request kept while the server was unreachable is sent exactly once after reconnection', async () => {
    const db = `demo-requests-${randomUUID()}`;
    const row = request();
    const offline = queue(db, unreachable());
    await offline.add(row);
    const attempt = await offline.flush();
    expect(attempt).toMatchObject({ sent: [], refused: [], waiting: 1 });
    expect(await offline.all()).toEqual([
      expect.objectContaining({ id: row.id, lastError: expect.any(String) as unknown }),
    ]);
    expect(await stored(row.id)).toEqual([]);

    // Reconnected (and reloaded: new queues over the same IndexedDB), in two tabs at once.
    const tabA = queue(db, client());
    const tabB = queue(db, client());
    const [a, b] = await Promise.all([tabA.flush(), tabB.flush()]);
    expect([...a.sent, ...b.sent].map((e) => e.id)).toEqual([row.id]);
    expect(await tabA.all()).toEqual([]);
    expect(await stored(row.id)).toHaveLength(1);
    expect(await sql('select count(*)::int as n from public.demo_requests where id = $1', [row.id])).toEqual([
      { n: 1 },
    ]);
  });

  it('a request the server already has (its answer was lost) counts as received from the queue', async () => {
    const db = `demo-requests-${randomUUID()}`;
    const row = request();
    expect(await sendDemoRequest(client(), row)).toEqual({ kind: 'sent' });
    const q = queue(db, client());
    await q.add(row);
    const result = await q.flush();
    expect(result.sent.map((e) => e.id)).toEqual([row.id]);
    expect(await q.all()).toEqual([]);
    expect(await stored(row.id)).toHaveLength(1);
  });

  it.each([
    ['a phone under 10 characters', { phone: '0207946' }, 'demo_requests_phone_at_least_10_chars'],
    ['a website that is not http(s)', { website: 'ftp://lawyers.example' }, 'demo_requests_website_is_http_url'],
  ])('a refusal (%s) names its constraint, and the queue keeps the request', async (_label, over, constraint) => {
    const row = request(over);
    const outcome = await sendDemoRequest(client(), row);
    expect(outcome).toEqual({
      kind: 'refused',
      refusal: { code: '23514', message: expect.stringContaining(constraint) as unknown, constraint },
    });

    const q = queue(`demo-requests-${randomUUID()}`, client());
    await q.add(row);
    const result = await q.flush();
    expect(result.refused.map((e) => e.refusal?.constraint)).toEqual([constraint]);
    expect(await q.all()).toEqual([
      expect.objectContaining({ id: row.id, refusal: expect.objectContaining({ constraint }) as unknown }),
    ]);
    expect(await stored(row.id)).toEqual([]);
  });
});
