// @vitest-environment jsdom
// The widget script the service serves, run in jsdom against a voice service of the test's own:
// its call button holds a real conversation over the websocket, with the page's dynamic variables;
// the audio is a stand-in (jsdom has none), which the e2e (tests/e2e/voice-widget.spec.ts) has real.
import vm from 'node:vm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { KEY, useVoiceService, type ConversationRecord } from './testing/client';

const voice = useVoiceService();

/** What the widget asked of the audio stand-in. */
const audio = {
  microphone: true,
  played: 0,
  closed: 0,
  /** The microphone worklet's port: a test sends "microphone" chunks through it. */
  port: null as null | { onmessage: ((event: { data: ArrayBuffer }) => void) | null },
};

class FakeAudioContext {
  currentTime = 0;
  destination = {};
  audioWorklet = { addModule: async () => undefined };
  createMediaStreamSource = () => ({ connect: () => undefined });
  createBuffer = (_channels: number, length: number, rate: number) => ({
    duration: length / rate,
    getChannelData: () => new Float32Array(length),
  });
  createBufferSource() {
    const source = {
      buffer: null,
      onended: null as null | (() => void),
      connect: () => undefined,
      start: () => {
        audio.played += 1;
        setTimeout(() => source.onended?.(), 5);
      },
      stop: () => source.onended?.(),
    };
    return source;
  }
  resume = async () => undefined;
  close = async () => {
    audio.closed += 1;
  };
}

class FakeWorkletNode {
  port = { onmessage: null };
  constructor() {
    audio.port = this.port;
  }
}

beforeAll(async () => {
  // ws's WebSocket: Node's own fires its events through jsdom's Event, which Node refuses.
  Object.assign(globalThis, { AudioContext: FakeAudioContext, AudioWorkletNode: FakeWorkletNode, WebSocket });
  Object.assign(URL, { createObjectURL: () => 'blob:worklet', revokeObjectURL: () => undefined });
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: async () => {
        if (!audio.microphone) throw new DOMException('Permission denied', 'NotAllowedError');
        return { getTracks: () => [{ stop: () => undefined }] };
      },
    },
  });
  const script = await (await fetch(`${voice.url}/convai-widget-embed.js`)).text();
  vm.runInThisContext(script);
});

afterEach(() => {
  document.body.replaceChildren();
  audio.microphone = true;
});

async function latest() {
  const res = await fetch(`${voice.url}/_local/conversations?latest=1`, { headers: { 'xi-api-key': KEY } });
  return (await res.json()) as ConversationRecord;
}

function widget(agentId: string, variables?: Record<string, string>) {
  const element = document.createElement('elevenlabs-convai');
  element.setAttribute('agent-id', agentId);
  if (variables) element.setAttribute('dynamic-variables', JSON.stringify(variables));
  document.body.append(element);
  const root = element.shadowRoot!;
  const button = (name: string) => [...root.querySelectorAll('button')].find((b) => b.textContent === name) ?? null;
  return {
    element,
    button,
    status: () => root.querySelector('[role=status]')!.textContent,
    transcript: () => root.querySelector('[role=log]')!.textContent,
    panel: () => root.querySelector<HTMLElement>('.panel')!,
    input: () => root.querySelector('input')!,
  };
}

describe('the local widget', { timeout: 15_000 }, () => {
  it('draws a call button; pressed, holds a call with the page’s variables; End call ends it', async () => {
    const w = widget('local-chloe', { page_context: 'The visitor is on the co-founder page.' });
    expect(w.status()).toBe('Need help?');
    expect(w.panel().hidden).toBe(true);
    const before = audio.played;

    w.button('Start a call')!.click();
    await vi.waitFor(() => expect(w.status()).toMatch(/^Connected: /));
    expect(w.button('End call')).not.toBeNull();
    expect(w.panel().hidden).toBe(false);
    await vi.waitFor(() =>
      expect(w.transcript()).toContain(
        "Agent: Hi, I'm Chloe, your AI property assistant. How can I help with your move today?",
      ),
    );
    // The greeting's audio is played, and the status follows it.
    await vi.waitFor(() => expect(audio.played).toBeGreaterThan(before + 2));
    await vi.waitFor(() => expect(w.status()).toBe('Connected: listening'), { timeout: 5000 });

    const call = await latest();
    expect(call).toMatchObject({ agentId: 'local-chloe', signed: false, status: 'open' });
    expect(call.initiation?.dynamicVariables).toEqual({ page_context: 'The visitor is on the co-founder page.' });

    // The microphone goes out as user_audio_chunk; a typed message is answered.
    audio.port!.onmessage!({ data: new Int16Array(1600).buffer });
    await vi.waitFor(async () => expect((await latest()).audioBytes).toBe(3200));
    w.input().value = 'How do I become a founding member?';
    w.input().form!.requestSubmit();
    await vi.waitFor(() => expect(w.transcript()).toContain('You: How do I become a founding member?'));
    await vi.waitFor(() => expect(w.transcript()).toContain('/shareholder'));
    // Pings are answered.
    await vi.waitFor(async () => expect((await latest()).pongs).toBeGreaterThan(0));

    const closed = audio.closed;
    w.button('End call')!.click();
    expect(w.status()).toBe('You ended the conversation');
    expect(w.button('Start a call')).not.toBeNull();
    expect(w.panel().hidden).toBe(true);
    expect(audio.closed).toBe(closed + 1);
    await vi.waitFor(async () => expect(await latest()).toMatchObject({ status: 'closed', closeCode: 1000 }));
  });

  it('says why a call could not start: a private agent, a refused microphone', async () => {
    const norman = widget('local-norman');
    norman.button('Start a call')!.click();
    await vi.waitFor(() => expect(norman.status()).toBe('Could not connect: Invalid conversation signature'));
    expect(norman.button('Start a call')).not.toBeNull();

    audio.microphone = false;
    const chloe = widget('local-chloe');
    chloe.button('Start a call')!.click();
    await vi.waitFor(() => expect(chloe.status()).toMatch(/^Microphone unavailable: NotAllowedError/));
  });

  it('ends its call when it leaves the page', async () => {
    const w = widget('local-sarah');
    w.button('Start a call')!.click();
    await vi.waitFor(() => expect(w.status()).toMatch(/^Connected: /));
    w.element.remove();
    await vi.waitFor(async () => expect(await latest()).toMatchObject({ agentId: 'local-sarah', status: 'closed' }));
  });
});
