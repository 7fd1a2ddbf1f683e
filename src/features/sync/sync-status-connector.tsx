import { useSyncStatus, type SyncSource } from '../../data/use-sync-status';
import { useUserData } from '../../data/user-data';
import { SyncStatus } from './sync-status';

/**
 * A sync status: the one hook (useSyncStatus) drawn by the one component. The signed-in user's
 * data by default; an assessment link passes its own.
 */
export function SyncStatusConnector({ className, source }: { className?: string; source?: SyncSource }) {
  const data = useUserData();
  const status = useSyncStatus(
    source ? source.engine : data?.engine,
    source ? null : data?.userId,
    source ? source.writes : data?.writes,
  );
  return <SyncStatus className={className} status={status} />;
}
