import { createFileRoute } from '@tanstack/react-router';
import { AuthGuard } from '../features/auth/auth-guard';
import { SignedInHeader } from '../features/auth/signed-in-header';
import { SyncStatusConnector } from '../features/sync/sync-status-connector';

// Pathless layout: every route under _authed/ needs a signed-in user, and shows the app header.
export const Route = createFileRoute('/_authed')({
  component: () => <AuthGuard header={<SignedInHeader syncStatus={<SyncStatusConnector />} />} />,
});
