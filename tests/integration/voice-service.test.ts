// The local voice service (supabase/local/voice.mjs), ElevenLabs' stand-in, at the protocol level the
// real @elevenlabs/client SDK speaks: the signed-URL endpoint and its key, one-use signatures, the
// websocket conversation (metadata, greeting, audio, pings, messages, feedback) and the widget
// script. Most tests run a service of their own (fast pings, a clock they can move); the last ones
// check the one the shared stack started.
import { Buffer } from 'node:buffer';
import vm from 'node:vm';
import { SessionConnectionError, TextConversation, type Callbacks } from '@elevenlabs/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { freePort } from '../../supabase/local/process.mjs';
import { startVoiceService, VOICE_AGENTS } from '../../supabase/local/voice.mjs';
import { stack } from './fixtures';

type MessagePayload = Parameters<NonNullable<Callbacks['onMessage']>>[0];

const KEY = `sk_test_${crypto.randomUUID()}`;
let voice: Awaited<ReturnType<typeof startVoiceService>>;
const logs: string[] = [];

beforeAll(async () => {
  voice = await startVoiceService({
    port: await freePort(),
    apiKey: KEY,
    log: (l) => logs.push(l),
    pingIntervalMs: 150,
  });
});
afterAll(async () => {
  vi.useRealTimers();
  await voice?.stop();
});

type Message = Record<string, unknown> & { type?: string };

interface ConversationRecord {
  conversationId: string;
  agentId: string;
  persona: string;
  signed: boolean;
  status: 'open' | 'closed';
  closeCode: number | null;
  initiation: { overrides: unknown; dynamicVariables: Record<string, unknown> | null; textOnly: boolean } | null;
  userMessages: string[];
  contextualUpdates: string[];
  userActivity: number;
  feedback: { score: unknown; eventId: unknown }[];
  pongs: number;
  audioBytes: number;
  transcripts: string[];
  agentResponses: { eventId: number; text: string; audioBytes: number }[];
}

async function signedUrl(agentId: string, key = KEY, base = voice.url) {
  const res = await fetch(
    `${base}/v1/convai/conversation/get-signed-url?agent_id=${encodeURIComponent(agentId)}&include_conversation_id=true`,
    { headers: { 'xi-api-key': key } },
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { signed_url: string }).signed_url;
}

async function record(id: string, key = KEY, base = voice.url) {
  const res = await fetch(`${base}/_local/conversations/${id}`, { headers: { 'xi-api-key': key } });
  expect(res.status).toBe(200);
  return (await res.json()) as ConversationRecord;
}

/**
 * A websocket client as the SDK is one: subprotocol `convai`, `&source=…&version=…` on the URL,
 * the initiation data on open. `received` keeps every message with its arrival time.
 */
function connect(url: string, init: Message | null = { type: 'conversation_initiation_client_data' }) {
  const ws = new WebSocket(`${url}${url.includes('?') ? '&' : '?'}source=js_sdk&version=test`, ['convai']);
  const received: { at: number; message: Message }[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('open', () => {
    if (init) ws.send(JSON.stringify(init));
  });
  ws.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as Message;
    received.push({ at: Date.now(), message });
    // As the SDK does: every ping is answered.
    if (message.type === 'ping') {
      ws.send(JSON.stringify({ type: 'pong', event_id: (message.ping_event as { event_id: number }).event_id }));
    }
  });
  const messages = (type?: string) => received.map((r) => r.message).filter((m) => !type || m.type === type);
  /** Resolves once `count` messages of `type` have arrived. */
  const waitFor = async (type: string, count = 1, timeoutMs = 5000) => {
    await vi.waitFor(() => expect(messages(type).length).toBeGreaterThanOrEqual(count), {
      timeout: timeoutMs,
      interval: 20,
    });
    return messages(type);
  };
  const send = (message: unknown) => ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  const metadata = async () =>
    (
      (await waitFor('conversation_initiation_metadata'))[0]!.conversation_initiation_metadata_event as {
        conversation_id: string;
        agent_output_audio_format: string;
        user_input_audio_format: string;
      }
    ).conversation_id;
  const close = async () => {
    ws.close(1000, 'User ended conversation');
    return closed;
  };
  return { ws, received, messages, waitFor, send, metadata, closed, close };
}

const agentText = (m: Message) => (m.agent_response_event as { agent_response: string }).agent_response;
const audioOf = (m: Message) => Buffer.from((m.audio_event as { audio_base_64: string }).audio_base_64, 'base64');

