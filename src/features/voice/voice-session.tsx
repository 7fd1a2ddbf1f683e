import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useOnline } from '../../lib/online';
import type { Persona } from '../../lib/personas';
import { useCallLevel } from './use-call-level';
import { useTranscript, type TranscriptLine } from './use-transcript';
import { usePhase, useVoiceCall } from './use-voice-call';
import { useVoiceSdk } from './use-voice-sdk';
import type { VoiceContext } from './voice-context';
import { callNeedsConnection, isVoiceBusy, type VoiceMode, type VoicePhase } from './voice-rules';
import { useWidgetScript } from './widget-script';

export type { TranscriptLine } from './use-transcript';

export interface VoiceSession {
  persona: Persona;
  phase: VoicePhase;
  mode: VoiceMode;
  /** The loading flag: a start or a stop is under way. */
  busy: boolean;
  /** 0..1: the microphone while listening, the agent's voice while speaking. */
  level: number;
  /** The session goes on in text (the microphone was refused or is missing). */
  textOnly: boolean;
  micProblem: 'refused' | 'unavailable' | null;
  online: boolean;
  signedIn: boolean;
  /** Whether a call can be started: the session is known (guest or user). */
  ready: boolean;
  /** Offline and not in a call: what the voice controls say instead of calling. */
  offlineMessage: string | null;
  /** The voice controls cannot be pressed: offline, still ending, or the session not known yet. */
  blocked: boolean;
  muted: boolean;
  transcript: TranscriptLine[];
  /** Feedback given, by agent response (once each). */
  rated: ReadonlyMap<number, boolean>;
  conversationId: string | null;
  start: (options?: { textOnly?: boolean }) => void;
  end: () => void;
  toggle: () => void;
  setMuted: (muted: boolean) => void;
  sendMessage: (text: string) => boolean;
  rate: (eventId: number, helpful: boolean) => void;
  /** How many voice controls are on screen: with none, the call bar offers End. */
  controls: number;
  /** A voice control on screen; the returned function is its unmount. */
  registerControl: () => () => void;
  /** The visitor is about to use voice (pointer over, focus, touch): load the SDK now. */
  prepare: () => void;
}

const VoiceContextReact = createContext<VoiceSession | null>(null);

export interface VoiceProviderProps {
  /** The persona of the page on screen; a call keeps the persona it started with. */
  persona: Persona;
  signedIn: boolean;
  /** False while the stored session is read: a click then would start a guest call for a user. */
  sessionKnown?: boolean;
  /** Whose call it is: a call ends when this changes (sign-out, another account). */
  userId?: string | null;
  userName?: string | null;
  /** Reads the signed-in user's context from the local database. */
  loadContext: () => Promise<VoiceContext>;
  children: ReactNode;
}

/** One voice conversation for the whole app: the page's button and the header's share it. */
export function VoiceProvider({
  persona: pagePersona,
  signedIn,
  sessionKnown = true,
  userId,
  userName,
  loadContext,
  children,
}: VoiceProviderProps) {
  useWidgetScript();
  const sdk = useVoiceSdk();
  const phaseState = usePhase();
  const lines = useTranscript(sdk.ref, phaseState.ref);
  const call = useVoiceCall({
    phase: phaseState,
    sdk,
    transcript: lines,
    pagePersona,
    signedIn,
    sessionKnown,
    userId,
    userName,
    loadContext,
  });
  const { phase } = phaseState;
  const { isSpeaking, isMuted } = sdk.state;
  const { persona, textOnly, micProblem, conversationId, start, end, toggle } = call;
  const level = useCallLevel(sdk.ref, { connected: phase === 'connected', textOnly, isSpeaking });
  const { transcript, rated, sendMessage, rate } = lines;
  const { setMuted, prepare } = sdk;
  const online = useOnline();
  const [controls, setControls] = useState(0);
  const registerControl = useCallback(() => {
    setControls((n) => n + 1);
    return () => setControls((n) => n - 1);
  }, []);

  const value = useMemo<VoiceSession>(
    () => ({
      persona,
      phase,
      mode: isSpeaking ? 'speaking' : 'listening',
      busy: isVoiceBusy(phase),
      level,
      textOnly,
      micProblem,
      online,
      signedIn,
      ready: sessionKnown,
      offlineMessage: !online && phase === 'disconnected' ? callNeedsConnection(persona.name) : null,
      blocked:
        (!online && phase === 'disconnected') ||
        phase === 'disconnecting' ||
        (phase === 'disconnected' && !sessionKnown),
      muted: isMuted,
      transcript,
      rated,
      conversationId,
      start,
      end,
      toggle,
      setMuted,
      sendMessage,
      rate,
      controls,
      registerControl,
      prepare,
    }),
    [
      persona,
      phase,
      isSpeaking,
      level,
      textOnly,
      micProblem,
      online,
      signedIn,
      sessionKnown,
      isMuted,
      transcript,
      rated,
      conversationId,
      start,
      end,
      toggle,
      setMuted,
      sendMessage,
      rate,
      controls,
      registerControl,
      prepare,
    ],
  );
  return (
    <VoiceContextReact value={value}>
      {children}
      {sdk.bridge}
    </VoiceContextReact>
  );
}

export function useVoice(): VoiceSession {
  const value = use(VoiceContextReact);
  if (!value) throw new Error('useVoice must be used inside <VoiceProvider>');
  return value;
}
