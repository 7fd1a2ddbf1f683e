// The voice-conversation edge function under real Deno, through the gateway as the app calls it:
// who may ask (a signed-in user, not an API key, not an expired token), what it checks, and the
// signed URL it gets from the local voice service with the key that never leaves the server.
// Norman's private agent, opened by a Norman pass, is voice-conversation-norman.test.ts's.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { ownStack } from '../../stack-fixture';
import { newUser, stack } from '../fixtures';
import { call, open, signToken, start } from './voice-conversation-fixtures';

describe('voice-conversation: who may start a conversation', () => {
  it('an API key is not a user: the anon and the service-role key are told to sign in', async () => {
    const s = stack();
    for (const key of [s.anonKey, s.serviceRoleKey]) {
      const reply = await call(s, key, start());
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ error: 'Please sign in to use Chloe', code: 'not_signed_in' });
    }
  });

  it('no token or an expired one is refused by the function (verify_jwt = false: it checks its callers)', async () => {
    const s = stack();
    const { user, session } = await newUser();
    expect(await call(s, null, start())).toMatchObject({
      status: 401,
      body: { error: 'Please sign in to use Chloe', code: 'not_signed_in' },
    });
    const expired = await signToken(
      s,
      {
        sub: user.id,
        role: 'authenticated',
        aud: 'authenticated',
        email: user.email,
        session_id: crypto.randomUUID(),
      },
      Math.floor(Date.now() / 1000) - 60,
    );
    const reply = await call(s, expired, start());
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ error: 'Your session has expired. Please sign in again.', code: 'session_expired' });
    // The same session's live token works: the refusal was the expiry.
    expect((await call(s, session.access_token, start())).status).toBe(200);
  });

  it('a well-signed token whose session or user is gone is refused by the function itself', async () => {
    const s = stack();
    const { client, session } = await newUser();
    const ghost = await signToken(
      s,
      { sub: crypto.randomUUID(), role: 'authenticated', aud: 'authenticated', session_id: crypto.randomUUID() },
      Math.floor(Date.now() / 1000) + 600,
    );
    const expected = {
      error: 'Your session has expired. Please sign in again.',
      code: 'session_expired',
    };
    expect(await call(s, ghost, start())).toMatchObject({ status: 401, body: expected });
    await client.auth.signOut();
    expect(await call(s, session.access_token, start())).toMatchObject({ status: 401, body: expected });
  });
});