/** `seconds` of 16 kHz s16le mono: a tone, or silence. */
function pcm(seconds: number, tone: boolean) {
  const samples = Math.round(seconds * 16_000);
  const out = Buffer.alloc(samples * 2);
  if (tone) for (let i = 0; i < samples; i++) out.writeInt16LE(Math.round(8000 * Math.sin(i / 10)), i * 2);
  return out;
}

describe('the signed-URL endpoint', () => {
  const endpoint = (query: string) => `${voice.url}/v1/convai/conversation/get-signed-url${query}`;

  it('answers only with the API key, names a missing or unknown agent, and signs a one-conversation URL', async () => {
    const wrong: Record<string, string>[] = [{}, { 'xi-api-key': 'sk_wrong' }, { 'xi-api-key': `${KEY}x` }];
    for (const headers of wrong) {
      const res = await fetch(endpoint('?agent_id=local-chloe'), { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    }
    const headers = { 'xi-api-key': KEY };
    expect((await fetch(endpoint(''), { headers })).status).toBe(422);
    const unknown = await fetch(endpoint('?agent_id=agent_nope'), { headers });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ detail: { status: 'agent_not_found' } });

    const withId = new URL(await signedUrl('local-sarah'));
    expect(`${withId.protocol}//${withId.host}`).toBe(voice.wsOrigin);
    expect(withId.pathname).toBe('/v1/convai/conversation');
    expect(withId.searchParams.get('agent_id')).toBe('local-sarah');
    expect(withId.searchParams.get('conversation_signature')).toMatch(/^[0-9a-f]{48}$/);
    expect(withId.searchParams.get('conversation_id')).toMatch(/^conv_[0-9a-f]{24}$/);

    const without = await fetch(endpoint('?agent_id=local-sarah'), { headers });
    const url = new URL(((await without.json()) as { signed_url: string }).signed_url);
    expect(url.searchParams.has('conversation_id')).toBe(false);
    expect(url.searchParams.get('conversation_signature')).not.toBe(withId.searchParams.get('conversation_signature'));
    expect(logs.join('\n')).not.toContain(KEY);
  });

  it('keeps what conversations received behind the same key', async () => {
    expect((await fetch(`${voice.url}/_local/conversations?latest=1`)).status).toBe(401);
    expect((await fetch(`${voice.url}/_local/conversations/conv_x`, { headers: { 'xi-api-key': 'no' } })).status).toBe(
      401,
    );
    expect((await fetch(`${voice.url}/_local/conversations/conv_x`, { headers: { 'xi-api-key': KEY } })).status).toBe(
      404,
    );
  });
});

