// @vitest-environment node
// The real @elevenlabs/client SDK against the stand-in: what the app's voice session does.
import { SessionConnectionError, TextConversation, type Callbacks } from '@elevenlabs/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { useVoiceService } from './testing/client';

type MessagePayload = Parameters<NonNullable<Callbacks['onMessage']>>[0];

const voice = useVoiceService();
const { signedUrl, record } = voice;

describe('the real @elevenlabs/client SDK', { timeout: 20_000 }, () => {
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
