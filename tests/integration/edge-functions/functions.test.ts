import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startStack } from '../../../supabase/local/stack/index.mjs';
import { freePort } from '../../../supabase/local/stack/process.mjs';

// Edge functions run under real Deno with the env hosted Supabase gives them. This file starts its
// own small stack whose functions folder is a test fixture, so no product function is faked.
const functionsDir = path.join(import.meta.dirname, 'functions-fixture');
let stack: Awaited<ReturnType<typeof startStack>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'chloe-fn-'));
  stack = await startStack({
    dataDir,
    apiPort: await freePort(),
    dbPort: await freePort(),
    // Free ports for all of it: a running `npm start` holds the default ones.
    mailPort: await freePort(),
    voicePort: await freePort(),
    googlePort: await freePort(),
    functionsDir,
    seedFile: null,
    // A sign-up here needs its session at once (config.toml confirms addresses by mail first).
    confirmSignups: false,
  });
});
afterAll(async () => {
  await stack?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** What the echo function (functions-fixture/echo) answers. */
interface Echo {
  path: string;
  method: string;
  body: unknown;
  supabaseUrl: string;
  hasAnonKey: boolean;
  secret: string | null;
  userEmail: string | null;
}

/** The invoke answer, typed at the boundary: supabase-js types a failure's error as `any`. */
type EchoResponse = { data: Echo | null; error: unknown };

const client = () =>
  createClient(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });

describe('edge functions', () => {
  it('invokes a function through /functions/v1 with the hosted env and the project secrets', async () => {
    const { data, error } = (await client().functions.invoke<Echo>('echo', {
      body: { hello: 'world' },
    })) as EchoResponse;
    expect(error).toBeNull();
    expect(data).toMatchObject({
      path: '/echo',
      method: 'POST',
      body: { hello: 'world' },
      supabaseUrl: stack.apiUrl,
      hasAnonKey: true,
      secret: 'from-dot-env',
      userEmail: null,
    });
  });

  it("passes the caller's session so a function can act as that user", async () => {
    const c = client();
    const email = `fn-${Date.now()}@example.test`;
    await c.auth.signUp({ email, password: 'function-test' });
    const { data, error } = (await c.functions.invoke<Echo>('echo', { body: {} })) as EchoResponse;
    expect(error).toBeNull();
    expect(data!.userEmail).toBe(email);
  });

  it('refuses a call without a valid JWT, and names an unknown function', async () => {
    const noJwt = await fetch(`${stack.apiUrl}/functions/v1/echo`, { method: 'POST', body: '{}' });
    expect(noJwt.status).toBe(401);
    const unknown = await fetch(`${stack.apiUrl}/functions/v1/nope`, {
      headers: { authorization: `Bearer ${stack.anonKey}` },
    });
    expect(unknown.status).toBe(404);
  });
});
