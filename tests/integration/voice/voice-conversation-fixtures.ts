// What the voice-conversation tests share: the function called through the gateway (every answer
// checked for the voice service's key), its request body, and a signed URL opened as the SDK does.
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { StackInfo } from '../../stack-fixture';

export interface Reply {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/**
 * POST to the function through the gateway; every answer is checked for the voice service's key
 * (in the body or any header).
 */
export async function call(
  s: StackInfo,
  token: string | null,
  body: unknown,
  init: { method?: string; normanPass?: string } = {},
): Promise<Reply> {
  const res = await fetch(`${s.apiUrl}/functions/v1/voice-conversation`, {
    method: init.method ?? 'POST',
    headers: {
      apikey: s.anonKey,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.normanPass ? { 'x-norman-pass': init.normanPass } : {}),
    },
    ...(init.method === 'GET' ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  expect(text).not.toContain(s.voiceApiKey);
  for (const [name, value] of res.headers) expect(`${name}: ${value}`).not.toContain(s.voiceApiKey);
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers };
}

export const start = (agentId: unknown = 'local-chloe', context: unknown = 'The user is signed in.') => ({
  action: 'start_conversation',
  agentId,
  context,
});

/** Opens a signed URL as the SDK does; resolves with the conversation id, or the close that refused it. */
export function open(url: string) {
  return new Promise<{ conversationId: string } | { code: number; reason: string }>((resolve) => {
    const ws = new WebSocket(`${url}&source=js_sdk&version=test`, ['convai']);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'conversation_initiation_client_data' })));
    ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as {
        type: string;
        conversation_initiation_metadata_event?: { conversation_id: string };
      };
      if (message.type !== 'conversation_initiation_metadata') return;
      resolve({ conversationId: message.conversation_initiation_metadata_event!.conversation_id });
      ws.close(1000);
    });
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
}

export async function signToken(s: StackInfo, claims: Record<string, unknown>, exp: number) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(exp - 3600)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(s.jwtSecret));
}
