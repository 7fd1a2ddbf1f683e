import {
  createContext,
  lazy,
  Suspense,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { Callbacks, DisconnectionDetails } from '@elevenlabs/react';

type MessagePayload = Parameters<NonNullable<Callbacks['onMessage']>>[0];
import { voiceOrigin } from '../../lib/env';
import { logError } from '../../lib/log';
import { isOnline, needsConnection, useOnline } from '../../lib/online';

/** 'Talking to Chloe needs an internet connection. …' */
const callNeedsConnection = (name: string) => needsConnection(`Talking to ${name}`);
import { clearNormanPass, normanPass } from '../../lib/norman-pass';
import type { Persona } from '../../lib/personas';
import { toastLater as toast } from '../../lib/toast-later';
import { guestPrompt, type VoiceContext } from './voice-context';
import {
  CONNECTION_DELAY,
  MAX_TYPED_MESSAGE,
  VoiceStartError,
  failureToast,
  isVoiceBusy,
  microphoneProblem,
  voiceMessages,
  type StartFailure,
  type VoiceMode,
  type VoicePhase,
} from './voice-rules';
import type { VoiceSdk, VoiceSdkState } from './voice-sdk';
import { useWidgetScript } from './widget-script';

const SdkBridge = lazy(() => import('./sdk-bridge'));

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

const DISCONNECT_TIMEOUT_MS = 5000;

/** The function's words for a pass that ran out, also used when this device already knows it has. */
const NORMAN_PASS_EXPIRED = 'Your access to Norman has expired. Enter the password again.';

/** Where a guest is, for the agent's prompt. */
const pageName = (pathname: string) =>
  pathname === '/' || pathname === '/conversation' ? 'the home page' : `the page ${pathname}`;

export interface VoiceProviderProps {
  /** The persona of the page on screen (spec §2); a call keeps the persona it started with. */
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
  // The SDK, loaded on first need: a voice control pointed at, focused or touched, or a start.
  const [wantSdk, setWantSdk] = useState(false);
  const sdkRef = useRef<VoiceSdk | null>(null);
  const sdkWaiters = useRef<((sdk: VoiceSdk) => void)[]>([]);
  const [sdkState, setSdkState] = useState<VoiceSdkState>({ isSpeaking: false, isMuted: false });
  const onSdkReady = useCallback((sdk: VoiceSdk) => {
    sdkRef.current = sdk;
    for (const wake of sdkWaiters.current.splice(0)) wake(sdk);
  }, []);
  const prepare = useCallback(() => setWantSdk(true), []);
  const loadSdk = useCallback((): Promise<VoiceSdk> => {
    if (sdkRef.current) return Promise.resolve(sdkRef.current);
    setWantSdk(true);
    return new Promise((resolve) => sdkWaiters.current.push(resolve));
  }, []);
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
  const [controls, setControls] = useState(0);
  const registerControl = useCallback(() => {
    setControls((n) => n + 1);
    return () => setControls((n) => n - 1);
  }, []);

  const movePhase = useCallback((next: VoicePhase) => {
    phaseRef.current = next;
    setPhase(next);
  }, []);

  const addLine = useCallback((role: TranscriptLine['role'], text: string, eventId?: number) => {
    lineCount.current += 1;
    const key = `${lineCount.current}`;
    setTranscript((lines) => [...lines, { key, role, text, eventId }]);
  }, []);

  // Whether the SDK holds a start of ours (from startSession until it connects, fails or ends):
  // while it does, the SDK ignores another startSession, so End must go through the SDK.
  const sdkBusy = useRef(false);
  // Whether the current attempt reached 'connected' (its end is a 'Conversation Ended').
  const reached = useRef(false);

  const settle = useCallback(() => {
    movePhase('disconnected');
    // Spec §4: on disconnect the conversation id and signed URL (never kept) are cleared.
    setConversationId(null);
    setSessionPersona(null);
    setLevel(0);
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
      setTranscript([]);
      setRated(new Map());
      void (async () => {
        if (!text) {
          // Microphone permission first (spec §5): asked before anything goes over the network.
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
        let signedUrl: string;
        let dynamicVariables: Record<string, string> | undefined;
        let prompt: string | undefined;
        // The client's stored session decides, not the page's state (a moment behind after a reload).
        // The server calls (and supabase-js with them) arrive with the first call, not the first page.
        const { hasUserSession, refreshVoiceSession, requestSignedUrl, startSignedIn } = await import('./start-call');
        const asUser = who.role !== 'operations' && (signedIn || (await hasUserSession()));
        if (!current()) return;
        if (who.role === 'operations') {
          // Norman's agent is private: the pass from the norman-access function, not a user, opens it.
          const pass = normanPass();
          if (!pass) {
            clearNormanPass(NORMAN_PASS_EXPIRED);
            throw new VoiceStartError({ kind: 'other', message: NORMAN_PASS_EXPIRED });
          }
          const reply = await requestSignedUrl(who.agentId, '', { normanPass: pass.pass });
          if (!current()) return;
          if (!reply.ok) {
            if (reply.kind === 'norman-pass') clearNormanPass(reply.message);
            throw new VoiceStartError(
              reply.kind === 'network' ? { kind: 'connection' } : { kind: 'other', message: reply.message },
            );
          }
          signedUrl = reply.signedUrl;
          setConversationId(reply.conversationId);
        } else if (asUser) {
          const context = await loadContext();
          if (!current()) return;
          const reply = await startSignedIn({
            request: () => requestSignedUrl(who.agentId, context.text),
            refresh: refreshVoiceSession,
            log: (line) => logError(line),
          });
          if (!current()) return;
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
          prompt = guestPrompt(who.name, who.role, pageName(window.location.pathname));
        }
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
          onConnect: ({ conversationId: connected }: { conversationId: string }) => {
            sdkBusy.current = false;
            if (!current()) return;
            reached.current = true;
            setConversationId(connected);
            movePhase('connected');
            const [title, description] = voiceMessages.connected(who);
            toast.success(title, description);
          },
          onStatusChange: ({ status }: { status: string }) => {
            if (status !== 'disconnected') return;
            sdkBusy.current = false;
            // A start ended before it connected (cancelled, or refused without an error callback).
            if (current() && !reached.current && phaseRef.current !== 'disconnected') settle();
          },
          onDisconnect: (details: DisconnectionDetails) => {
            sdkBusy.current = false;
            if (!current()) return;
            const was = phaseRef.current;
            settle();
            if (details.reason === 'error') {
              logError('voice: disconnected', details.message);
              if (was === 'connected') toast.error(...voiceMessages.connectionError);
            } else if (reached.current) {
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
            sdkBusy.current = false;
            const name = context instanceof Error || context instanceof DOMException ? context.name : '';
            if (name === 'NotAllowedError' || name === 'NotFoundError' || name === 'NotReadableError') {
              setMicProblem(microphoneProblem(context));
              fail({ kind: 'microphone' }, who);
            } else fail({ kind: 'connection' }, who);
          },
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
    [pagePersona, signedIn, sessionKnown, userName, loadContext, loadSdk, movePhase, fail, settle, addLine],
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
  }, [movePhase, settle]);

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
  }, [phase, settle]);

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
  }, [start, end]);

  // The audio level, read from the SDK's analysers while a voice call is live.
  const { isSpeaking, isMuted } = sdkState;
  useEffect(() => {
    if (phase !== 'connected' || textOnly) return;
    const timer = window.setInterval(() => {
      const sdk = sdkRef.current;
      const value = sdk ? (isSpeaking ? sdk.getOutputVolume() : sdk.getInputVolume()) : 0;
      // Rounded, so a steady level does not re-render everything that reads the session.
      const next = Number.isFinite(value) ? Math.round(Math.min(1, Math.max(0, value)) * 20) / 20 : 0;
      setLevel((previous) => (previous === next ? previous : next));
    }, 100);
    return () => window.clearInterval(timer);
  }, [phase, textOnly, isSpeaking]);

  const setMuted = useCallback((muted: boolean) => {
    try {
      sdkRef.current?.setMuted(muted);
    } catch (error) {
      logError('voice: mute not changed', error);
    }
  }, []);
  const sendMessage = useCallback(
    (text: string) => {
      const message = text.trim();
      if (phaseRef.current !== 'connected' || !message || message.length > MAX_TYPED_MESSAGE) return false;
      try {
        if (!sdkRef.current) return false;
        sdkRef.current.sendUserMessage(message);
      } catch (error) {
        // The service hung up a moment ago; onDisconnect is on its way.
        logError('voice: message not sent', error);
        return false;
      }
      addLine('user', message);
      return true;
    },
    [addLine],
  );

  const rate = useCallback(
    (eventId: number, helpful: boolean) => {
      if (phaseRef.current !== 'connected' || rated.has(eventId)) return;
      try {
        sdkRef.current?.sendFeedback(helpful, eventId);
      } catch (error) {
        logError('voice: feedback not sent', error);
        return;
      }
      setRated((previous) => new Map(previous).set(eventId, helpful));
    },
    [rated],
  );

  const value = useMemo<VoiceSession>(
    () => ({
      persona,
      phase,
      mode: isSpeaking ? 'speaking' : 'listening',
      busy: isVoiceBusy(phase),
      level: phase === 'connected' ? level : 0,
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
      {wantSdk ? (
        <Suspense fallback={null}>
          <SdkBridge onReady={onSdkReady} onState={setSdkState} />
        </Suspense>
      ) : null}
    </VoiceContextReact>
  );
}

export function useVoice(): VoiceSession {
  const value = use(VoiceContextReact);
  if (!value) throw new Error('useVoice must be used inside <VoiceProvider>');
  return value;
}
