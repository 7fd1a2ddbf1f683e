import { createFileRoute } from '@tanstack/react-router';
import { NormanPage } from '../features/norman/norman-page';
import { VoiceButton } from '../features/voice/voice-button';
import { PERSONAS } from '../lib/personas';
import { PageVoiceWidget } from '../features/voice/page-voice-widget';

export const Route = createFileRoute('/norman')({
  component: function Norman() {
    return (
      <NormanPage
        voice={(caption) => <VoiceButton caption={caption} />}
        widget={<PageVoiceWidget agentId={PERSONAS.norman.agentId} />}
      />
    );
  },
});
