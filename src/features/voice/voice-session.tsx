import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ConversationProvider, useConversation, type Callbacks, type DisconnectionDetails } from '@elevenlabs/react';

type MessagePayload = Parameters<NonNullable<Callbacks['onMessage']>>[0];
import { voiceOrigin } from '../../lib/env';
import { logError } from '../../lib/log';
import { isOnline, needsConnection, useOnline } from '../../lib/online';
import type { Persona } from '../../lib/personas';
import { toast } from '../../lib/toast';
import { refreshVoiceSession, requestSignedUrl } from './api/start-conversation';
import { startSignedIn } from './start-signed-in';
import { guestPrompt, type VoiceContext } from './voice-context';
import {
  CONNECTION_DELAY,
  MAX_TYPED_MESSAGE,
  VoiceStartError,
  failureToast,
  microphoneProblem,
  voiceMessages,
  type StartFailure,
  type VoiceMode,
  type VoicePhase,
} from './voice-rules';
import { useWidgetScript } from './widget-script';

export interface TranscriptLine {
  key: string;
  role: 'user' | 'agent';
  text: string;
  /** The agent response's event id: what feedback is about. */
  eventId?: number | undefined;
}

export interface VoiceSession {
  persona: Persona;
  phase: VoicePhase;
  mode: VoiceMode;
  /** Spec §4's loading flag. */
  busy: boolean;
  /** 0..1: the microphone while listening, the agent's voice while speaking. */
  level: number;
  /** The session goes on in text (the microphone was refused or is missing). */
  textOnly: boolean;
  micProblem: 'refused' | 'unavailable' | null;
  online: boolean;
  signedIn: boolean;
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
}

const VoiceContextReact = createContext<VoiceSession | null>(null);

export interface VoiceProviderProps {
  /** The persona of the page on screen (spec §2); a call keeps the persona it started with. */
  persona: Persona;
  signedIn: boolean;
  userName?: string | null;
  /** Reads the signed-in user's context from the local database. */
  loadContext: () => Promise<VoiceContext>;
  children: ReactNode;
}

/** One voice conversation for the whole app: the page's button and the header's share it. */
export function VoiceProvider(props: VoiceProviderProps) {
  useWidgetScript();
  return (
    <ConversationProvider>
      <VoiceController {...props} />
    </ConversationProvider>
  );
}

