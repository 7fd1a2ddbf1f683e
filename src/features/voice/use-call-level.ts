import { useEffect, useState, type RefObject } from 'react';
import type { VoiceSdk } from './voice-sdk';

/**
 * 0..1, read from the SDK's analysers while a voice call is live: the microphone while listening,
 * the agent's voice while speaking. 0 outside a call and in a call by text.
 */
export function useCallLevel(
  sdk: RefObject<VoiceSdk | null>,
  { connected, textOnly, isSpeaking }: { connected: boolean; textOnly: boolean; isSpeaking: boolean },
): number {
  const [level, setLevel] = useState(0);
  // A call that ended starts the next one from silence (adjusted while rendering, React's way).
  const [wasConnected, setWasConnected] = useState(connected);
  if (wasConnected !== connected) {
    setWasConnected(connected);
    if (!connected) setLevel(0);
  }
  useEffect(() => {
    if (!connected || textOnly) return;
    const timer = window.setInterval(() => {
      const current = sdk.current;
      const value = current ? (isSpeaking ? current.getOutputVolume() : current.getInputVolume()) : 0;
      // Rounded, so a steady level does not re-render everything that reads the session.
      const next = Number.isFinite(value) ? Math.round(Math.min(1, Math.max(0, value)) * 20) / 20 : 0;
      setLevel((previous) => (previous === next ? previous : next));
    }, 100);
    return () => window.clearInterval(timer);
  }, [sdk, connected, textOnly, isSpeaking]);
  return connected ? level : 0;
}
