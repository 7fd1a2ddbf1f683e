import { useEffect } from 'react';
import { ConversationProvider, useConversation } from '@elevenlabs/react';
import type { VoiceSdk, VoiceSdkState } from './voice-sdk';

// The @elevenlabs/react conversation, loaded only when the app first needs voice: the SDK (with
// the WebRTC client it bundles) is a third of the app's JavaScript, and most pages never call.

type BridgeProps = {
  /** The SDK's controls, once mounted (stable for the provider's life). */
  onReady: (sdk: VoiceSdk) => void;
  /** The SDK's speaking and mute state, as it changes. */
  onState: (state: VoiceSdkState) => void;
};

export default function SdkBridge(props: BridgeProps) {
  return (
    <ConversationProvider>
      <Bridge {...props} />
    </ConversationProvider>
  );
}

function Bridge({ onReady, onState }: BridgeProps) {
  const conversation = useConversation();
  const {
    startSession,
    endSession,
    sendUserMessage,
    sendFeedback,
    setMuted,
    getInputVolume,
    getOutputVolume,
    isSpeaking,
    isMuted,
  } = conversation;
  useEffect(() => {
    onReady({ startSession, endSession, sendUserMessage, sendFeedback, setMuted, getInputVolume, getOutputVolume });
  }, [onReady, startSession, endSession, sendUserMessage, sendFeedback, setMuted, getInputVolume, getOutputVolume]);
  useEffect(() => {
    onState({ isSpeaking, isMuted });
  }, [onState, isSpeaking, isMuted]);
  return null;
}
