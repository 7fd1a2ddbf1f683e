// The norman-access function code in a Deno process of its own, with the env a misconfigured
// project would give it: it refuses rather than opening Norman.
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFunctions } from '../../../supabase/local/stack/functions.mjs';
import { freePort } from '../../../supabase/local/stack/process.mjs';
import { attempt } from './norman-access-client';
import { resetNormanAttempts, signNormanPass, stack } from '../fixtures';

beforeEach(resetNormanAttempts);

describe('norman-access when the project is not set up for it', () => {
  const functionsDir = path.resolve(import.meta.dirname, '../../../supabase/functions');
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
    // The line reaches us through the function's stderr pipe, which may trail its answer.
    await expect.poll(() => logs.join('\n')).toContain('[norman-access] NORMAN_PASSWORD is not set');
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
    await expect.poll(() => logs.join('\n')).toContain('[norman-access] the attempt could not be recorded');
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
