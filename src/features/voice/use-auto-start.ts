import { useEffect, useRef, useState } from 'react';
import { AUTO_START_DELAY_MS, shouldAutoStart } from './voice-rules';
import type { VoiceSession } from './voice-session';

/**
 * ?voice=true (or an autoStart option) starts a call once, AUTO_START_DELAY_MS after the conditions
 * first hold. A call started or ended by hand in the meantime uses it up: ending a call never
 * starts another.
 */
export function useAutoStart(
  voice: VoiceSession,
  requested: boolean,
  userDataLoaded: boolean,
  onUsed: (() => void) | undefined,
) {
  const [done, setDone] = useState(false);
  const { start, phase } = voice;
  // A call started (or ended) by hand uses the auto-start up: derived while rendering, React's way.
  if (requested && !done && phase !== 'disconnected') setDone(true);
  const ready =
    !done && shouldAutoStart({ requested, phase, userDataLoaded, signedIn: voice.signedIn }) && voice.online;
  const used = useRef(onUsed);
  useEffect(() => {
    used.current = onUsed;
  }, [onUsed]);
  useEffect(() => {
    if (requested && done) used.current?.();
  }, [requested, done]);
  useEffect(() => {
    if (!ready) return;
    const timer = window.setTimeout(() => {
      setDone(true);
      start();
    }, AUTO_START_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready, start]);
}
