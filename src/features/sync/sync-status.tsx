import { useEffect, useState } from 'react';
import { css, cva, cx } from 'styled-system/css';
import type { SyncKind } from '../../sync/status';
import type { SyncStatusView } from '../../data/use-sync-status';
import { plural } from '../../lib/format';
import { Button } from '../../ui/button';
import {
  AlertCircleIcon,
  CheckCircleIcon,
  DeviceIcon,
  SyncIcon,
  WarningTriangleIcon,
  WifiOffIcon,
} from '../../ui/icons';
import { SyncDetails } from './sync-details';

/** A background pull shows as 'Syncing…' only when it takes longer than this: no flicker, no chatter. */
export const SYNCING_SHOWN_AFTER_MS = 400;

const pill = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    minH: '8',
    px: '3',
    py: '1',
    borderRadius: 'full',
    borderWidth: '1px',
    fontSize: 'sm',
    fontWeight: 'medium',
    lineHeight: 'tight',
    minW: '0',
  },
  variants: {
    kind: {
      local: { bg: 'bg.surface', borderColor: 'border.strong', color: 'fg' },
      syncing: { bg: 'primary.subtle', borderColor: 'brand.200', color: 'primary.text' },
      synced: { bg: 'success.subtle', borderColor: 'success.border', color: 'green.700' },
      offline: { bg: 'bg.muted', borderColor: 'border.strong', color: 'fg' },
      error: { bg: 'danger.subtle', borderColor: 'danger.border', color: 'danger.hover' },
      stalled: { bg: 'yellow.50', borderColor: 'yellow.600', color: 'fg' },
    },
  },
});

const styles = {
  root: css({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '2', minW: '0' }),
  spinning: css({ animation: 'spin', animationDuration: '1.2s' }),
  stalledIcon: css({ color: 'yellow.600' }),
  label: css({ minW: '0' }),
  // A phone shows the short words; a screen reader always reads the sentence.
  wide: css({ mdDown: { srOnly: true } }),
  narrow: css({ md: { display: 'none' } }),
  waiting: css({
    px: '1.5',
    borderRadius: 'sm',
    bg: 'bg.surface/70',
    fontSize: 'xs',
    fontWeight: 'semibold',
    whiteSpace: 'nowrap',
  }),
};

/**
 * The sync state in a few words with an icon (never colour alone), the number of changes waiting,
 * a retry action when it helps, and the details (storage, conflicts, export) in a popover.
 * The words sit in a polite live region, so a change of state is announced.
 */
export function SyncStatus({ status, className }: { status: SyncStatusView; className?: string | undefined }) {
  const shown = useShownHeadline(status.kind, status.label);
  // The words on a phone, where the sentence would take two lines (Sync details has it whole).
  const short = shown.label === status.label ? status.short : undefined;
  return (
    <div className={cx(styles.root, className)} data-sync-kind={shown.kind} data-live-sync={status.liveState}>
      <p role="status" className={pill({ kind: shown.kind })}>
        <KindIcon kind={shown.kind} />
        {short ? (
          <>
            <span className={cx(styles.label, styles.wide)}>{shown.label}</span>
            <span className={cx(styles.label, styles.narrow)} aria-hidden="true">
              {short}
            </span>
          </>
        ) : (
          <span className={styles.label}>{shown.label}</span>
        )}
        {/* Held with the headline: 'All changes synced' never sits beside a change waiting. */}
        {status.pending > 0 && shown.kind !== 'synced' ? (
          <span className={styles.waiting}>{plural(status.pending, 'change')} waiting</span>
        ) : null}
      </p>
      {status.canRetry ? (
        <Button variant="secondary" size="sm" onClick={status.retry}>
          <span aria-hidden="true">↻</span> Retry
        </Button>
      ) : null}
      <SyncDetails shown={shown} status={status} />
    </div>
  );
}

/**
 * The kind and label to show: as given, except that a move into 'syncing' waits
 * SYNCING_SHOWN_AFTER_MS, so the quick pull on focus or on the 30 s timer changes nothing on
 * screen and announces nothing. Every other change shows at once.
 */
function useShownHeadline(kind: SyncKind, label: string) {
  const [shown, setShown] = useState({ kind, label });
  const held = kind === 'syncing' && shown.kind !== 'syncing';
  // Follows the props during render (React's "adjusting state when a prop changes").
  if (!held && (shown.kind !== kind || shown.label !== label)) setShown({ kind, label });
  useEffect(() => {
    if (!held) return;
    const timer = setTimeout(() => setShown({ kind, label }), SYNCING_SHOWN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [held, kind, label]);
  return held ? shown : { kind, label };
}

function KindIcon({ kind }: { kind: SyncKind }) {
  switch (kind) {
    case 'synced':
      return <CheckCircleIcon />;
    case 'syncing':
      return <SyncIcon className={styles.spinning} />;
    case 'offline':
      return <WifiOffIcon />;
    case 'error':
      return <AlertCircleIcon />;
    case 'stalled':
      return <WarningTriangleIcon className={styles.stalledIcon} />;
    case 'local':
      return <DeviceIcon />;
  }
}
