// @vitest-environment jsdom
import { useEffect } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNormanPass, normanPass, setNormanPass } from '../../lib/norman-pass';
import { PERSONAS } from '../../lib/personas';
import { VoiceButton } from './voice-button';
import { AUTO_START_DELAY_MS } from './voice-rules';
import { VoiceProvider, useVoice, type VoiceSession } from './voice-session';

// The real @elevenlabs/react provider around our controller; only the client SDK's
// Conversation.startSession is held in the test's hand, to play the races of start and end.

type Callbacks = {
  onConnect?: (props: { conversationId: string }) => void;
  onDisconnect?: (details: { reason: string }) => void;
  onStatusChange?: (props: { status: string }) => void;
  onConversationCreated?: (conversation: unknown) => void;
};
type Pending = { resolve: (conversation: unknown) => void; reject: (error: unknown) => void; options: Callbacks };
const pending: Pending[] = [];

vi.mock('@elevenlabs/client', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  Conversation: {
    startSession: (options: Callbacks) => new Promise((resolve, reject) => pending.push({ resolve, reject, options })),
  },
}));
const requestSignedUrl =
  vi.fn<(agentId: string, context: string, options?: { normanPass?: string }) => Promise<unknown>>();
vi.mock('./api/start-conversation', () => ({
  requestSignedUrl: (agentId: string, context: string, options?: { normanPass?: string }) =>
    requestSignedUrl(agentId, context, options),
  refreshVoiceSession: () => Promise.resolve({ ok: true }),
  hasUserSession: () => Promise.resolve(false),
}));
const toasts: string[] = [];
vi.mock('../../lib/toast', () => ({
  toast: {
    success: (title: string) => toasts.push(`success:${title}`),
    error: (title: string) => toasts.push(`error:${title}`),
    info: (title: string) => toasts.push(`info:${title}`),
  },
}));

let voice: VoiceSession;
/** Hands the session to the test after each render. */
function Spy() {
  const session = useVoice();
  useEffect(() => {
    voice = session;
  });
  return null;
}
const wait = (ms = 0) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
/** Until the SDK has been asked for `n` starts (it loads lazily, on the first one). */
async function sdkStarts(n: number) {
  // Short acts in turn: React flushes the lazy module's arrival only when an act ends.
  for (let i = 0; i < 300 && pending.length < n; i++) await wait(10);
  expect(pending).toHaveLength(n);
}
const context = () => Promise.resolve({ text: 'ctx', latestSavedProperty: '', properties: [], emails: [] });
let releaseMicrophone: (() => void) | null = null;

beforeEach(() => {
  pending.length = 0;
  toasts.length = 0;
  requestSignedUrl.mockReset();
  requestSignedUrl.mockResolvedValue({ ok: true, signedUrl: 'ws://voice/x', conversationId: 'conv_1' });
  releaseMicrophone = null;
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: () => Promise.resolve({ getTracks: () => [] }) },
  });
});

/** The SDK connects the pending start `p`; its endSession reports back as the SDK does. */
function connect(p: Pending, conversationId = 'conv_1') {
  const conversation = {
    endSession: () => {
      p.options.onStatusChange?.({ status: 'disconnecting' });
      p.options.onStatusChange?.({ status: 'disconnected' });
      p.options.onDisconnect?.({ reason: 'user' });
      return Promise.resolve();
    },
    getInputVolume: () => 0,
    getOutputVolume: () => 0,
  };
  p.options.onConversationCreated?.(conversation);
  p.options.onConnect?.({ conversationId });
  p.resolve(conversation);
}

const renderVoice = (signedIn: boolean, extra?: React.ReactNode, persona = PERSONAS.chloe) =>
  render(
    <VoiceProvider persona={persona} signedIn={signedIn} userId={signedIn ? 'u1' : null} loadContext={context}>
      <Spy />
      {extra}
    </VoiceProvider>,
  );

