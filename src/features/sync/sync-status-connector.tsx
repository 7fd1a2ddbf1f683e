import type { SyncEngine } from '../../sync/engine';
import { useSyncStatus } from '../../data/use-sync-status';
import { useUserData } from '../../data/user-data';
import { SyncStatus } from './sync-status';

/**
 * A sync status: the one hook (useSyncStatus) drawn by the one component. The signed-in user's
 * data by default; an assessment link passes its own engine.
 */
export function SyncStatusConnector({ className, engine }: { className?: string; engine?: SyncEngine | null }) {
  const data = useUserData();
  const own = engine === undefined;
  const status = useSyncStatus(own ? data?.engine : engine, own ? data?.userId : null, own ? data?.writes : null);
  return <SyncStatus className={className} status={status} />;
}
