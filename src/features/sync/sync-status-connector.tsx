import { useSyncStatus, useUserData } from '../../data/user-data';
import { SyncStatus } from '../../ui/sync-status';

/** The signed-in user's sync status: the one hook (useSyncStatus) drawn by the one component. */
export function SyncStatusConnector({ className }: { className?: string }) {
  const data = useUserData();
  const status = useSyncStatus(data?.engine);
  return (
    <SyncStatus
      className={className}
      kind={status.kind}
      label={status.label}
      pending={status.pending}
      error={status.error}
      conflicts={status.conflicts}
      canRetry={status.canRetry}
      canExport={status.canExport}
      storage={status.storage}
      onRetry={status.retry}
      onExport={status.exportUnsynced}
    />
  );
}
