import type { useConversation } from '@elevenlabs/react';

// What the voice controller uses of @elevenlabs/react's conversation (types only: the SDK itself
// is loaded lazily by sdk-bridge.tsx).
type Conversation = ReturnType<typeof useConversation>;

export type VoiceSdk = Pick<
  Conversation,
  'startSession' | 'endSession' | 'sendUserMessage' | 'sendFeedback' | 'setMuted' | 'getInputVolume' | 'getOutputVolume'
>;

export type VoiceSdkState = Pick<Conversation, 'isSpeaking' | 'isMuted'>;

export type StartOptions = Parameters<Conversation['startSession']>[0];
