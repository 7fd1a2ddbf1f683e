import { createFileRoute } from '@tanstack/react-router';
import { SubscribePage } from '../../features/shareholder/subscribe-page';
import { SyncStatusConnector } from '../../features/sync/sync-status-connector';

// Not behind the guard: a signed-out visitor gets the spec's 'Authentication Required' card.
export const Route = createFileRoute('/shareholder/subscribe')({
  component: () => <SubscribePage syncStatus={<SyncStatusConnector />} />,
});
