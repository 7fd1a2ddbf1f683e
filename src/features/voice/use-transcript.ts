import { useCallback, useRef, useState, type RefObject } from 'react';
import { logError } from '../../lib/log';
import { MAX_TYPED_MESSAGE, type VoicePhase } from './voice-rules';
import type { VoiceSdk } from './voice-sdk';

export interface TranscriptLine {
  key: string;
  role: 'user' | 'agent';
  text: string;
  /** The agent response's event id: what feedback is about. */
  eventId?: number | undefined;
}

/** What was said in the call, what the user typed into it, and the feedback given on the answers. */
export function useTranscript(sdk: RefObject<VoiceSdk | null>, phase: RefObject<VoicePhase>) {
  const [transcript, setTranscript] = useState<TranscriptLine[]>([]);
  const [rated, setRated] = useState<ReadonlyMap<number, boolean>>(new Map());
  const lineCount = useRef(0);

  const addLine = useCallback((role: TranscriptLine['role'], text: string, eventId?: number) => {
    lineCount.current += 1;
    const key = `${lineCount.current}`;
    setTranscript((lines) => [...lines, { key, role, text, eventId }]);
  }, []);

  /** A new call starts with an empty transcript. */
  const clear = useCallback(() => {
    setTranscript([]);
    setRated(new Map());
  }, []);

  const sendMessage = useCallback(
    (text: string) => {
      const message = text.trim();
      if (phase.current !== 'connected' || !message || message.length > MAX_TYPED_MESSAGE) return false;
      try {
        if (!sdk.current) return false;
        sdk.current.sendUserMessage(message);
      } catch (error) {
        // The service hung up a moment ago; onDisconnect is on its way.
        logError('voice: message not sent', error);
        return false;
      }
      addLine('user', message);
      return true;
    },
    [sdk, phase, addLine],
  );

  const rate = useCallback(
    (eventId: number, helpful: boolean) => {
      if (phase.current !== 'connected' || rated.has(eventId)) return;
      try {
        sdk.current?.sendFeedback(helpful, eventId);
      } catch (error) {
        logError('voice: feedback not sent', error);
        return;
      }
      setRated((previous) => new Map(previous).set(eventId, helpful));
    },
    [sdk, phase, rated],
  );

  return { transcript, rated, addLine, clear, sendMessage, rate };
}
