// The norman-access edge function's limit on attempts: counted per client in Postgres, in a table
// only the function may touch.
import { beforeEach, describe, expect, it } from 'vitest';
import { attempt, attemptsOf, incorrect, tooMany } from './norman-access-client';
import {
  anonClient,
  newUser,
  normanClientKey,
  resetNormanAttempts,
  serviceClient,
  sql,
  stack,
  testAddress,
} from '../fixtures';

beforeEach(resetNormanAttempts);

describe('norman-access: attempts per client', () => {
  it('the sixth attempt within a minute is refused (429, Retry-After) without looking at the password; another client is not', async () => {
    const s = stack();
    const a = testAddress();
    const b = testAddress();
    for (let i = 1; i <= 5; i++) {
      expect(await attempt({ password: `wrong-${i}` }, { from: a })).toMatchObject({ status: 401, body: incorrect });
    }
    const sixth = await attempt({ password: s.normanPassword }, { from: a });
    expect(sixth).toMatchObject({ status: 429, body: tooMany });
    expect(sixth.headers.get('retry-after')).toBe('60');
    // The page may read it across origins.
    expect(sixth.headers.get('access-control-expose-headers')).toContain('Retry-After');
    // Another address in the client's own x-forwarded-for changes nothing: the gateway sets it.
    expect(
      await attempt({ password: s.normanPassword }, { from: a, headers: { 'x-forwarded-for': '10.1.2.3' } }),
    ).toMatchObject({ status: 429, body: tooMany });

    const other = await attempt({ password: s.normanPassword }, { from: b });
    expect(other.status).toBe(200);
    expect(other.body.pass).toEqual(expect.any(String));

    // Every attempt counted, the refused ones too; under a hash of the address, never the address.
    expect(await attemptsOf(a)).toBe(7);
    expect(await attemptsOf(b)).toBe(1);
    const stored = await sql<{ row: string }>(
      'select row_to_json(t)::text as row from public.norman_access_attempts t',
    );
    // 8 under the two clients, and 6 under all clients (those that reached the password).
    expect(stored).toHaveLength(14);
    for (const { row } of stored) {
      expect(row).not.toContain(a);
      expect(row).not.toContain(b);
      expect(row).not.toContain('10.1.2.3');
    }
  });

  it('a header the client chooses is not its address: 25 guesses with a new x-forwarded-for each are one client', async () => {
    const s = stack();
    const a = testAddress();
    const victim = testAddress();
    const replies = [];
    for (let i = 1; i <= 25; i++) {
      const spoof = { 'x-forwarded-for': testAddress(), 'cf-connecting-ip': victim, 'x-real-ip': testAddress() };
      replies.push((await attempt({ password: `wrong-${i}` }, { from: a, headers: spoof })).status);
    }
    expect(replies.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(replies.slice(5))).toEqual(new Set([429]));
    expect(await attemptsOf(a)).toBe(25);
    // The address the guesses named is not locked out: it never made an attempt.
    expect(await attemptsOf(victim)).toBe(0);
    expect((await attempt({ password: s.normanPassword }, { from: victim })).status).toBe(200);
  });

  it('many addresses at once meet a cap for all clients together (30 a minute reach the password)', async () => {
    const replies = [];
    for (let i = 0; i < 35; i++) replies.push((await attempt({ password: 'wrong' }, { from: testAddress() })).status);
    expect(replies.filter((r) => r === 401)).toHaveLength(30);
    expect(replies.slice(30)).toEqual([429, 429, 429, 429, 429]);
  });

  it('the minute rolls: attempts older than 60 s no longer count, and those older than an hour are deleted', async () => {
    const s = stack();
    const a = testAddress();
    for (let i = 0; i < 6; i++) await attempt({ password: 'wrong' }, { from: a });
    expect((await attempt({ password: s.normanPassword }, { from: a })).status).toBe(429);
    await sql(`update public.norman_access_attempts set at = at - interval '61 seconds' where client_key = $1`, [
      normanClientKey(a),
    ]);
    expect((await attempt({ password: s.normanPassword }, { from: a })).status).toBe(200);

    await sql(`update public.norman_access_attempts set at = at - interval '2 hours' where client_key = $1`, [
      normanClientKey(a),
    ]);
    await attempt({ password: 'wrong' }, { from: testAddress() });
    expect(await attemptsOf(a)).toBe(0);
  });

  it('attempts at the same moment are counted one after another: exactly five of eight get through', async () => {
    const from = testAddress();
    const replies = await Promise.all(Array.from({ length: 8 }, () => attempt({ password: 'wrong' }, { from })));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('the local gateway gives the caller’s own address, as hosted Supabase’s edge does', async () => {
    await attempt({ password: 'wrong' });
    const rows = await sql<{ client_key: string }>('select client_key from public.norman_access_attempts');
    // The caller's, and the one counted for all clients together.
    expect(rows.map((r) => r.client_key).sort()).toEqual(
      [normanClientKey('127.0.0.1'), normanClientKey('all clients')].sort(),
    );
  });
});

describe('norman-access: the attempts are the server’s alone', () => {
  it('neither the anon key nor a signed-in user can read, write or call them through the API', async () => {
    const { client: signedIn } = await newUser();
    const someKey = normanClientKey(testAddress());
    for (const client of [anonClient(), signedIn]) {
      const read = await client.from('norman_access_attempts').select('*');
      expect(read.error?.code).toBe('42501');
      const write = await client.from('norman_access_attempts').insert({ client_key: someKey });
      expect(write.error?.code).toBe('42501');
      const wipe = await client.from('norman_access_attempts').delete().neq('id', 0);
      expect(wipe.error?.code).toBe('42501');
      const call = await client.rpc('norman_access_attempt', { p_client: someKey });
      expect(call.error?.code).toBe('42501');
      expect(call.error?.message).toContain('norman_access_attempt');
    }
    expect(await sql('select 1 from public.norman_access_attempts')).toHaveLength(0);
    // The service role (the function) may: the refusals above were about who asked.
    // The untyped client types rpc data as any: typed at the boundary.
    const served = (await serviceClient().rpc('norman_access_attempt', { p_client: someKey })) as {
      data: unknown;
      error: unknown;
    };
    expect(served.error).toBeNull();
    expect(served.data).toBe(1);
  });

  it('a client key that is not a SHA-256 hex is refused by the table', async () => {
    const { error } = await serviceClient().rpc('norman_access_attempt', { p_client: '203.0.113.9' });
    expect(error?.message).toContain('norman_access_attempts_client_key_format');
  });
});
