// @vitest-environment node
// Who may open a conversation: a signed URL once, for its agent, within 15 minutes; a public
// agent without one, as the SDK opens it for a guest; a private agent (Norman's) never so.
import { describe, expect, it, vi } from 'vitest';
import { VOICE_AGENTS } from './agents.mjs';
import { agentText, connect, useVoiceService } from './testing/client';

const voice = useVoiceService();
const { signedUrl, record } = voice;

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
    expect(voice.logs).toContain('[voice] refused a public conversation with the private agent local-norman');

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
