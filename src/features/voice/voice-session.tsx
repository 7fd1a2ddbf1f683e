import { createContext, use, useCallback, useState, type ReactNode } from 'react';
import { useOnline } from '../../lib/online';
import type { Persona } from '../../lib/personas';
import { useSessionValue, type VoiceSession } from './session-value';
import { useCallLevel } from './use-call-level';
import { useTranscript } from './use-transcript';
import { usePhase, useVoiceCall } from './use-voice-call';
import { useVoiceSdk } from './use-voice-sdk';
import type { VoiceContext } from './voice-context';
import { useWidgetScript } from './widget-script';

export type { TranscriptLine } from './use-transcript';
export type { VoiceSession } from './session-value';

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
  const { isSpeaking } = sdk.state;
  const level = useCallLevel(sdk.ref, { connected: phase === 'connected', textOnly: call.textOnly, isSpeaking });
  const online = useOnline();
  const [controls, setControls] = useState(0);
  const registerControl = useCallback(() => {
    setControls((n) => n + 1);
    return () => setControls((n) => n - 1);
  }, []);
  const value = useSessionValue({
    call,
    sdk,
    lines,
    phase,
    level,
    online,
    signedIn,
    sessionKnown,
    controls,
    registerControl,
  });
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
