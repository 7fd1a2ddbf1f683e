import { lazy, Suspense, useCallback, useRef, useState, type ReactNode, type RefObject } from 'react';
import { logError } from '../../lib/log';
import type { VoiceSdk, VoiceSdkState } from './voice-sdk';

const SdkBridge = lazy(() => import('./sdk-bridge'));

export interface VoiceSdkHandle {
  /** The SDK's controls once loaded, else null. */
  ref: RefObject<VoiceSdk | null>;
  /** Whether the agent is speaking and the microphone is muted, as the SDK reports it. */
  state: VoiceSdkState;
  /** Starts loading the SDK (a voice control pointed at, focused or touched). */
  prepare: () => void;
  /** The SDK, loading it first if need be. */
  load: () => Promise<VoiceSdk>;
  setMuted: (muted: boolean) => void;
  /** What mounts the SDK once it is wanted: render it inside the provider. */
  bridge: ReactNode;
}

/** The @elevenlabs/react conversation, loaded on first need: a voice control pointed at, or a start. */
export function useVoiceSdk(): VoiceSdkHandle {
  const [wanted, setWanted] = useState(false);
  const ref = useRef<VoiceSdk | null>(null);
  const waiters = useRef<((sdk: VoiceSdk) => void)[]>([]);
  const [state, setState] = useState<VoiceSdkState>({ isSpeaking: false, isMuted: false });
  const onReady = useCallback((sdk: VoiceSdk) => {
    ref.current = sdk;
    for (const wake of waiters.current.splice(0)) wake(sdk);
  }, []);
  const prepare = useCallback(() => setWanted(true), []);
  const load = useCallback((): Promise<VoiceSdk> => {
    if (ref.current) return Promise.resolve(ref.current);
    setWanted(true);
    return new Promise((resolve) => waiters.current.push(resolve));
  }, []);
  const setMuted = useCallback((muted: boolean) => {
    try {
      ref.current?.setMuted(muted);
    } catch (error) {
      logError('voice: mute not changed', error);
    }
  }, []);
  const bridge = wanted ? (
    <Suspense fallback={null}>
      <SdkBridge onReady={onReady} onState={setState} />
    </Suspense>
  ) : null;
  return { ref, state, prepare, load, setMuted, bridge };
}