describe('opening a conversation', () => {
  it('takes a signature once, with the conversation id it was issued with; a reused one is closed with 1008', async () => {
    const url = await signedUrl('local-chloe');
    const issuedId = new URL(url).searchParams.get('conversation_id');
    const first = connect(url);
    expect(first.ws.protocol).toBe('');
    expect(await first.metadata()).toBe(issuedId);
    expect(first.ws.protocol).toBe('convai');
    expect(await record(issuedId!)).toMatchObject({ agentId: 'local-chloe', persona: 'Chloe', signed: true });

    const again = connect(url);
    expect(await again.closed).toEqual({ code: 1008, reason: 'Invalid conversation signature' });
    expect(again.messages()).toEqual([]);
    await first.close();
  });

  it('refuses an unknown signature, a signature for another agent and an unknown agent', async () => {
    const forged = connect(`${voice.wsOrigin}/v1/convai/conversation?agent_id=local-chloe&conversation_signature=abc`);
    expect(await forged.closed).toEqual({ code: 1008, reason: 'Invalid conversation signature' });

    const sarahs = new URL(await signedUrl('local-sarah'));
    sarahs.searchParams.set('agent_id', 'local-chloe');
    expect(await connect(sarahs.href).closed).toEqual({ code: 1008, reason: 'Invalid conversation signature' });

    const unknown = connect(`${voice.wsOrigin}/v1/convai/conversation?agent_id=agent_unknown`);
    expect(await unknown.closed).toEqual({ code: 1008, reason: 'Agent not found' });
  });

  it('refuses a signature older than 15 minutes', async () => {
    const url = await signedUrl('local-kerry');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * 60 * 1000 + 1000 });
    try {
      expect(await connect(url).closed).toEqual({ code: 1008, reason: 'Invalid conversation signature' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens a public agent without a signature, as the SDK does for a guest (origin + agent_id)', async () => {
    const guest = connect(`${voice.wsOrigin}/v1/convai/conversation?agent_id=local-kerry`, {
      type: 'conversation_initiation_client_data',
      conversation_config_override: {
        agent: { prompt: { prompt: 'You are Kerry, the property assistant.' } },
        conversation: { text_only: true },
      },
    });
    const id = await guest.metadata();
    expect(id).toMatch(/^conv_[0-9a-f]{24}$/);
    const [hello] = await guest.waitFor('agent_response');
    expect(agentText(hello!)).toBe("Hi, I'm Kerry, your AI property assistant. How can I help with your move today?");
    expect(await record(id)).toMatchObject({
      agentId: 'local-kerry',
      persona: 'Kerry',
      signed: false,
      initiation: {
        overrides: { agent: { prompt: { prompt: 'You are Kerry, the property assistant.' } } },
        textOnly: true,
      },
    });
    await guest.close();
  });

  it("refuses a public connection to a private agent (Norman's, ADR 009) as a bad signature; its signed URL opens it", async () => {
    for (const agent of ['local-norman', 'local-internal']) {
      const guest = connect(`${voice.wsOrigin}/v1/convai/conversation?agent_id=${agent}`);
      expect(await guest.closed).toEqual({ code: 1008, reason: 'Invalid conversation signature' });
      expect(guest.messages()).toEqual([]);
    }
    expect(logs).toContain('[voice] refused a public conversation with the private agent local-norman');

    const norman = connect(await signedUrl('local-norman'));
    const id = await norman.metadata();
    const [hello] = await norman.waitFor('agent_response');
    expect(agentText(hello!)).toBe("Hi, I'm Norman, your AI operations assistant. What shall we automate today?");
    expect(await record(id)).toMatchObject({ agentId: 'local-norman', persona: 'Norman', signed: true });
    await norman.close();
  });

  it('serves every agent of the persona table', async () => {
    expect(VOICE_AGENTS).toEqual([
      'local-chloe',
      'local-sarah',
      'local-archer',
      'local-joanne',
      'local-kerry',
      'local-sandra',
      'local-norman',
    ]);
    for (const agent of VOICE_AGENTS) expect(await signedUrl(agent)).toContain(`agent_id=${agent}`);
  });
});

describe('a conversation', () => {
  it('answers the initiation with metadata, then greets naming the latest saved property, with real PCM audio', async () => {
    const c = connect(await signedUrl('local-chloe'), {
      type: 'conversation_initiation_client_data',
      conversation_config_override: { agent: {}, tts: {}, conversation: {} },
      dynamic_variables: {
        user_name: 'Ann',
        latest_saved_property: 'Two-bed flat, 12 Mill Lane, Leeds (£250,000)',
        user_context: 'The user is Ann.',
      },
    });
    const id = await c.metadata();
    expect(c.messages()[0]).toEqual({
      type: 'conversation_initiation_metadata',
      conversation_initiation_metadata_event: {
        conversation_id: id,
        agent_output_audio_format: 'pcm_16000',
        user_input_audio_format: 'pcm_16000',
      },
    });
    const [hello] = await c.waitFor('agent_response');
    const greeting =
      "Hi Ann, I'm Chloe. I can see you saved Two-bed flat, 12 Mill Lane, Leeds (£250,000). Would you like me to book a viewing or check the chain?";
    expect(hello!.agent_response_event).toEqual({ agent_response: greeting, event_id: 1 });
    // Not in the metadata's tick: the SDK would lose it.
    const metaAt = c.received[0]!.at;
    expect(c.received.find((r) => r.message.type === 'agent_response')!.at - metaAt).toBeGreaterThanOrEqual(40);

    // The greeting's audio: 16 kHz s16le, ~70 ms a word, in ~250 ms chunks ~100 ms apart.
    const words = greeting.split(/\s+/).length;
    const expectedSeconds = Math.min(2.5, Math.max(0.6, words * 0.07));
    await vi.waitFor(
      () =>
        expect(c.messages('audio').reduce((n, m) => n + audioOf(m).length, 0)).toBe(
          Math.round(expectedSeconds * 16_000) * 2,
        ),
      { timeout: 5000, interval: 20 },
    );
    const chunks = c.received.filter((r) => r.message.type === 'audio');
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    for (const chunk of chunks) {
      expect((chunk.message.audio_event as { event_id: number }).event_id).toBe(1);
      expect(audioOf(chunk.message).length).toBeLessThanOrEqual(8000);
      expect(audioOf(chunk.message).length % 2).toBe(0);
    }
    expect(chunks.at(-1)!.at - chunks[0]!.at).toBeGreaterThanOrEqual((chunks.length - 1) * 80);
    const samples = Buffer.concat(chunks.map((r) => audioOf(r.message)));
    const values = Array.from({ length: samples.length / 2 }, (_, i) => samples.readInt16LE(i * 2));
    // A soft tone that fades in and out: not silence, never clipped.
    expect(Math.abs(values[0]!)).toBeLessThan(100);
    expect(Math.abs(values.at(-1)!)).toBeLessThan(100);
    const peak = Math.max(...values.map(Math.abs));
    expect(peak).toBeGreaterThan(5000);
    expect(peak).toBeLessThan(32767);

    const stored = await record(id);
    expect(stored.initiation?.dynamicVariables).toMatchObject({ user_name: 'Ann', user_context: 'The user is Ann.' });
    expect(stored.agentResponses).toEqual([{ eventId: 1, text: greeting, audioBytes: samples.length }]);
    await c.close();
    await vi.waitFor(async () => expect((await record(id)).status).toBe('closed'));
    expect((await record(id)).closeCode).toBe(1000);
  });

  it('greets without a saved property as the property assistant', async () => {
    const c = connect(await signedUrl('local-archer'));
    const [hello] = await c.waitFor('agent_response');
    expect(agentText(hello!)).toBe("Hi, I'm Archer, your AI property assistant. How can I help with your move today?");
    await c.close();
  });

  it('text-only: the same turns without audio', async () => {
    const c = connect(await signedUrl('local-joanne'), {
      type: 'conversation_initiation_client_data',
      conversation_config_override: { conversation: { text_only: true } },
    });
    await c.waitFor('agent_response');
    c.send({ type: 'user_message', text: 'Hello there' });
    await c.waitFor('agent_response', 2);
    await new Promise((r) => setTimeout(r, 400));
    expect(c.messages('audio')).toEqual([]);
    await c.close();
  });

  it('pings, and records the pongs', async () => {
    const c = connect(await signedUrl('local-sandra'));
    const id = await c.metadata();
    const pings = await c.waitFor('ping', 3);
    expect(pings.map((p) => p.ping_event)).toEqual([
      { event_id: 1, ping_ms: 20 },
      { event_id: 2, ping_ms: 20 },
      { event_id: 3, ping_ms: 20 },
    ]);
    await vi.waitFor(async () => expect((await record(id)).pongs).toBeGreaterThanOrEqual(3));
    await c.close();
  });

  it('answers typed messages from what the client sent; refuses a message over 2,000 characters', async () => {
    const c = connect(await signedUrl('local-chloe'), {
      type: 'conversation_initiation_client_data',
      dynamic_variables: { latest_saved_property: 'Cottage, Bath' },
    });
    const id = await c.metadata();
    await c.waitFor('agent_response');
    c.send({ type: 'user_message', text: 'How do I become a shareholder?' });
    const [, invest] = await c.waitFor('agent_response', 2);
    expect(agentText(invest!)).toContain('founding member and investor');
    expect(agentText(invest!)).toContain('/shareholder');
    expect((invest!.agent_response_event as { event_id: number }).event_id).toBe(2);

    c.send({ type: 'user_message', text: 'Which properties have I saved?' });
    const [, , saved] = await c.waitFor('agent_response', 3);
    expect(agentText(saved!)).toContain('Cottage, Bath');

    c.send({ type: 'user_message', text: 'What is the weather like?' });
    const [, , , echo] = await c.waitFor('agent_response', 4);
    expect(agentText(echo!)).toBe(
      'You said: "What is the weather like?". I\'m Chloe, running on the local voice service, so I answer from your saved properties and recent emails only.',
    );

    c.send({ type: 'user_message', text: 'x'.repeat(2001) });
    const [error] = await c.waitFor('error');
    expect(error!.error_event).toEqual({ error_type: 'invalid_message', message: 'Message too long' });

    // Frames that are not JSON are ignored: the conversation goes on.
    c.send('{not json');
    c.send({ type: 'user_activity' });
    c.send({ type: 'contextual_update', text: 'The user opened /saved-properties' });
    c.send({ type: 'feedback', score: 'like', event_id: 2 });
    c.send({ type: 'feedback', score: 'dislike', event_id: 4 });
    await vi.waitFor(async () => expect((await record(id)).feedback).toHaveLength(2));
    const stored = await record(id);
    expect(stored).toMatchObject({
      status: 'open',
      userMessages: ['How do I become a shareholder?', 'Which properties have I saved?', 'What is the weather like?'],
      contextualUpdates: ['The user opened /saved-properties'],
      userActivity: 1,
      feedback: [
        { score: 'like', eventId: 2 },
        { score: 'dislike', eventId: 4 },
      ],
    });
    expect(logs.some((l) => l.includes(`${id}: a frame that is not JSON`))).toBe(true);
    await c.close();
  });

  it('a guest asking about saved properties is asked to sign in; a signed-in user without any is told so', async () => {
    const guest = connect(`${voice.wsOrigin}/v1/convai/conversation?agent_id=local-chloe`);
    await guest.waitFor('agent_response');
    guest.send({ type: 'user_message', text: 'my saved properties?' });
    expect(agentText((await guest.waitFor('agent_response', 2))[1]!)).toBe(
      'Sign in and I can see the properties you saved.',
    );
    await guest.close();
    const user = connect(await signedUrl('local-chloe'));
    await user.waitFor('agent_response');
    user.send({ type: 'user_message', text: 'my saved properties?' });
    expect(agentText((await user.waitFor('agent_response', 2))[1]!)).toContain("You haven't saved any properties yet.");
    await user.close();
  });

  it('counts microphone audio: 3 s of sound make a placeholder transcript and an answer, 3 s of silence nothing', async () => {
    const c = connect(await signedUrl('local-chloe'));
    const id = await c.metadata();
    // After the greeting has been spoken (its audio lasts at most 2.5 s).
    await c.waitFor('audio');
    await new Promise((r) => setTimeout(r, 2700));
    const send = (audio: Buffer) => {
      for (let at = 0; at < audio.length; at += 3200) {
        c.send({ user_audio_chunk: audio.subarray(at, at + 3200).toString('base64') });
      }
    };
    send(pcm(3, false));
    await new Promise((r) => setTimeout(r, 400));
    expect(c.messages('user_transcript')).toEqual([]);

    send(pcm(3, true));
    const [transcript] = await c.waitFor('user_transcript');
    expect(transcript!.user_transcription_event).toMatchObject({
      user_transcript: '(3 seconds of speech — the local voice service does not transcribe audio)',
    });
    const [, answer] = await c.waitFor('agent_response', 2);
    expect(agentText(answer!)).toContain("can't transcribe");
    expect(agentText(answer!)).toContain('Type a message');
    expect((await record(id)).audioBytes).toBe(2 * 3 * 16_000 * 2);
    await c.close();
  });
});

describe('the real @elevenlabs/client SDK', () => {
  // Node 20 has no global WebSocket; the SDK opens its socket with the global one.
  const hadWebSocket = 'WebSocket' in globalThis;
  const original = globalThis.WebSocket;
  beforeAll(() => {
    globalThis.WebSocket = WebSocket as unknown as typeof globalThis.WebSocket;
  });
  afterAll(() => {
    if (hadWebSocket) globalThis.WebSocket = original;
    else Reflect.deleteProperty(globalThis, 'WebSocket');
  });

  it('holds a text conversation from a signed URL: greeting, answer, feedback; the URL then fails as the SDK reports it', async () => {
    const url = await signedUrl('local-chloe');
    const messages: MessagePayload[] = [];
    const conversation = await TextConversation.startSession({
      signedUrl: url,
      textOnly: true,
      dynamicVariables: { user_name: 'Ann', latest_saved_property: 'Cottage, Bath', user_context: 'The user is Ann.' },
      onMessage: (m) => messages.push(m),
    });
    const id = conversation.getId();
    expect(id).toBe(new URL(url).searchParams.get('conversation_id'));
    await vi.waitFor(() => expect(messages).toHaveLength(1));
    expect(messages[0]).toMatchObject({ role: 'agent', event_id: 1 });
    expect(messages[0]!.message).toContain('Cottage, Bath');
    conversation.sendUserMessage('How do I invest?');
    conversation.sendContextualUpdate('The user opened /shareholder');
    await vi.waitFor(() => expect(messages).toHaveLength(2));
    expect(messages[1]!.message).toContain('/shareholder');
    conversation.sendFeedback(true);
    await vi.waitFor(async () => expect((await record(id)).feedback).toEqual([{ score: 'like', eventId: 2 }]));
    await conversation.endSession();
    await vi.waitFor(async () => expect(await record(id)).toMatchObject({ status: 'closed', closeCode: 1000 }));
    expect(await record(id)).toMatchObject({
      userMessages: ['How do I invest?'],
      contextualUpdates: ['The user opened /shareholder'],
      initiation: { textOnly: true, dynamicVariables: { user_name: 'Ann' } },
    });

    const reused = await TextConversation.startSession({ signedUrl: url, textOnly: true }).catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(SessionConnectionError);
    expect(reused).toMatchObject({
      message: 'Invalid conversation signature',
      closeCode: 1008,
      closeReason: 'Invalid conversation signature',
    });
  });

  it('opens a guest conversation from the origin and an agent id, with the prompt override', async () => {
    const messages: MessagePayload[] = [];
    const conversation = await TextConversation.startSession({
      agentId: 'local-sandra',
      origin: voice.wsOrigin,
      connectionType: 'websocket',
      textOnly: true,
      overrides: { agent: { prompt: { prompt: 'You are Sandra, the property assistant.' } } },
      onMessage: (m) => messages.push(m),
    });
    await vi.waitFor(() => expect(messages).toHaveLength(1));
    expect(messages[0]!.message).toBe(
      "Hi, I'm Sandra, your AI property assistant. How can I help with your move today?",
    );
    expect(await record(conversation.getId())).toMatchObject({
      signed: false,
      initiation: { overrides: { agent: { prompt: { prompt: 'You are Sandra, the property assistant.' } } } },
    });
    await conversation.endSession();

    const unknown = await TextConversation.startSession({
      agentId: 'agent_unknown',
      origin: voice.wsOrigin,
      connectionType: 'websocket',
      textOnly: true,
    }).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ message: 'Agent not found', closeCode: 1008 });

    const norman = await TextConversation.startSession({
      agentId: 'local-norman',
      origin: voice.wsOrigin,
      connectionType: 'websocket',
      textOnly: true,
    }).catch((e: unknown) => e);
    expect(norman).toBeInstanceOf(SessionConnectionError);
    expect(norman).toMatchObject({ message: 'Invalid conversation signature', closeCode: 1008 });
  });
});

