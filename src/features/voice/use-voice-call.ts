import { useCallback, useEffect, useRef, useState } from 'react';
import { logError } from '../../lib/log';
import { isOnline } from '../../lib/online';
import type { Persona } from '../../lib/personas';
import { toastLater as toast } from '../../lib/toast-later';
import { callEvents } from './call-events';
import { callTarget } from './call-target';
import type { TranscriptLine } from './use-transcript';
import type { VoiceContext } from './voice-context';
import {
  callNeedsConnection,
  CONNECTION_DELAY,
  VoiceStartError,
  failureToast,
  microphoneProblem,
  type StartFailure,
  type VoicePhase,
} from './voice-rules';
import type { VoiceSdkHandle } from './use-voice-sdk';

const DISCONNECT_TIMEOUT_MS = 5000;

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

/**
 * The call's life: start (microphone, then the signed URL, then the SDK), end (cancelling a start
 * on its way), the toasts that say how it went, and the end of a call whose caller signed out.
 */
export function useVoiceCall({
  phase: { phase, ref: phaseRef, move: movePhase },
  sdk,
  transcript: { addLine, clear: clearTranscript },
  pagePersona,
  signedIn,
  sessionKnown,
  userId,
  userName,
  loadContext,
}: VoiceCallOptions) {
  const [sessionPersona, setSessionPersona] = useState<Persona | null>(null);
  const [textOnly, setTextOnly] = useState(false);
  const [micProblem, setMicProblem] = useState<'refused' | 'unavailable' | null>(null);
  const [conversationId, setConversationId] = useState<string | null>(null);
  // Which start is current: an End pressed while the signed URL is on its way cancels that start.
  const attempt = useRef(0);
  // Whether the SDK holds a start of ours (from startSession until it connects, fails or ends):
  // while it does, the SDK ignores another startSession, so End must go through the SDK.
  const sdkBusy = useRef(false);
  // Whether the current attempt reached 'connected' (its end is a 'Conversation Ended').
  const reached = useRef(false);
  const { ref: sdkRef, load: loadSdk } = sdk;

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

  const start = useCallback(
    (options: { textOnly?: boolean } = {}) => {
      if (phaseRef.current !== 'disconnected' || sdkBusy.current || !sessionKnown) return;
      const who = pagePersona;
      if (!isOnline()) {
        toast.info(callNeedsConnection(who.name));
        return;
      }
      const id = ++attempt.current;
      const current = () => id === attempt.current;
      const text = options.textOnly === true;
      reached.current = false;
      movePhase('connecting');
      setSessionPersona(who);
      setTextOnly(text);
      clearTranscript();
      void (async () => {
        if (!text) {
          // Microphone permission first: asked before anything goes over the network.
          try {
            const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
            for (const track of stream.getTracks()) track.stop();
            if (!current()) return;
            setMicProblem(null);
          } catch (error) {
            if (!current()) return;
            logError('voice: no microphone', error);
            setMicProblem(microphoneProblem(error));
            fail({ kind: 'microphone' }, who);
            return;
          }
        }
        const target = await callTarget(who, { signedIn, userName, loadContext, current });
        if (!target || !current()) return;
        if (target.conversationId !== undefined) setConversationId(target.conversationId);
        const { signedUrl, dynamicVariables, prompt } = target;
        const sdk = await loadSdk();
        if (!current()) return;
        sdkBusy.current = true;
        sdk.startSession({
          signedUrl,
          connectionType: 'websocket',
          connectionDelay: { ...CONNECTION_DELAY },
          textOnly: text,
          ...(dynamicVariables ? { dynamicVariables } : {}),
          overrides: {
            ...(prompt ? { agent: { prompt: { prompt } } } : {}),
            conversation: { textOnly: text },
          },
          ...callEvents({
            who,
            current,
            phase: () => phaseRef.current,
            released: () => {
              sdkBusy.current = false;
            },
            reached,
            connected: (connected) => {
              setConversationId(connected);
              movePhase('connected');
            },
            settle,
            fail,
            setMicProblem,
            addLine,
          }),
        });
      })().catch((error: unknown) => {
        if (!current()) return;
        if (error instanceof VoiceStartError) {
          if (error.failure.kind === 'session-expired') logError(`voice: ${error.failure.detail}`);
          fail(error.failure, who);
        } else {
          logError('voice: start failed', error);
          fail({ kind: 'other', message: error instanceof Error ? error.message : String(error) }, who);
        }
      });
    },
    [
      pagePersona,
      signedIn,
      sessionKnown,
      userName,
      loadContext,
      loadSdk,
      phaseRef,
      movePhase,
      fail,
      settle,
      addLine,
      clearTranscript,
    ],
  );

  const end = useCallback(() => {
    const was = phaseRef.current;
    if (was === 'disconnected' || was === 'disconnecting') return;
    if (was === 'connecting' && !sdkBusy.current) {
      // Still asking for the microphone or the signed URL: cancel the start where it is.
      attempt.current += 1;
      settle();
      return;
    }
    // The SDK has the call (or its start): it ends it and says so through onDisconnect/onStatusChange.
    movePhase('disconnecting');
    sdkRef.current?.endSession();
  }, [phaseRef, movePhase, settle, sdkRef]);

  // Never stuck in 'disconnecting': a teardown that does not report back within 5 s counts as done.
  useEffect(() => {
    if (phase !== 'disconnecting') return;
    const timer = window.setTimeout(() => {
      if (phaseRef.current !== 'disconnecting') return;
      logError('voice: the call did not report its end; treating it as ended');
      attempt.current += 1;
      sdkBusy.current = false;
      settle();
    }, DISCONNECT_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [phase, phaseRef, settle]);

  // A call belongs to whoever started it: signing out (or in as someone else) ends it.
  const startedBy = useRef<string | null>(null);
  useEffect(() => {
    if (phase === 'connecting' && startedBy.current === null) startedBy.current = userId ?? '';
    if (phase === 'disconnected') startedBy.current = null;
  }, [phase, userId]);
  useEffect(() => {
    if (startedBy.current !== null && startedBy.current !== (userId ?? '')) end();
  }, [userId, end]);

  const toggle = useCallback(() => {
    if (phaseRef.current === 'disconnected') start();
    else end();
  }, [phaseRef, start, end]);

  return {
    persona: sessionPersona ?? pagePersona,
    textOnly,
    micProblem,
    conversationId,
    start,
    end,
    toggle,
  };
}
