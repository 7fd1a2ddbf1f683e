import { useCallback, useMemo, useRef, useState } from 'react';
import type { Persona } from '../../lib/personas';
import { toastLater as toast } from '../../lib/toast-later';
import type { TranscriptLine } from './use-transcript';
import type { VoiceSdkHandle } from './use-voice-sdk';
import type { VoiceContext } from './voice-context';
import { failureToast, type StartFailure, type VoicePhase } from './voice-rules';

/** The call's phase, as state for rendering and as a ref for callbacks that must read it now. */
export function usePhase() {
  const [phase, setPhase] = useState<VoicePhase>('disconnected');
  const ref = useRef<VoicePhase>('disconnected');
  const move = useCallback((next: VoicePhase) => {
    ref.current = next;
    setPhase(next);
  }, []);
  return { phase, ref, move };
}

export interface VoiceCallOptions {
  phase: ReturnType<typeof usePhase>;
  sdk: Pick<VoiceSdkHandle, 'ref' | 'load'>;
  transcript: {
    addLine: (role: TranscriptLine['role'], text: string, eventId?: number) => void;
    clear: () => void;
  };
  /** The persona of the page on screen: a call keeps the persona it started with. */
  pagePersona: Persona;
  signedIn: boolean;
  sessionKnown: boolean;
  userId?: string | null | undefined;
  userName?: string | null | undefined;
  loadContext: () => Promise<VoiceContext>;
}

/** What the call shows (who with, in text or voice, the microphone, its id) and how it settles. */
export function useCallState(movePhase: (next: VoicePhase) => void) {
  const [sessionPersona, setSessionPersona] = useState<Persona | null>(null);
  const [textOnly, setTextOnly] = useState(false);
  const [micProblem, setMicProblem] = useState<'refused' | 'unavailable' | null>(null);
  const [conversationId, setConversationId] = useState<string | null>(null);
  // Which start is current: an End pressed while the signed URL is on its way cancels that start.
  const attemptRef = useRef(0);
  // Whether the SDK holds a start of ours (from startSession until it connects, fails or ends):
  // while it does, the SDK ignores another startSession, so End must go through the SDK.
  const sdkBusyRef = useRef(false);
  // Whether the current attempt reached 'connected' (its end is a 'Conversation Ended').
  const reachedRef = useRef(false);

  const settle = useCallback(() => {
    movePhase('disconnected');
    // On disconnect the conversation id and signed URL (never kept) are cleared.
    setConversationId(null);
    setSessionPersona(null);
  }, [movePhase]);

  const fail = useCallback(
    (failure: StartFailure, who: Persona) => {
      const [title, description] = failureToast(failure, who);
      toast.error(title, description);
      settle();
    },
    [settle],
  );

  // What start and end share: a new object only when settle is, so neither changes more often.
  const control = useMemo(
    () => ({
      attemptRef,
      sdkBusyRef,
      reachedRef,
      settle,
      fail,
      setSessionPersona,
      setTextOnly,
      setMicProblem,
      setConversationId,
    }),
    [settle, fail],
  );
  return { sessionPersona, textOnly, micProblem, conversationId, control };
}

export type CallControl = ReturnType<typeof useCallState>['control'];