describe('the widget script', () => {
  it('is served as JavaScript to any origin, and defines <elevenlabs-convai> once without showing anything', async () => {
    const res = await fetch(`${voice.url}/convai-widget-embed.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const script = await res.text();

    // Run it twice against a minimal custom-element registry, as a page loading it twice would.
    const defined = new Map<string, new () => { setAttribute: (k: string, v: string) => void }>();
    class HTMLElement {
      attributes: Record<string, string> = {};
      setAttribute(k: string, v: string) {
        this.attributes[k] = v;
      }
    }
    const context = vm.createContext({
      HTMLElement,
      customElements: {
        get: (name: string) => defined.get(name),
        define: (name: string, ctor: new () => HTMLElement) => {
          if (defined.has(name)) throw new Error(`${name} defined twice`);
          defined.set(name, ctor);
        },
      },
    });
    vm.runInContext(script, context);
    vm.runInContext(script, context);
    const Widget = defined.get('elevenlabs-convai') as unknown as new () => HTMLElement & {
      connectedCallback: () => void;
    };
    const element = new Widget();
    element.connectedCallback();
    expect(element.attributes).toEqual({ 'data-local-stand-in': '' });
    expect((await fetch(`${voice.url}/_health`)).status).toBe(200);
  });
});

describe('the voice service of the stack', () => {
  it('runs beside the API with its own key, which is not an API key of the project', async () => {
    const s = stack();
    expect(s.voiceWsOrigin).toBe(s.voiceUrl.replace('http://', 'ws://'));
    expect(await (await fetch(`${s.voiceUrl}/_health`)).text()).toBe('ok');
    expect(s.voiceApiKey).toMatch(/^sk_/);
    const refused = await fetch(`${s.voiceUrl}/v1/convai/conversation/get-signed-url?agent_id=local-chloe`, {
      headers: { 'xi-api-key': s.anonKey },
    });
    expect(refused.status).toBe(401);
    const url = await signedUrl('local-chloe', s.voiceApiKey, s.voiceUrl);
    expect(url.startsWith(`${s.voiceWsOrigin}/v1/convai/conversation?`)).toBe(true);
    const c = connect(url);
    const id = await c.metadata();
    expect((await record(id, s.voiceApiKey, s.voiceUrl)).signed).toBe(true);
    await c.close();
  });
});
