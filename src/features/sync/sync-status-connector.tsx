import type { SyncEngine } from '../../data/sync-engine';
import { useSyncStatus, useUserData } from '../../data/user-data';
import { SyncStatus } from '../../ui/sync-status';

/**
 * A sync status: the one hook (useSyncStatus) drawn by the one component. The signed-in user's
 * data by default; an assessment link passes its own engine.
 */
export function SyncStatusConnector({ className, engine }: { className?: string; engine?: SyncEngine | null }) {
  const data = useUserData();
  const status = useSyncStatus(engine === undefined ? data?.engine : engine);
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
