import type { Callbacks, DisconnectionDetails } from '@elevenlabs/react';
import { logError } from '../../lib/log';
import type { Persona } from '../../lib/personas';
import { toastLater as toast } from '../../lib/toast-later';
import type { TranscriptLine } from './use-transcript';
import { microphoneProblem, voiceMessages, type StartFailure, type VoicePhase } from './voice-rules';

type MessagePayload = Parameters<NonNullable<Callbacks['onMessage']>>[0];

export interface CallEventsContext {
  /** Who the call is with. */
  who: Persona;
  /** Whether this start is still the current one (End, or a newer start, overtakes it). */
  current: () => boolean;
  /** The phase now. */
  phase: () => VoicePhase;
  /** The SDK no longer holds this start (it connected, failed or ended). */
  released: () => void;
  /** Whether this call reached 'connected': its end is then a 'Conversation Ended'. */
  reached: { current: boolean };
  connected: (conversationId: string) => void;
  settle: () => void;
  fail: (failure: StartFailure, who: Persona) => void;
  setMicProblem: (problem: 'refused' | 'unavailable') => void;
  addLine: (role: TranscriptLine['role'], text: string, eventId?: number) => void;
}

/** What the SDK tells of a call it started: connected, ended, a line said, an error, and the toasts. */
export function callEvents({
  who,
  current,
  phase,
  released,
  reached,
  connected,
  settle,
  fail,
  setMicProblem,
  addLine,
}: CallEventsContext) {
  return {
    onConnect: ({ conversationId }: { conversationId: string }) => {
      released();
      if (!current()) return;
      reached.current = true;
      connected(conversationId);
      const [title, description] = voiceMessages.connected(who);
      toast.success(title, description);
    },
    onStatusChange: ({ status }: { status: string }) => {
      if (status !== 'disconnected') return;
      released();
      // A start ended before it connected (cancelled, or refused without an error callback).
      if (current() && !reached.current && phase() !== 'disconnected') settle();
    },
    onDisconnect: (details: DisconnectionDetails) => {
      released();
      if (!current()) return;
      const was = phase();
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
      // Voice service errors are logged; a start that failed clears the loading flag.
      logError(`voice: ${message}`, context);
      if (!current() || phase() !== 'connecting') return;
      released();
      const name = context instanceof Error || context instanceof DOMException ? context.name : '';
      if (name === 'NotAllowedError' || name === 'NotFoundError' || name === 'NotReadableError') {
        setMicProblem(microphoneProblem(context));
        fail({ kind: 'microphone' }, who);
      } else fail({ kind: 'connection' }, who);
    },
  };
}
