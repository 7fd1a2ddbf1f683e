// The norman-access edge function under real Deno, through the gateway as the app calls it: the
// Norman page's password is checked on the server (ADR 009), answered with a signed pass, and
// attempts are limited per client in Postgres. The last tests run the same function code in a
// Deno process of their own, with the env a misconfigured project would give it.
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFunctions } from '../../supabase/local/index.mjs';
import { freePort } from '../../supabase/local/process.mjs';
import {
  anonClient,
  newUser,
  normanClientKey,
  resetNormanAttempts,
  serviceClient,
  signNormanPass,
  sql,
  stack,
  testAddress,
} from './fixtures';

interface Reply {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** POST to norman-access through the gateway with the anon key, as the app does; `from` is the x-forwarded-for sent. */
async function attempt(
  body: unknown,
  opts: { from?: string; cloudflare?: string; method?: string; base?: string; key?: string } = {},
): Promise<Reply> {
  const s = stack();
  const key = opts.key ?? s.anonKey;
  const res = await fetch(opts.base ?? `${s.apiUrl}/functions/v1/norman-access`, {
    method: opts.method ?? 'POST',
    headers: {
      apikey: key,
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      ...(opts.from ? { 'x-forwarded-for': opts.from } : {}),
      ...(opts.cloudflare ? { 'cf-connecting-ip': opts.cloudflare } : {}),
    },
    ...(opts.method === 'GET' ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers };
}

const attemptsOf = async (address: string) =>
  (
    await sql<{ n: number }>('select count(*)::int as n from public.norman_access_attempts where client_key = $1', [
      normanClientKey(address),
    ])
  )[0]!.n;

const incorrect = { error: 'Incorrect password', code: 'incorrect_password' };
const tooMany = { error: 'Too many attempts. Please wait a minute and try again.', code: 'too_many_attempts' };

beforeEach(resetNormanAttempts);

describe('norman-access: the password', () => {
  it('the right password, through supabase-js as the app sends it, is answered with a pass for 60 minutes', async () => {
    const s = stack();
    const before = Date.now();
    // supabase-js types a failure's error as `any`: typed at the boundary.
    const { data, error } = (await anonClient().functions.invoke<{ pass: string; expiresAt: string }>('norman-access', {
      body: { password: s.normanPassword },
    })) as { data: { pass: string; expiresAt: string } | null; error: unknown };
    expect(error).toBeNull();
    const { pass, expiresAt } = data!;
    expect(expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const expiry = Date.parse(expiresAt);
    expect(expiry).toBeGreaterThanOrEqual(before + 60 * 60_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    // `<expiry ms>.<signature>`, signed with the derivation voice-conversation checks.
    expect(pass).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(pass).toBe(signNormanPass(expiry));
    expect(JSON.stringify(data)).not.toContain(s.normanPassword);
  });

  it('a wrong password is refused with 401 incorrect_password; so is the right one with a difference', async () => {
    const s = stack();
    const from = testAddress();
    for (const wrong of ['not-the-password', `${s.normanPassword} `, s.normanPassword.toUpperCase()]) {
      const reply = await attempt({ password: wrong }, { from });
      expect(reply).toMatchObject({ status: 401, body: incorrect });
    }
    // 200 characters is not too long, only wrong.
    expect(await attempt({ password: 'x'.repeat(200) }, { from: testAddress() })).toMatchObject({
      status: 401,
      body: incorrect,
    });
  });

  it.each([
    ['no password', 'password_required', 'Please enter the password', {}],
    ['a password that is not text', 'password_required', 'Please enter the password', { password: 12345 }],
    ['a null password', 'password_required', 'Please enter the password', { password: null }],
    ['a blank password', 'password_required', 'Please enter the password', { password: '   ' }],
    ['a password over 200 characters', 'password_too_long', 'The password is too long', { password: 'x'.repeat(201) }],
    ['a body that is not JSON', 'bad_json', 'The request body is not valid JSON', '{"password":'],
    ['a body that is not an object', 'bad_json', 'The request body must be a JSON object', '["password"]'],
  ])('%s → 400 %s, and is not counted as an attempt', async (_, code, error, body) => {
    const from = testAddress();
    expect(await attempt(body, { from })).toMatchObject({ status: 400, body: { code, error } });
    expect(await attemptsOf(from)).toBe(0);
  });

  it('a body over 4 KiB → 413; only POST is answered', async () => {
    const big = await attempt({ password: 'x', padding: 'y'.repeat(4096) });
    expect(big).toMatchObject({ status: 413, body: { code: 'body_too_large' } });
    const get = await attempt(null, { method: 'GET' });
    expect(get).toMatchObject({ status: 405, body: { code: 'method_not_allowed' } });
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
  });
});

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
    // The client is the FIRST forwarded address: the proxies' own entries after it change nothing.
    expect(await attempt({ password: s.normanPassword }, { from: `${a}, 10.1.2.3` })).toMatchObject({
      status: 429,
      body: tooMany,
    });

    const other = await attempt({ password: s.normanPassword }, { from: `${b}, 10.1.2.3` });
    expect(other.status).toBe(200);
    expect(other.body.pass).toEqual(expect.any(String));

    // Every attempt counted, the refused ones too; under a hash of the address, never the address.
    expect(await attemptsOf(a)).toBe(7);
    expect(await attemptsOf(b)).toBe(1);
    const stored = await sql<{ row: string }>(
      'select row_to_json(t)::text as row from public.norman_access_attempts t',
    );
    expect(stored).toHaveLength(8);
    for (const { row } of stored) {
      expect(row).not.toContain(a);
      expect(row).not.toContain(b);
      expect(row).not.toContain('10.1.2.3');
    }
  });

  it('behind Cloudflare the client is cf-connecting-ip: a new x-forwarded-for each time is still one client', async () => {
    const s = stack();
    const a = testAddress();
    for (let i = 1; i <= 5; i++) {
      expect(await attempt({ password: `wrong-${i}` }, { cloudflare: a, from: testAddress() })).toMatchObject({
        status: 401,
      });
    }
    expect(await attempt({ password: s.normanPassword }, { cloudflare: a, from: testAddress() })).toMatchObject({
      status: 429,
      body: tooMany,
    });
    expect(await attemptsOf(a)).toBe(6);
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

  it('the local gateway forwards the caller’s address, as hosted Supabase does', async () => {
    await attempt({ password: 'wrong' });
    const [row] = await sql<{ client_key: string }>('select client_key from public.norman_access_attempts');
    expect(row!.client_key).toBe(normanClientKey('127.0.0.1'));
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

describe('norman-access when the project is not set up for it', () => {
  const functionsDir = path.resolve(import.meta.dirname, '../../supabase/functions');
  const logs: string[] = [];
  const running: Awaited<ReturnType<typeof startFunctions>>[] = [];
  let withoutPassword = '';
  let withoutLimiter = '';

  beforeAll(async () => {
    const s = stack();
    const base = {
      SUPABASE_URL: s.apiUrl,
      SUPABASE_ANON_KEY: s.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: s.serviceRoleKey,
    };
    const [portA, portB, nobody] = [await freePort(), await freePort(), await freePort()];
    const started = await Promise.all([
      // No NORMAN_PASSWORD.
      startFunctions({
        functionsDir,
        port: portA,
        env: { ...base, NORMAN_AGENT_ID: 'local-norman' },
        log: (l) => logs.push(l),
      }),
      // The password, but a database the limiter cannot reach.
      startFunctions({
        functionsDir,
        port: portB,
        env: { ...base, SUPABASE_URL: `http://127.0.0.1:${nobody}`, NORMAN_PASSWORD: s.normanPassword },
        log: (l) => logs.push(l),
      }),
    ]);
    running.push(...started);
    withoutPassword = `http://127.0.0.1:${portA}/norman-access`;
    withoutLimiter = `http://127.0.0.1:${portB}/norman-access`;
  }, 120_000);
  afterAll(async () => {
    await Promise.all(running.map((c) => c.stop()));
  });

  const unavailable = { error: 'Norman is not available right now', code: 'norman_unavailable' };

  it('without NORMAN_PASSWORD: 503 norman_unavailable, and the reason is logged', async () => {
    const s = stack();
    expect(await attempt({ password: s.normanPassword }, { base: withoutPassword })).toMatchObject({
      status: 503,
      body: unavailable,
    });
    expect(logs.join('\n')).toContain('[norman-access] NORMAN_PASSWORD is not set');
    // Norman's agent cannot be opened either: no pass can be checked.
    const res = await fetch(withoutPassword.replace('norman-access', 'voice-conversation'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-norman-pass': signNormanPass(Date.now() + 60_000) },
      body: JSON.stringify({ action: 'start_conversation', agentId: 'local-norman' }),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual(unavailable);
  });

  it('when the attempts cannot be counted: 503, even for the right password (a broken limiter opens nothing)', async () => {
    const s = stack();
    expect(await attempt({ password: s.normanPassword }, { base: withoutLimiter })).toMatchObject({
      status: 503,
      body: unavailable,
    });
    expect(logs.join('\n')).toContain('[norman-access] the attempt could not be recorded');
    // Neither the password nor anything derived from it reached a log line.
    expect(logs.join('\n')).not.toContain(s.normanPassword);
  });

  it('each function answers its own CORS preflight (hosted, it reaches the function), allowing x-norman-pass', async () => {
    for (const name of ['norman-access', 'voice-conversation']) {
      const preflight = await fetch(withoutPassword.replace('norman-access', name), { method: 'OPTIONS' });
      expect(preflight.status).toBe(200);
      expect(preflight.headers.get('access-control-allow-headers')).toContain('x-norman-pass');
    }
  });
});
