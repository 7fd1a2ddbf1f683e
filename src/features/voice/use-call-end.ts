import { useCallback, useEffect, useRef } from 'react';
import { logError } from '../../lib/log';
import type { CallControl, VoiceCallOptions } from './use-call-state';
import type { VoicePhase } from './voice-rules';

const DISCONNECT_TIMEOUT_MS = 5000;

/** End: cancels a start still on its way, else has the SDK end the call. */
export function useCallEnd(options: VoiceCallOptions, { attemptRef, sdkBusyRef, settle }: CallControl) {
  const { phase, ref: phaseRef, move: movePhase } = options.phase;
  const sdkRef = options.sdk.ref;
  const end = useCallback(() => {
    const was = phaseRef.current;
    if (was === 'disconnected' || was === 'disconnecting') return;
    if (was === 'connecting' && !sdkBusyRef.current) {
      // Still asking for the microphone or the signed URL: cancel the start where it is.
      attemptRef.current += 1;
      settle();
      return;
    }
    // The SDK has the call (or its start): it ends it and says so through onDisconnect/onStatusChange.
    movePhase('disconnecting');
    sdkRef.current?.endSession();
  }, [phaseRef, movePhase, sdkBusyRef, attemptRef, settle, sdkRef]);

  // Never stuck in 'disconnecting': a teardown that does not report back within 5 s counts as done.
  useEffect(() => {
    if (phase !== 'disconnecting') return;
    const timer = window.setTimeout(() => {
      if (phaseRef.current !== 'disconnecting') return;
      logError('voice: the call did not report its end; treating it as ended');
      attemptRef.current += 1;
      sdkBusyRef.current = false;
      settle();
    }, DISCONNECT_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [phase, phaseRef, attemptRef, sdkBusyRef, settle]);

  return end;
}

/** A call belongs to whoever started it: signing out (or in as someone else) ends it. */
export function useEndOnCallerChange(phase: VoicePhase, userId: string | null | undefined, end: () => void) {
  const startedBy = useRef<string | null>(null);
  useEffect(() => {
    if (phase === 'connecting' && startedBy.current === null) startedBy.current = userId ?? '';
    if (phase === 'disconnected') startedBy.current = null;
  }, [phase, userId]);
  useEffect(() => {
    if (startedBy.current !== null && startedBy.current !== (userId ?? '')) end();
  }, [userId, end]);
}
