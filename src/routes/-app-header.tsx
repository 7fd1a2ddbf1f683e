import { SignedInHeader } from '../features/auth/signed-in-header';
import { SyncStatusConnector } from '../features/sync/sync-status-connector';
import { HeaderVoiceButton } from '../features/voice/voice-button';

/** The signed-in header with the user's sync status and the voice chat: the app pages' and the home page's. */
export const AppHeader = () => (
  <SignedInHeader syncStatus={<SyncStatusConnector />} voiceChat={<HeaderVoiceButton />} />
);
