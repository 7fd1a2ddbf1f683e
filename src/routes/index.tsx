import { createFileRoute } from '@tanstack/react-router';
import { SignInLink, SignedInHeader } from '../features/auth/signed-in-header';
import { HomePage } from '../features/marketing/home-page';
import { SyncStatusConnector } from '../features/sync/sync-status-connector';

export const Route = createFileRoute('/')({
  component: () => (
    <HomePage header={<SignedInHeader syncStatus={<SyncStatusConnector />} />} action={<SignInLink />} />
  ),
});
