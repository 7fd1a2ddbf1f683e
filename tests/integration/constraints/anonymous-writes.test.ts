// What anyone can send without an account, bounded: one demo request per call,
// dated by the server, at most 20 an hour from one address; request bodies refused with 413 at the
// gateway before they are read; a push bounded in bytes as well as rows.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anonClient, sendFrom, sql, stack, testAddress } from '../fixtures';

const request = {
  professional_type: 'agent',
  name: 'Ann Agent',
  company: 'Agency Ltd',
  email: 'ann@example.test',
  phone: '020 7946 0000',
};

/** A raw request through the gateway with the anon key (PostgREST answers minimally). */
const send = (
  path: string,
  opts: { from?: string; body?: string; declaredLength?: number; headers?: Record<string, string> },
) =>
  sendFrom(new URL(`${stack().apiUrl}${path}`), {
    ...opts,
    headers: { apikey: stack().anonKey, 'content-type': 'application/json', prefer: 'return=minimal', ...opts.headers },
  });

describe('demo requests without an account', () => {
  it('one per call: two in one request are refused by name; 2,000 store nothing', async () => {
    const two = await send('/rest/v1/demo_requests', {
      from: testAddress(),
      body: JSON.stringify([request, request]),
    });
    expect(two.text).toContain('demo_requests_one_per_request');
    const many = Array.from({ length: 2000 }, () => ({ ...request, id: randomUUID() }));
    const { error } = await anonClient().from('demo_requests').insert(many);
    // Refused as one per call, or at the 21st row as too many from one place: either way, whole.
    expect(error?.code).toBe('54000');
    const stored = await sql('select 1 from public.demo_requests where id = any($1::uuid[])', [many.map((r) => r.id)]);
    expect(stored).toHaveLength(0);
  });

  it('are dated by the server, whatever the client sends', async () => {
    const id = randomUUID();
    const sent = await send('/rest/v1/demo_requests', {
      from: testAddress(),
      body: JSON.stringify({ ...request, id, created_at: '2000-01-01T00:00:00Z' }),
    });
    expect(sent.status).toBe(201);
    const [row] = await sql<{ age: number }>(
      `select extract(epoch from now() - created_at)::int as age from public.demo_requests where id = $1`,
      [id],
    );
    expect(row!.age).toBeLessThan(60);
  });

  it('at most 20 an hour from one address; another address is not held back', async () => {
    const from = testAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await send('/rest/v1/demo_requests', { from, body: JSON.stringify(request) })).status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array<number>(20).fill(201));
    expect(statuses[20]).not.toBe(201);
    const refused = await send('/rest/v1/demo_requests', { from, body: JSON.stringify(request) });
    expect(JSON.parse(refused.text)).toMatchObject({ code: '54000' });
    expect(refused.text).toContain('demo_requests_too_many_from_client');
    // A client's own x-forwarded-for does not make it someone else.
    const spoofed = await send('/rest/v1/demo_requests', {
      from,
      body: JSON.stringify(request),
      headers: { 'x-forwarded-for': testAddress(), 'cf-connecting-ip': testAddress() },
    });
    expect(spoofed.text).toContain('demo_requests_too_many_from_client');
    expect((await send('/rest/v1/demo_requests', { from: testAddress(), body: JSON.stringify(request) })).status).toBe(
      201,
    );
    // Who asked is kept apart, hashed: no address in the table.
    const kept = await sql<{ row: string }>('select row_to_json(t)::text as row from public.demo_request_attempts t');
    expect(kept.some(({ row }) => row.includes(from))).toBe(false);
  });
});

describe('a flood of demo requests from a few places', () => {
  it('fills no hourly total that shuts out a newcomer; a network counts as one place', async () => {
    // A flood from 25 other networks this hour: each one's first request, then 500 more.
    const seeded = `seeded-${randomUUID()}`;
    await sql(
      `insert into public.demo_request_attempts (client_key, network_key, first_this_hour)
       select $1 || (n % 25), $1 || (n % 25), n < 25 from generate_series(0, 524) as n`,
      [seeded],
    );
    try {
      // A newcomer's first request is still taken; their second is one more of a crowded hour.
      const newcomer = testAddress();
      expect((await send('/rest/v1/demo_requests', { from: newcomer, body: JSON.stringify(request) })).status).toBe(
        201,
      );
      const again = await send('/rest/v1/demo_requests', { from: newcomer, body: JSON.stringify(request) });
      expect(again.text).toContain('demo_requests_too_many');
    } finally {
      await sql('delete from public.demo_request_attempts where client_key like $1', [`${seeded}%`]);
    }

    // Forty addresses of one /24 are one network: the 41st request is refused, though each
    // address sent one.
    const [a, b] = testAddress().split('.').slice(1, 3);
    const statuses: number[] = [];
    for (let i = 1; i <= 41; i++) {
      statuses.push(
        (await send('/rest/v1/demo_requests', { from: `127.${a}.${b}.${i}`, body: JSON.stringify(request) })).status,
      );
    }
    expect(statuses.slice(0, 40)).toEqual(Array<number>(40).fill(201));
    const refused = await send('/rest/v1/demo_requests', { from: `127.${a}.${b}.200`, body: JSON.stringify(request) });
    expect(refused.text).toContain('demo_requests_too_many_from_network');
  });
});

describe('request bodies', () => {
  it('a body declared over the bound is refused with 413 before it is read, on auth, rest and functions', async () => {
    for (const [path, size] of [
      ['/auth/v1/recover', 60 * 1024 * 1024],
      ['/rest/v1/rpc/sync_push', 40 * 1024 * 1024],
      ['/functions/v1/norman-access', 8 * 1024 * 1024], // norman-access takes the anon key alone
    ] as const) {
      const answer = await send(path, { declaredLength: size });
      expect([path, answer.status]).toEqual([path, 413]);
      expect(JSON.parse(answer.text)).toMatchObject({ error_code: 'request_too_large' });
    }
  });

  it('a push without an account is bounded in bytes: 2 MB of one row is refused by name', async () => {
    const rows = [{ new: { id: randomUUID(), additional_requirements: 'x'.repeat(2 * 1024 * 1024) }, assumed: null }];
    const { error } = await anonClient().rpc('sync_push', { p_table: 'agent_assessments', p_rows: rows });
    expect(error?.code).toBe('54000');
    expect(error?.message).toContain('sync_push_too_large');
  });
});
