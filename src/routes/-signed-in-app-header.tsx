import { SignedInHeader } from '../features/auth/signed-in-header';
import { SyncStatusConnector } from '../features/sync/sync-status-connector';
import { HeaderVoiceButton } from '../features/voice/header-voice-button';

export default function SignedInAppHeader() {
  return <SignedInHeader syncStatus={<SyncStatusConnector />} voiceChat={<HeaderVoiceButton />} />;
}
