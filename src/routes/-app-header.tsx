import { SignedInHeader } from '../features/auth/signed-in-header';
import { SyncStatusConnector } from '../features/sync/sync-status-connector';

/** The signed-in header with the user's sync status: the app pages' and the home page's. */
export const AppHeader = () => <SignedInHeader syncStatus={<SyncStatusConnector />} />;