describe('starting and ending a call, in every order', () => {
  it('End while the SDK is connecting goes through the SDK; Talk afterwards starts a new call', async () => {
    renderVoice(false);
    act(() => voice.start());
    await sdkStarts(1);
    act(() => voice.end());
    expect(voice.phase).toBe('disconnecting');
    // The SDK's pending start resolves; the provider ends it at once, and it reports its end.
    await act(async () => connect(pending[0]!));
    await wait();
    expect(voice.phase).toBe('disconnected');
    expect(toasts).toEqual([]);
    act(() => voice.start());
    await sdkStarts(2);
    expect(voice.phase).toBe('connecting');
    await act(async () => connect(pending[1]!, 'conv_2'));
    expect(voice.phase).toBe('connected');
    expect(voice.conversationId).toBe('conv_2');
  });

  it('End while the signed URL is on its way: nothing of that start lands', async () => {
    let answer!: (reply: unknown) => void;
    requestSignedUrl.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderVoice(true);
    act(() => voice.start());
    await wait();
    act(() => voice.end());
    expect(voice.phase).toBe('disconnected');
    await act(async () => answer({ ok: true, signedUrl: 'ws://voice/x', conversationId: 'conv_stale' }));
    await wait();
    expect(voice.conversationId).toBeNull();
    expect(pending).toHaveLength(0);
  });

  it('End while the microphone prompt is open: the function is never asked', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: () => new Promise((resolve) => (releaseMicrophone = () => resolve({ getTracks: () => [] }))),
      },
    });
    renderVoice(true);
    act(() => voice.start());
    await wait();
    act(() => voice.end());
    await act(async () => releaseMicrophone!());
    await wait();
    expect(requestSignedUrl).not.toHaveBeenCalled();
    expect(voice.phase).toBe('disconnected');
  });

  it('a start that ends before connecting (no error callback) does not stay Connecting...', async () => {
    renderVoice(false);
    act(() => voice.start());
    await sdkStarts(1);
    await act(async () => pending[0]!.options.onStatusChange?.({ status: 'disconnected' }));
    expect(voice.phase).toBe('disconnected');
  });

  it('a teardown that never reports back counts as ended after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderVoice(false);
      act(() => voice.start());
      await sdkStarts(1);
      await act(async () => {
        const p = pending[0]!;
        p.options.onConversationCreated?.({ endSession: () => new Promise(() => {}) });
        p.options.onConnect?.({ conversationId: 'conv_1' });
        p.resolve({ endSession: () => new Promise(() => {}), getInputVolume: () => 0, getOutputVolume: () => 0 });
      });
      act(() => voice.end());
      expect(voice.phase).toBe('disconnecting');
      await act(async () => vi.advanceTimersByTimeAsync(5100));
      expect(voice.phase).toBe('disconnected');
    } finally {
      vi.useRealTimers();
    }
  });

  it('signing out ends the call', async () => {
    const view = renderVoice(true);
    act(() => voice.start());
    await sdkStarts(1);
    await act(async () => connect(pending[0]!));
    expect(voice.phase).toBe('connected');
    view.rerender(
      <VoiceProvider persona={PERSONAS.chloe} signedIn={false} userId={null} loadContext={context}>
        <Spy />
      </VoiceProvider>,
    );
    await wait();
    expect(voice.phase).toBe('disconnected');
    expect(toasts).toContain('success:Conversation Ended');
  });
});

describe('?voice=true', () => {
  // The delay on a clock the test moves (which also runs on by itself, for the SDK's lazy load).
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());
  const past = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('a call started and ended by hand before the delay uses it up', async () => {
    const used = vi.fn();
    renderVoice(true, <VoiceButton autoStart userDataLoaded onAutoStartUsed={used} />);
    fireEvent.click(screen.getByRole('button', { name: /Talk to Chloe/ }));
    await sdkStarts(1);
    await act(async () => connect(pending[0]!));
    act(() => voice.end());
    await wait();
    expect(voice.phase).toBe('disconnected');
    await past(AUTO_START_DELAY_MS * 5);
    expect(pending).toHaveLength(1);
    expect(used).toHaveBeenCalledTimes(1);
  });

  it('starts once after 1000 ms and reports it was used', async () => {
    const used = vi.fn();
    renderVoice(true, <VoiceButton autoStart userDataLoaded onAutoStartUsed={used} />);
    await past(AUTO_START_DELAY_MS - 100);
    expect(pending).toHaveLength(0);
    expect(used).not.toHaveBeenCalled();
    await past(100);
    await sdkStarts(1);
    expect(used).toHaveBeenCalledTimes(1);
    await past(AUTO_START_DELAY_MS * 5);
    expect(pending).toHaveLength(1);
  });
});

describe("Norman's private agent", () => {
  it('opens with the pass from the password check, not a user', async () => {
    setNormanPass({ pass: 'signed-pass', expiresAt: Date.now() + 60_000 });
    renderVoice(true, null, PERSONAS.norman);
    act(() => voice.start());
    await sdkStarts(1);
    expect(requestSignedUrl).toHaveBeenCalledWith(PERSONAS.norman.agentId, '', { normanPass: 'signed-pass' });
    expect((pending[0]!.options as { signedUrl?: string }).signedUrl).toBe('ws://voice/x');
    await act(async () => connect(pending[0]!));
    expect(voice.phase).toBe('connected');
  });

  it('locks Norman again when the server refuses the pass', async () => {
    setNormanPass({ pass: 'old-pass', expiresAt: Date.now() + 60_000 });
    const said = 'Your access to Norman has expired. Enter the password again.';
    requestSignedUrl.mockResolvedValueOnce({ ok: false, kind: 'norman-pass', message: said });
    renderVoice(false, null, PERSONAS.norman);
    act(() => voice.start());
    for (let i = 0; i < 50 && voice.phase !== 'disconnected'; i++) await wait(10);
    expect(voice.phase).toBe('disconnected');
    expect(normanPass()).toBeNull();
    expect(toasts).toEqual(['error:Failed to Start']);
    expect(pending).toHaveLength(0);
  });

  it('does not ask the server without a pass', async () => {
    clearNormanPass();
    renderVoice(false, null, PERSONAS.norman);
    act(() => voice.start());
    for (let i = 0; i < 50 && voice.phase !== 'disconnected'; i++) await wait(10);
    expect(requestSignedUrl).not.toHaveBeenCalled();
    expect(toasts).toEqual(['error:Failed to Start']);
  });
});

describe('a demo page', () => {
  it("says the demo pages' words when the microphone is refused", async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderVoice(false, null, PERSONAS.sarah);
    act(() => voice.start());
    for (let i = 0; i < 50 && voice.phase !== 'disconnected'; i++) await wait(10);
    expect(toasts).toEqual(['error:Error starting conversation']);
  });
});
