import { useMemo } from 'react';
import type { Persona } from '../../lib/personas';
import type { TranscriptLine, useTranscript } from './use-transcript';
import type { useVoiceCall } from './use-voice-call';
import type { VoiceSdkHandle } from './use-voice-sdk';
import { callNeedsConnection, isVoiceBusy, type VoiceMode, type VoicePhase } from './voice-rules';

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

/** The parts of a call the provider has wired together, as they are on this render. */
export interface SessionParts {
  call: ReturnType<typeof useVoiceCall>;
  sdk: VoiceSdkHandle;
  lines: ReturnType<typeof useTranscript>;
  phase: VoicePhase;
  level: number;
  online: boolean;
  signedIn: boolean;
  sessionKnown: boolean;
  controls: number;
  registerControl: () => () => void;
}

/** The context's value: a new object only when something in it changed, so consumers re-render then. */
export function useSessionValue(parts: SessionParts): VoiceSession {
  const { phase, level, online, signedIn, sessionKnown, controls, registerControl } = parts;
  const { persona, textOnly, micProblem, conversationId, start, end, toggle } = parts.call;
  const { isSpeaking, isMuted } = parts.sdk.state;
  const { setMuted, prepare } = parts.sdk;
  const { transcript, rated, sendMessage, rate } = parts.lines;
  return useMemo<VoiceSession>(
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
}