function VoiceController({ persona: pagePersona, signedIn, userName, loadContext, children }: VoiceProviderProps) {
  const conversation = useConversation();
  const [phase, setPhase] = useState<VoicePhase>('disconnected');
  const [sessionPersona, setSessionPersona] = useState<Persona | null>(null);
  const [textOnly, setTextOnly] = useState(false);
  const [micProblem, setMicProblem] = useState<'refused' | 'unavailable' | null>(null);
  const [transcript, setTranscript] = useState<TranscriptLine[]>([]);
  const [rated, setRated] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [level, setLevel] = useState(0);
  const online = useOnline();
  const phaseRef = useRef<VoicePhase>('disconnected');
  // Which start is current: an End pressed while the signed URL is on its way cancels that start.
  const attempt = useRef(0);
  const lineCount = useRef(0);
  const persona = sessionPersona ?? pagePersona;

  const movePhase = useCallback((next: VoicePhase) => {
    phaseRef.current = next;
    setPhase(next);
  }, []);

  const addLine = useCallback((role: TranscriptLine['role'], text: string, eventId?: number) => {
    lineCount.current += 1;
    const key = `${lineCount.current}`;
    setTranscript((lines) => [...lines, { key, role, text, eventId }]);
  }, []);

  const fail = useCallback(
    (failure: StartFailure) => {
      const [title, description] = failureToast(failure);
      toast.error(title, description);
      movePhase('disconnected');
      setSessionPersona(null);
    },
    [movePhase],
  );

  const { startSession, endSession } = conversation;

  const start = useCallback(
    (options: { textOnly?: boolean } = {}) => {
      if (phaseRef.current !== 'disconnected') return;
      const who = pagePersona;
      if (!isOnline()) {
        toast.info(needsConnection(`Talking to ${who.name}`));
        return;
      }
      const id = ++attempt.current;
      const current = () => id === attempt.current;
      const text = options.textOnly === true;
      movePhase('connecting');
      setSessionPersona(who);
      setTextOnly(text);
      setTranscript([]);
      setRated(new Map());
      void (async () => {
        if (!text) {
          // Microphone permission first (spec §5): asked before anything goes over the network.
          try {
            const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
            for (const track of stream.getTracks()) track.stop();
            setMicProblem(null);
          } catch (error) {
            if (!current()) return;
            logError('voice: no microphone', error);
            setMicProblem(microphoneProblem(error));
            fail({ kind: 'microphone' });
            return;
          }
        }
        let signedUrl: string;
        let dynamicVariables: Record<string, string> | undefined;
        let prompt: string | undefined;
        if (signedIn) {
          const context = await loadContext();
          const reply = await startSignedIn({
            request: () => requestSignedUrl(who.agentId, context.text),
            refresh: refreshVoiceSession,
            log: (line) => logError(line),
          });
          signedUrl = reply.signedUrl;
          setConversationId(reply.conversationId);
          dynamicVariables = {
            user_name: userName ?? '',
            latest_saved_property: context.latestSavedProperty,
            user_context: context.text,
          };
        } else {
          // A guest talks to the public agent by its id, over the same websocket the SDK would open.
          signedUrl = `${voiceOrigin}/v1/convai/conversation?agent_id=${encodeURIComponent(who.agentId)}`;
          prompt = guestPrompt(who.name, who.role, window.location.pathname === '/' ? 'the home page' : 'a demo page');
        }
        if (!current()) return;
        startSession({
          signedUrl,
          connectionType: 'websocket',
          connectionDelay: { ...CONNECTION_DELAY },
          textOnly: text,
          ...(dynamicVariables ? { dynamicVariables } : {}),
          overrides: {
            ...(prompt ? { agent: { prompt: { prompt } } } : {}),
            conversation: { textOnly: text },
          },
          onConnect: ({ conversationId: connected }: { conversationId: string }) => {
            if (!current()) return;
            setConversationId(connected);
            movePhase('connected');
            const [title, description] = voiceMessages.connected(who);
            toast.success(title, description);
          },
          onDisconnect: (details: DisconnectionDetails) => {
            if (!current()) return;
            const was = phaseRef.current;
            movePhase('disconnected');
            // Spec §4: on disconnect the conversation id and signed URL are cleared.
            setConversationId(null);
            setSessionPersona(null);
            setLevel(0);
            if (details.reason === 'error') {
              logError('voice: disconnected', details.message);
              if (was === 'connected') toast.error(...voiceMessages.connectionError);
            } else {
              toast.success(...voiceMessages.ended(who));
            }
          },
          onMessage: (message: MessagePayload) => {
            if (!current()) return;
            addLine(message.role === 'agent' ? 'agent' : 'user', message.message, message.event_id);
          },
          onError: (message: string, context?: unknown) => {
            // Spec §8: voice service errors are logged; a start that failed clears the loading flag.
            logError(`voice: ${message}`, context);
            if (!current() || phaseRef.current !== 'connecting') return;
            const name = context instanceof Error || context instanceof DOMException ? context.name : '';
            if (name === 'NotAllowedError' || name === 'NotFoundError') {
              setMicProblem(microphoneProblem(context));
              fail({ kind: 'microphone' });
            } else fail({ kind: 'connection' });
          },
        });
      })().catch((error: unknown) => {
        if (!current()) return;
        if (error instanceof VoiceStartError) fail(error.failure);
        else {
          logError('voice: start failed', error);
          fail({ kind: 'other', message: error instanceof Error ? error.message : String(error) });
        }
      });
    },
    [pagePersona, signedIn, userName, loadContext, startSession, movePhase, fail, addLine],
  );

  const end = useCallback(() => {
    const was = phaseRef.current;
    if (was === 'disconnected' || was === 'disconnecting') return;
    if (was === 'connecting') {
      // Nothing is talking yet: cancel the start wherever it is.
      attempt.current += 1;
      endSession();
      movePhase('disconnected');
      setSessionPersona(null);
      setConversationId(null);
      return;
    }
    movePhase('disconnecting');
    endSession();
  }, [endSession, movePhase]);

  const toggle = useCallback(() => {
    if (phaseRef.current === 'disconnected') start();
    else end();
  }, [start, end]);

  // The audio level, read from the SDK's analysers while a voice call is live.
  const { getInputVolume, getOutputVolume, isSpeaking } = conversation;
  useEffect(() => {
    if (phase !== 'connected' || textOnly) return;
    const timer = window.setInterval(() => {
      const value = isSpeaking ? getOutputVolume() : getInputVolume();
      setLevel(Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);
    }, 100);
    return () => window.clearInterval(timer);
  }, [phase, textOnly, isSpeaking, getInputVolume, getOutputVolume]);

  const { sendUserMessage, sendFeedback, setMuted, isMuted } = conversation;
  const sendMessage = useCallback(
    (text: string) => {
      const message = text.trim();
      if (phaseRef.current !== 'connected' || !message || message.length > MAX_TYPED_MESSAGE) return false;
      sendUserMessage(message);
      addLine('user', message);
      return true;
    },
    [sendUserMessage, addLine],
  );

  const rate = useCallback(
    (eventId: number, helpful: boolean) => {
      if (phaseRef.current !== 'connected' || rated.has(eventId)) return;
      sendFeedback(helpful, eventId);
      setRated((previous) => new Map(previous).set(eventId, helpful));
    },
    [rated, sendFeedback],
  );

  const value = useMemo<VoiceSession>(
    () => ({
      persona,
      phase,
      mode: isSpeaking ? 'speaking' : 'listening',
      busy: phase === 'connecting' || phase === 'disconnecting',
      level: phase === 'connected' ? level : 0,
      textOnly,
      micProblem,
      online,
      signedIn,
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
    ],
  );
  return <VoiceContextReact value={value}>{children}</VoiceContextReact>;
}

export function useVoice(): VoiceSession {
  const value = use(VoiceContextReact);
  if (!value) throw new Error('useVoice must be used inside <VoiceProvider>');
  return value;
}
