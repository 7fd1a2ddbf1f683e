// A test's own voice service (fast pings) and a websocket client that speaks to it as the SDK
// does, for the tests beside the service; the stack's own service is checked the same way.
import { Buffer } from 'node:buffer';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import WebSocket from 'ws';
import { freePort } from '../../../stack/process.mjs';
import { startVoiceService } from '../index.mjs';

export const KEY = `sk_test_${crypto.randomUUID()}`;

export type Message = Record<string, unknown> & { type?: string };

export interface ConversationRecord {
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

export async function signedUrl(agentId: string, key: string, base: string) {
  const res = await fetch(
    `${base}/v1/convai/conversation/get-signed-url?agent_id=${encodeURIComponent(agentId)}&include_conversation_id=true`,
    { headers: { 'xi-api-key': key } },
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { signed_url: string }).signed_url;
}

export async function record(id: string, key: string, base: string) {
  const res = await fetch(`${base}/_local/conversations/${id}`, { headers: { 'xi-api-key': key } });
  expect(res.status).toBe(200);
  return (await res.json()) as ConversationRecord;
}

/**
 * A voice service of the test file's own, started before its tests and stopped after them, with
 * `signedUrl` and `record` bound to it (another service's key and address may still be given).
 */
export function useVoiceService() {
  let voice: Awaited<ReturnType<typeof startVoiceService>> | undefined;
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
  const running = () => {
    if (!voice) throw new Error('the voice service has not started');
    return voice;
  };
  return {
    logs,
    get url() {
      return running().url;
    },
    get wsOrigin() {
      return running().wsOrigin;
    },
    signedUrl: (agentId: string, key = KEY, base = running().url) => signedUrl(agentId, key, base),
    record: (id: string, key = KEY, base = running().url) => record(id, key, base),
  };
}

/**
 * A websocket client as the SDK is one: subprotocol `convai`, `&source=…&version=…` on the URL,
 * the initiation data on open. `received` keeps every message with its arrival time.
 */
export function connect(url: string, init: Message | null = { type: 'conversation_initiation_client_data' }) {
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

export const agentText = (m: Message) => (m.agent_response_event as { agent_response: string }).agent_response;
export const audioOf = (m: Message) =>
  Buffer.from((m.audio_event as { audio_base_64: string }).audio_base_64, 'base64');

/** `seconds` of 16 kHz s16le mono: a tone, or silence. */
export function pcm(seconds: number, tone: boolean) {
  const samples = Math.round(seconds * 16_000);
  const out = Buffer.alloc(samples * 2);
  if (tone) for (let i = 0; i < samples; i++) out.writeInt16LE(Math.round(8000 * Math.sin(i / 10)), i * 2);
  return out;
}