describe('voice-conversation: the request', () => {
  let token: string;
  beforeAll(async () => {
    token = (await newUser()).session.access_token;
  });

  it.each([
    ['not JSON', 'bad_json', '{"action":'],
    ['not an object', 'bad_json', '["start_conversation"]'],
    ['no action', 'unknown_action', { agentId: 'local-chloe' }],
    ['an unknown action', 'unknown_action', { action: 'x', agentId: 'local-chloe' }],
    ['no agentId', 'invalid_agent_id', { action: 'start_conversation' }],
    ['an agentId that is not text', 'invalid_agent_id', start(42)],
    ['an agentId over 100 characters', 'invalid_agent_id', start('a'.repeat(101))],
    ['a context that is not text', 'invalid_context', start('local-chloe', { properties: [] })],
    ['a context over 8,000 characters', 'context_too_long', start('local-chloe', 'x'.repeat(8001))],
  ])('%s → 400 %s', async (_, code, body) => {
    const reply = await call(stack(), token, body);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(code);
    expect(reply.body.error).toEqual(expect.any(String));
  });

  it('names the unknown action; an unknown agent is said in words; only POST is answered', async () => {
    const s = stack();
    expect((await call(s, token, { action: 'x' })).body).toEqual({
      error: 'Unknown action: x',
      code: 'unknown_action',
    });
    expect((await call(s, token, start('agent_nope'))).body).toEqual({
      error: 'Unknown voice agent',
      code: 'unknown_agent',
    });
    // An agent the voice service would sign, but not one of the product's personas
    // (ELEVENLABS_AGENT_IDS): refused, so no account can start calls with any agent it names.
    const direct = await fetch(
      `${s.voiceUrl}/v1/convai/conversation/get-signed-url?agent_id=local-internal&include_conversation_id=true`,
      { headers: { 'xi-api-key': s.voiceApiKey } },
    );
    expect(direct.status).toBe(200);
    expect((await call(s, token, start('local-internal'))).body).toEqual({
      error: 'Unknown voice agent',
      code: 'unknown_agent',
    });
    const get = await call(s, token, null, { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.body.code).toBe('method_not_allowed');
    const preflight = await fetch(`${s.apiUrl}/functions/v1/voice-conversation`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  it('accepts a context of exactly 8,000 characters, and none', async () => {
    expect((await call(stack(), token, start('local-chloe', 'x'.repeat(8000)))).status).toBe(200);
    expect((await call(stack(), token, { action: 'start_conversation', agentId: 'local-sarah' })).status).toBe(200);
  });
});

describe('voice-conversation: a signed-in user', () => {
  it('gets a one-use signed URL of the local voice service, through supabase-js as the app calls it', async () => {
    const s = stack();
    const { client } = await newUser();
    // supabase-js types a failure's error as `any`: typed at the boundary.
    const { data, error } = (await client.functions.invoke<{ signedUrl: string; conversationId: string | null }>(
      'voice-conversation',
      { body: start('local-sarah', 'The user is Sam.\n\nNo saved properties yet.') },
    )) as { data: { signedUrl: string; conversationId: string | null } | null; error: unknown };
    expect(error).toBeNull();
    const { signedUrl, conversationId } = data!;
    expect(JSON.stringify(data)).not.toContain(s.voiceApiKey);
    expect(signedUrl.startsWith(`${s.voiceWsOrigin}/v1/convai/conversation?`)).toBe(true);
    const url = new URL(signedUrl);
    expect(url.searchParams.get('agent_id')).toBe('local-sarah');
    expect(conversationId).toMatch(/^conv_/);
    expect(url.searchParams.get('conversation_id')).toBe(conversationId);

    expect(await open(signedUrl)).toEqual({ conversationId });
    expect(await open(signedUrl)).toEqual({ code: 1008, reason: 'Invalid conversation signature' });
    const record = await fetch(`${s.voiceUrl}/_local/conversations/${conversationId}`, {
      headers: { 'xi-api-key': s.voiceApiKey },
    });
    expect(await record.json()).toMatchObject({ agentId: 'local-sarah', signed: true });
  });
});

describe('voice-conversation when the voice service is down', () => {
  const own = ownStack({}, { beforeAll, afterAll });

  it('says the voice service is not available (502), and works again once it is back; the key is in no log line', async () => {
    const s = own.stack!;
    const client = createClient(s.info.apiUrl, s.info.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    const { data, error } = await client.auth.signUp({
      email: `voice-${crypto.randomUUID().slice(0, 8)}@example.test`,
      password: 'voice-down-password',
    });
    expect(error).toBeNull();
    const token = data.session!.access_token;
    const context = `SECRET-CONTEXT-${crypto.randomUUID()}`;

    await s.faults.stopVoice();
    try {
      const down = await call(s.info, token, start('local-chloe', context));
      expect(down.status).toBe(502);
      expect(down.body).toEqual({
        error: 'The voice service is not available. Please try again in a moment.',
        code: 'voice_service_unavailable',
      });
    } finally {
      await s.faults.startVoice();
    }
    const up = await call(s.info, token, start('local-chloe', context));
    expect(up.status).toBe(200);
    expect(await open(up.body.signedUrl as string)).toEqual({ conversationId: up.body.conversationId });

    // The function logged the call (the context's length only), never the key or the context.
    await vi.waitFor(() => expect(s.logs()).toContain(`context ${context.length} characters`));
    const logs = s.logs();
    expect(logs).not.toContain(context);
    expect(logs).not.toContain(s.info.voiceApiKey);
  });
});
