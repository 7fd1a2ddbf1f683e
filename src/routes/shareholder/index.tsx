import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '../../features/auth/session';
import { ShareholderAction } from '../../features/shareholder/shareholder-action';
import { ShareholderLanding } from '../../features/shareholder/landing-page';

export const Route = createFileRoute('/shareholder/')({
  component: function Shareholder() {
    const session = useSession();
    return <ShareholderLanding action={<ShareholderAction session={session} />} />;
  },
});
