import { useCallback } from 'react';
import { useCallEnd, useEndOnCallerChange } from './use-call-end';
import { useCallStart } from './use-call-start';
import { useCallState, type VoiceCallOptions } from './use-call-state';

export { usePhase, type VoiceCallOptions } from './use-call-state';

/**
 * The call's life: start (microphone, then the signed URL, then the SDK), end (cancelling a start
 * on its way), the toasts that say how it went, and the end of a call whose caller signed out.
 */
export function useVoiceCall(options: VoiceCallOptions) {
  const { phase: phaseState, pagePersona, userId } = options;
  const { phase, ref: phaseRef, move: movePhase } = phaseState;
  const { sessionPersona, textOnly, micProblem, conversationId, control } = useCallState(movePhase);
  const start = useCallStart(options, control);
  const end = useCallEnd(options, control);
  useEndOnCallerChange(phase, userId, end);

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
