import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '../../features/auth/session';
import { ShareholderAction } from '../../features/shareholder/shareholder-action';
import { CO_FOUNDER_CONTEXT, ShareholderLanding } from '../../features/shareholder/landing-page';
import { PERSONAS } from '../../lib/personas';
import { PageVoiceWidget } from '../../features/voice/page-voice-widget';

export const Route = createFileRoute('/shareholder/')({
  component: function Shareholder() {
    const session = useSession();
    return (
      <ShareholderLanding
        action={<ShareholderAction session={session} />}
        voiceWidget={<PageVoiceWidget agentId={PERSONAS.chloe.agentId} context={CO_FOUNDER_CONTEXT} />}
      />
    );
  },
});
