// @vitest-environment node
// A conversation over the websocket: the metadata and greeting, real PCM audio, pings, answers to
// typed messages, feedback, and microphone audio measured but not transcribed.
import { Buffer } from 'node:buffer';
import { describe, expect, it, vi } from 'vitest';
import { agentText, audioOf, connect, pcm, useVoiceService } from './testing/client';

const voice = useVoiceService();
const { signedUrl, record } = voice;

describe('a conversation', { timeout: 20_000 }, () => {
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
    // A turn's audio comes before the next turn's answer: a third answer proves none came.
    c.send({ type: 'user_message', text: 'And again' });
    await c.waitFor('agent_response', 3);
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
    expect(voice.logs.some((l) => l.includes(`${id}: a frame that is not JSON`))).toBe(true);
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
