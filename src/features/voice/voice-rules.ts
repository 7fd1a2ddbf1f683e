import { needsConnection } from '../../lib/online';
import type { Persona } from '../../lib/personas';

// The voice assistant's rules and words (docs/product/voice.md), kept apart from React so each can
// be tested alone.

/** The voice limits: docs/product/limits.md#voice. */
export const AUTO_START_DELAY_MS = 1000;
export const MAX_AUTH_RETRIES = 2;
/** Passed to the SDK: Android's audio needs time to switch modes. */
export const CONNECTION_DELAY = { default: 0, android: 3000 } as const;
/** The local voice service and the function refuse longer typed messages. */
export const MAX_TYPED_MESSAGE = 2000;

/** The connection as the button shows it (the SDK alone has no 'disconnecting' state). */
export type VoicePhase = 'disconnected' | 'connecting' | 'connected' | 'disconnecting';
export type VoiceMode = 'listening' | 'speaking';

/** The button's label in each state (docs/product/voice.md#button). */
export function voiceButtonLabel(phase: VoicePhase, mode: VoiceMode, persona: string): string {
  switch (phase) {
    case 'disconnected':
      return `Talk to ${persona}`;
    case 'connecting':
      return 'Connecting...';
    case 'connected':
      return mode === 'speaking' ? `${persona} is speaking...` : 'End Voice Call';
    case 'disconnecting':
      return 'End Voice Call';
  }
}

/** 'Talking to Chloe needs an internet connection. …': what the voice controls say offline. */
export const callNeedsConnection = (name: string) => needsConnection(`Talking to ${name}`);

/** The loading flag: set while a start or a stop is under way. */
export const isVoiceBusy = (phase: VoicePhase) => phase === 'connecting' || phase === 'disconnecting';

/** ?voice=true (or autoStart) starts a call once, when all these hold (docs/product/voice.md#auto-start). */
export function shouldAutoStart(input: {
  requested: boolean;
  phase: VoicePhase;
  userDataLoaded: boolean;
  signedIn: boolean;
}): boolean {
  return input.requested && input.phase === 'disconnected' && input.userDataLoaded && input.signedIn;
}

/** The voice toasts, word for word (docs/product/messages.md#voice), in the page persona's name. */
export const voiceMessages = {
  connected: (persona: Persona) =>
    [
      `Connected to ${persona.name}`,
      persona.role === 'operations'
        ? 'You can now talk to your AI operations assistant'
        : 'You can now talk to your AI property assistant',
    ] as const,
  connectionError: ['Connection Error', 'Failed to connect to voice service'] as const,
  notSignedIn: ['Authentication Required', 'Please sign in to use Chloe'] as const,
  retriesExhausted: ['Authentication Error', 'Please refresh the page and try signing in again'] as const,
  startFailedTitle: 'Failed to Start',
  sessionExpired: 'Your session has expired. Please sign in again.',
  microphone: 'Microphone access is required. Please allow microphone access and try again.',
  ended: (persona: Persona) => ['Conversation Ended', `Voice chat with ${persona.name} has been ended`] as const,
  refreshFailed: 'Please sign in again',
  noSessionAfterRefresh: 'No session after refresh',
  noSignedUrl: 'No signed URL received from server',
  /** A demo or agent page's failed start (destructive): those pages' own words. */
  demoFailure: ['Error starting conversation', 'Please check your microphone permissions and try again.'] as const,
};

/** The demo and agent pages' assistants (docs/product/voice.md#personas, Chloe and Norman aside). */
export const isDemoPersona = (persona: Pick<Persona, 'id' | 'role'>) =>
  persona.role === 'property' && persona.id !== 'chloe';

/** Why a start failed, as the button tells it. */
export type StartFailure =
  | { kind: 'microphone' }
  | { kind: 'not-signed-in' }
  | { kind: 'session-expired'; detail: string }
  | { kind: 'retries-exhausted' }
  | { kind: 'connection' }
  | { kind: 'other'; message: string };

export class VoiceStartError extends Error {
  constructor(readonly failure: StartFailure) {
    super(failure.kind === 'other' ? failure.message : failure.kind);
    this.name = 'VoiceStartError';
  }
}

/** The toast for a failed start: [title, description]; a demo page says its own words for a failed start. */
export function failureToast(failure: StartFailure, persona?: Pick<Persona, 'id' | 'role'>): readonly [string, string] {
  if (persona && isDemoPersona(persona) && (failure.kind === 'microphone' || failure.kind === 'connection')) {
    return voiceMessages.demoFailure;
  }
  switch (failure.kind) {
    case 'microphone':
      return [voiceMessages.startFailedTitle, voiceMessages.microphone];
    case 'not-signed-in':
      return voiceMessages.notSignedIn;
    case 'session-expired':
      return [voiceMessages.startFailedTitle, voiceMessages.sessionExpired];
    case 'retries-exhausted':
      return voiceMessages.retriesExhausted;
    case 'connection':
      return voiceMessages.connectionError;
    case 'other':
      return [voiceMessages.startFailedTitle, failure.message];
  }
}

/** A failed getUserMedia: refused (by the person or a policy) versus no microphone at all. */
export function microphoneProblem(error: unknown): 'refused' | 'unavailable' {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError'
    ? 'refused'
    : 'unavailable';
}
