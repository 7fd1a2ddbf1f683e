import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '../../features/auth/session';
import { SignOutButton } from '../../features/auth/sign-out-button';
import { SubscribePage } from '../../features/shareholder/subscribe-page';
import { SyncStatusConnector } from '../../features/sync/sync-status-connector';

// Not behind the guard: a signed-out visitor gets the spec's 'Authentication Required' card.
export const Route = createFileRoute('/shareholder/subscribe')({
  component: function Subscribe() {
    const session = useSession();
    return (
      <SubscribePage
        session={{ status: session.status, email: session.user?.email }}
        signOut={<SignOutButton redirectTo="/shareholder" />}
        syncStatus={<SyncStatusConnector />}
      />
    );
  },
});
