import { useCallback, type RefObject } from 'react';
import { logError } from '../../lib/log';
import { isOnline } from '../../lib/online';
import type { Persona } from '../../lib/personas';
import { toastLater as toast } from '../../lib/toast-later';
import { callEvents } from './call-events';
import { callTarget, type CallTargetOptions } from './call-target';
import type { CallControl, VoiceCallOptions } from './use-call-state';
import {
  callNeedsConnection,
  CONNECTION_DELAY,
  microphoneProblem,
  VoiceStartError,
  type VoicePhase,
} from './voice-rules';
import type { VoiceSdk } from './voice-sdk';

/** One start on its way: who it is with, and what it reports to. */
interface CallRun {
  who: Persona;
  text: boolean;
  /** Whether this start is still the current one (End, or a newer start, overtakes it). */
  current: () => boolean;
  phaseRef: RefObject<VoicePhase>;
  movePhase: (next: VoicePhase) => void;
  loadSdk: () => Promise<VoiceSdk>;
  addLine: VoiceCallOptions['transcript']['addLine'];
  control: CallControl;
}

/** Start: a call with the page's persona, in voice or (asked for) in text. */
export function useCallStart(options: VoiceCallOptions, control: CallControl) {
  const { pagePersona, signedIn, sessionKnown, userName, loadContext } = options;
  const { ref: phaseRef, move: movePhase } = options.phase;
  const { addLine, clear: clearTranscript } = options.transcript;
  const loadSdk = options.sdk.load;
  return useCallback(
    (startOptions: { textOnly?: boolean } = {}) => {
      const { attemptRef, sdkBusyRef, reachedRef } = control;
      if (phaseRef.current !== 'disconnected' || sdkBusyRef.current || !sessionKnown) return;
      const who = pagePersona;
      if (!isOnline()) {
        toast.info(callNeedsConnection(who.name));
        return;
      }
      const id = ++attemptRef.current;
      const current = () => id === attemptRef.current;
      const text = startOptions.textOnly === true;
      reachedRef.current = false;
      movePhase('connecting');
      control.setSessionPersona(who);
      control.setTextOnly(text);
      clearTranscript();
      const run: CallRun = { who, text, current, phaseRef, movePhase, loadSdk, addLine, control };
      void runCall(run, { signedIn, userName, loadContext }).catch((error: unknown) => {
        if (current()) startFailed(error, who, control.fail);
      });
    },
    [
      pagePersona,
      signedIn,
      sessionKnown,
      userName,
      loadContext,
      loadSdk,
      phaseRef,
      movePhase,
      addLine,
      clearTranscript,
      control,
    ],
  );
}

/** The microphone, then the signed URL, then the SDK: each step gives way to an End meanwhile. */
async function runCall(run: CallRun, target: Omit<CallTargetOptions, 'current'>) {
  const { who, text, current, control } = run;
  if (!text && !(await microphoneReady(run))) return;
  const found = await callTarget(who, { ...target, current });
  if (!found || !current()) return;
  if (found.conversationId !== undefined) control.setConversationId(found.conversationId);
  const { signedUrl, dynamicVariables, prompt } = found;
  const sdk = await run.loadSdk();
  if (!current()) return;
  control.sdkBusyRef.current = true;
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
    ...callEvents({
      who,
      current,
      phase: () => run.phaseRef.current,
      released: () => {
        control.sdkBusyRef.current = false;
      },
      reached: control.reachedRef,
      connected: (connected) => {
        control.setConversationId(connected);
        run.movePhase('connected');
      },
      settle: control.settle,
      fail: control.fail,
      setMicProblem: control.setMicProblem,
      addLine: run.addLine,
    }),
  });
}

/** Microphone permission first: asked before anything goes over the network. */
async function microphoneReady({ who, current, control }: CallRun): Promise<boolean> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    for (const track of stream.getTracks()) track.stop();
    if (!current()) return false;
    control.setMicProblem(null);
    return true;
  } catch (error) {
    if (!current()) return false;
    logError('voice: no microphone', error);
    control.setMicProblem(microphoneProblem(error));
    control.fail({ kind: 'microphone' }, who);
    return false;
  }
}

/** A start that threw: what the toast says, and what the log keeps. */
function startFailed(error: unknown, who: Persona, fail: CallControl['fail']) {
  if (error instanceof VoiceStartError) {
    if (error.failure.kind === 'session-expired') logError(`voice: ${error.failure.detail}`);
    fail(error.failure, who);
  } else {
    logError('voice: start failed', error);
    fail({ kind: 'other', message: error instanceof Error ? error.message : String(error) }, who);
  }
}
